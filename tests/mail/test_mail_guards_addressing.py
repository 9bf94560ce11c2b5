"""Loop/bounce guards, the per-sender rate limit, and which game a mail names."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from arbitro.mail.intake.addressing import (
    GameRef,
    find_game,
    find_games,
    game_address,
    plus_tag,
    relay_address,
    split_tag,
)
from arbitro.mail.intake.guards import RateLimiter, should_not_answer
from arbitro.mail.mime.message import InboundMail, parse_inbound

EML = Path(__file__).parent / "eml"
REFEREE = "arbitro@example.org"
GAMES = {"milano1", "roma2", "firenze", "milano1-bis"}


def load(name: str) -> InboundMail:
    return parse_inbound((EML / f"{name}.eml").read_bytes())


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("auto_reply_vacation", "Auto-Submitted"),
        ("auto_reply_x_autoreply", "X-Autoreply"),
        ("bounce_dsn", "Auto-Submitted"),
        ("bounce_postmaster_plain", "robot sender"),
        ("mailing_list", "Precedence: list"),
        ("precedence_bulk_newsletter", "Precedence: bulk"),
        ("no_from", "no usable From"),
        ("referee_loop", "loop header"),
        ("from_referee_itself", "referee itself"),
    ],
)
def test_silent_on(name: str, reason: str) -> None:
    got = should_not_answer(load(name), [REFEREE])
    assert got is not None and reason in got


@pytest.mark.parametrize(
    "name",
    [
        "it_iphone_plain",
        "html_only_outlook",
        "cc_other_players",
        "encoded_word_tricks",
        "broken_mime_no_boundary",
        "nul_bytes",
        "english_orders",
        "relay_alias",
    ],
)
def test_answers_people(name: str) -> None:
    assert should_not_answer(load(name), [REFEREE]) is None


def raw_mail(headers: str, sender: str = "p@example.it") -> InboundMail:
    return parse_inbound(
        f"From: {sender}\r\nTo: {REFEREE}\r\n{headers}Subject: x\r\n\r\nA VEN H\r\n".encode()
    )


@pytest.mark.parametrize(
    ("headers", "sender", "silent"),
    [
        ("Auto-Submitted: no\r\n", "p@example.it", False),
        ("Auto-Submitted: auto-generated\r\n", "p@example.it", True),
        ("Precedence: junk\r\n", "p@example.it", True),
        ("Precedence: first-class\r\n", "p@example.it", False),
        ("List-Id: <l.example.net>\r\n", "p@example.it", True),
        ("Return-Path: <>\r\n", "p@example.it", True),
        ("", "MAILER-DAEMON@example.net", True),
        ("", "no-reply@example.net", True),
        ("", "noreply-alerts@example.net", True),
        ("", "Arbitro@Example.org", True),
        ("", "arbitro+roma2@example.org", True),
        ("", "arbitro@another.org", False),  # same name, another domain: a person
        ("", "arbitrone@example.org", False),
        ("X-Loop: arbitro@example.org\r\n", "p@example.it", True),
        ("X-Loop: other@example.net\r\n", "p@example.it", False),
    ],
)
def test_guard_cases(headers: str, sender: str, silent: bool) -> None:
    assert (should_not_answer(raw_mail(headers, sender), [REFEREE]) is not None) is silent


def test_rate_limiter_window() -> None:
    t0 = datetime(2025, 3, 1, tzinfo=UTC)
    limit = RateLimiter(3, timedelta(hours=1))
    assert [limit.allow("P@example.it", t0 + timedelta(minutes=i)) for i in range(5)] == [
        True,
        True,
        True,
        False,
        False,
    ]
    assert limit.allow("q@example.it", t0)  # per sender
    # denied attempts do not extend the window: an hour after the first, one slot frees
    assert limit.allow("p@example.it", t0 + timedelta(minutes=60))
    assert not limit.allow("p@example.it", t0 + timedelta(minutes=60, seconds=30))


def test_rate_limiter_forgets_quiet_senders() -> None:
    t0 = datetime(2025, 3, 1, tzinfo=UTC)
    limit = RateLimiter(2, timedelta(minutes=10))
    for i in range(999):
        limit.allow(f"s{i}@example.it", t0)
    limit.allow("late@example.it", t0 + timedelta(hours=1))  # the 1000th call sweeps
    assert len(limit) == 1


# -- addressing ---------------------------------------------------------------------------


def test_builders() -> None:
    assert game_address(REFEREE, "milano1") == "arbitro+milano1@example.org"
    assert game_address(REFEREE, "milano1", "-") == "arbitro-milano1@example.org"
    assert game_address(REFEREE, "milano1", "") == REFEREE
    assert relay_address(REFEREE, "milano1", "Francia") == "arbitro+milano1-francia@example.org"
    with pytest.raises(ValueError):
        relay_address(REFEREE, "milano1", "francia", "")


@pytest.mark.parametrize(
    ("address", "separator", "tag"),
    [
        ("arbitro+milano1@example.org", "+", "milano1"),
        ("Arbitro+Milano1@EXAMPLE.org", "+", "milano1"),
        ("arbitro-milano1@example.org", "-", "milano1"),
        ("arbitro+milano1@other.org", "+", None),
        ("arbitro@example.org", "+", None),
        ("arbitrone+milano1@example.org", "+", None),
        ("arbitro+milano1@example.org", "", None),
        ("arbitro+bad!tag@example.org", "+", None),
    ],
)
def test_plus_tag(address: str, separator: str, tag: str | None) -> None:
    assert plus_tag(address, REFEREE, separator) == tag


@pytest.mark.parametrize(
    ("tag", "expected"),
    [
        ("milano1", ("milano1", None)),
        ("milano1-francia", ("milano1", "francia")),
        ("milano1-bis", ("milano1-bis", None)),  # a game id with "-" wins whole
        ("milano1-bis-russia", ("milano1-bis", "russia")),
        ("napoli-francia", ("napoli-francia", None)),  # no known game: left whole
    ],
)
def test_split_tag(tag: str, expected: tuple[str, str | None]) -> None:
    assert split_tag(tag, GAMES) == expected


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("plus_address_game", GameRef("milano1", None, "address")),
        ("delivered_to_bcc", GameRef("milano1", None, "address")),
        ("relay_alias", GameRef("milano1", "francia", "address")),
        ("subject_tag_game", GameRef("roma2", None, "subject")),
        ("body_partita_line", GameRef("firenze", None, "body")),
        ("english_orders", GameRef("milano1", None, "subject")),
        ("reply_quoted_history", GameRef("milano1", None, "subject")),  # not the quoted roma9
        ("mailing_list", None),  # "[diplomacy-it]" is no game of ours
        ("it_iphone_plain", None),
    ],
)
def test_find_game_in_corpus(name: str, expected: GameRef | None) -> None:
    assert find_game(load(name), REFEREE, "+", GAMES) == expected


def test_all_names_strongest_first() -> None:
    mail = parse_inbound(
        b"From: p@example.it\r\nTo: arbitro+roma2@example.org\r\nSubject: [milano1] ordini\r\n\r\n"
        b"Partita: firenze\r\n> GAME roma9\r\nA VEN H\r\n"
    )
    assert [(g.game, g.source) for g in find_games(mail, REFEREE, "+", GAMES)] == [
        ("roma2", "address"),
        ("milano1", "subject"),
        ("firenze", "body"),
    ]
    # without the list of games every plausible name is reported
    assert [g.game for g in find_games(mail, REFEREE)] == ["roma2", "milano1", "firenze"]
