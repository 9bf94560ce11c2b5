"""The handler's checks as named rules applied in order (the Mailman model): the first
rule that decides ends the chain, and each kind of mail is decided by the rule named for
it (R-MAIL-1, R-MAIL-2)."""

from __future__ import annotations

import logging

import pytest
from mail.test_commands_handler import NOW, mail, password_of, setup  # noqa: F401 — fixture

from arbitro.mail.intake.rules import RULES, Handled, Rule, route
from arbitro.store import InboundStatus


def test_the_chain_stops_at_the_first_rule_that_decides():
    asked: list[str] = []

    def passes(name: str) -> Rule:
        return Rule(name, lambda a: asked.append(name))  # type: ignore[func-returns-value]

    def decides(name: str) -> Rule:
        return Rule(name, lambda a: asked.append(name) or Handled(InboundStatus.IGNORED, name))

    rule, done = route(object(), (passes("a"), decides("b"), decides("c")))  # type: ignore[arg-type]
    assert (rule.name, done.note, asked) == ("b", "b", ["a", "b"])


def test_the_rules_run_in_the_documented_order_and_the_command_is_last():
    assert [r.name for r in RULES] == [
        "own-copy", "no-sender", "robot", "rate-limit", "help", "unknown-game", "too-big", "press",
        "gm-only", "unauthenticated", "copied", "unknown-word", "command",
    ]


def _decided_by(caplog, handler, raw, **kw) -> str:
    caplog.clear()
    with caplog.at_level(logging.DEBUG, logger="arbitro.mail"):
        handler.handle(raw, NOW, **kw)
    (line,) = [r.getMessage() for r in caplog.records if "decided by" in r.getMessage()]
    return line.split("decided by the ")[1].removesuffix(" rule")


@pytest.mark.parametrize(
    ("who", "body", "extra", "rule"),
    [
        ("ITALY", "PASSWORD {pw}\nA Ven - Tri", {}, "command"),
        ("ITALY", "A Ven - Tri", {}, "unauthenticated"),  # R-MAIL-2
        ("ITALY", "PASSWORD nope\nA Ven - Tri", {}, "unauthenticated"),
        ("ITALY", "PASSWORD {pw}\nA Ven - Tri", {"cc": "FRANCE"}, "copied"),  # R-MAIL-1
        ("ITALY", "Sono in vacanza", {"headers": {"Auto-Submitted": "auto-replied"}}, "robot"),
        ("ITALY", "PASSWORD {pw}", {"subject": "PROROGA 2d"}, "gm-only"),
        ("ITALY", "PASSWORD {pw}\nFOOBAR subito", {}, "unknown-word"),
        ("stranger@else.example", "A Par - Bur", {"to": "arbitro@example.org"}, "unknown-game"),
    ],
)
def test_each_mail_is_decided_by_its_rule(setup, caplog, who, body, extra, rule):  # noqa: F811
    _, _, handler, holders, _ = setup
    sender = holders.get(who, who)
    if "cc" in extra:
        extra = {**extra, "cc": holders[extra["cc"]]}
    raw = mail(sender, body.format(pw=password_of(sender)), **extra)
    assert _decided_by(caplog, handler, raw) == rule


def test_a_mail_over_the_size_cap_is_decided_before_anything_is_read(setup, caplog):  # noqa: F811
    _, _, handler, holders, _ = setup
    raw = mail(holders["ITALY"], "x" * 100)
    assert _decided_by(caplog, handler, raw, size=50 * 1024 * 1024) == "too-big"
