"""One set of mail templates for every language, every word in the catalogs (issue 26,
Build 6): every mail rendered in every language through every branch, strictly (a message
the reader's catalog lacks or a slot left unfilled fails), with contexts from real games
(mail_contexts.py); and a fourth language added by writing one catalog, nothing else."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from language_checks import check
from mail_contexts import TEMPLATES, variants

from arbitro.reports import templates as templates_module
from arbitro.reports.examples import example_orders
from arbitro.reports.templates import MAIL, SUFFIX, TEMPLATES_DIR, MailTemplates
from arbitro.words import languages
from arbitro.words.catalog import catalog

LANGS = languages()
FOLDER = TEMPLATES_DIR / MAIL
# A catalog key as a template names it: "mail.results.heading"; one ending in a dot is the
# head of keys built from a value ("status.game." ~ game_status).
_KEY = re.compile(r'"([a-z_]+(?:\.[a-z0-9_]+)+\.?)"')


def template_keys(name: str) -> tuple[set[str], set[str]]:
    """The keys a template names (read from its file) and the heads of the keys it builds."""
    found = set(_KEY.findall((FOLDER / f"{name}{SUFFIX}").read_text(encoding="utf-8")))
    return {k for k in found if not k.endswith(".")}, {k for k in found if k.endswith(".")}


def machine_text(context: dict[str, Any]) -> tuple[str, ...]:
    """What a mail quotes for programs, as it is: the judges' layout, the draw's recipes."""
    draw = context.get("draw") or {}
    return (context.get("judge") or "", draw.get("powers_recipe") or "", draw.get("players_recipe") or "")


@pytest.fixture
def used(monkeypatch: pytest.MonkeyPatch) -> Iterator[set[str]]:
    """The keys the strict renderer looked up while the test ran."""
    seen: set[str] = set()
    say, nsay = templates_module.say_strict, templates_module.nsay_strict

    def said(lang: str, key: str, *args: Any, **values: Any) -> str:
        seen.add(key)
        return say(lang, key, *args, **values)

    def nsaid(lang: str, key: str, n: int, **values: Any) -> str:
        seen.add(key)
        return nsay(lang, key, n, **values)

    monkeypatch.setattr(templates_module, "say_strict", said)
    monkeypatch.setattr(templates_module, "nsay_strict", nsaid)
    yield seen


def test_one_set_of_templates_and_no_folder_per_language() -> None:
    folders = {p.name for p in TEMPLATES_DIR.iterdir() if p.is_dir()}
    assert folders == {MAIL, "site"}, folders
    assert MailTemplates().names() == sorted(TEMPLATES)  # every mail has its contexts below
    for lang in LANGS:
        assert MailTemplates().names(lang) == sorted(TEMPLATES)


@pytest.mark.parametrize("name", TEMPLATES)
def test_every_key_a_template_names_is_in_every_catalog(name: str) -> None:
    keys, heads = template_keys(name)
    for lang in LANGS:
        own = {m.id if isinstance(m.id, str) else m.id[0] for m in catalog(lang) if m.id}
        missing = sorted(k for k in keys if k not in own)
        assert not missing, f"{name}: {lang} catalog lacks {missing}"
        for head in heads:
            assert any(k.startswith(head) for k in own), f"{name}: {lang} has no {head}*"


@pytest.mark.parametrize("name", TEMPLATES)
@pytest.mark.parametrize("lang", LANGS)
def test_every_mail_reads_in_its_language(lang: str, name: str, used: set[str]) -> None:
    templates = MailTemplates(strict=True)
    contexts = variants(name, lang)
    for i, context in enumerate(contexts):
        mail = templates.render(name, lang, context)
        check(mail.subject + "\n" + mail.body, lang, f"{name}[{i}]", raw=machine_text(context))
        assert "\n" not in mail.subject and mail.subject.strip() == mail.subject, (name, i, mail.subject)
        # The subject is its own line: a block tag ending it must not pull the greeting up
        # into it (the reminder once read "...(Spring 1901)Hello Mario,").
        assert "Mario" not in mail.subject, (name, i, mail.subject)
        assert "\n\n\n" not in mail.body, (name, i)
    # every branch of the template was rendered: each message it names was said
    keys, heads = template_keys(name)
    assert keys <= used, f"{name}: branches never rendered: {sorted(keys - used)}"
    assert all(any(k.startswith(h) for k in used) for h in heads)


def test_a_language_missing_a_message_is_caught(tmp_path: Path) -> None:
    """The strict renderer refuses a message the reader's own catalog lacks (service
    mail would read it in English), so the test above can fail."""
    from arbitro.words import MissingWords, say_checked

    with pytest.raises(MissingWords):
        say_checked("it", "mail.no_such_message")
    with pytest.raises(MissingWords):
        say_checked("it", "mail.results.heading", phase="x")  # {game} left unfilled


# -- a fourth language ------------------------------------------------------------------

OPEN, CLOSE = "\u27e6", "\u27e7"  # ⟦ ⟧ around every word the catalog gives


@pytest.fixture
def fourth(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A French catalog written here, beside the shipped ones (a copy of the locale folder):
    every English message, marked, so that any word a template writes itself shows."""
    import shutil

    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    from arbitro.words import catalog as cat_module
    from arbitro.words import names as names_module

    locale = tmp_path / "locale"
    shutil.copytree(cat_module.LOCALE_DIR, locale)
    fr = Catalog(locale="fr", domain="arbitro")
    for m in catalog("en"):
        if not m.id:
            continue
        key = m.id if isinstance(m.id, str) else m.id[0]
        if key.startswith(("date.", "grammar.")):
            fr.add(m.id, m.string)  # patterns and switches, not words
        elif isinstance(m.id, str):
            fr.add(m.id, f"{OPEN}{m.string}{CLOSE}")
        else:
            forms = [f"{OPEN}{s}{CLOSE}" for s in m.string]
            fr.add(m.id, tuple(forms + forms[-1:] * (fr.num_plurals - len(forms))))
    folder = locale / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with (folder / "arbitro.po").open("wb") as fh:
        write_po(fh, fr)

    def clear() -> None:
        for f in (cat_module.languages, cat_module.catalog, cat_module.translations,
                  names_module._grammar, templates_module._environment):
            f.cache_clear()

    monkeypatch.setattr(cat_module, "LOCALE_DIR", locale)
    clear()
    yield "fr"
    monkeypatch.undo()
    clear()


def _words_of(value: Any) -> set[str]:
    """Every word the context itself carries (names, dates, orders, the player's text)."""
    if isinstance(value, str):
        return set(re.findall(r"[^\W\d_]+", value))
    if isinstance(value, dict):
        return set().union(*map(_words_of, value.values())) if value else set()
    if isinstance(value, (list, tuple)):
        return set().union(*map(_words_of, value)) if value else set()
    return set()


def _outside_the_catalog(text: str) -> str:
    """The text with every catalog message taken out (messages nest: a list's words in a
    sentence), leaving what the template or the values wrote."""
    while True:
        inner = re.sub(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}", " ", text)
        if inner == text:
            return text
        text = inner


# Not words of any language: the mail's own conventions and the program's name.
_CONVENTIONS = {"Re", "GM", "arbitro"}


@pytest.mark.parametrize("name", TEMPLATES)
def test_a_fourth_language_is_one_catalog_and_gets_every_mail(fourth: str, name: str) -> None:
    assert fourth in languages()
    templates = MailTemplates(strict=True)
    for i, context in enumerate(variants(name, fourth)):
        mail = templates.render(name, fourth, context)
        text = mail.subject + "\n" + mail.body
        assert OPEN in text, (name, i)
        # the example orders are values too: codes in the reader's notation (reports/examples.py)
        examples = [e["order"] for which in ("help", "welcome") for e in example_orders(which, fourth)]
        stray = (set(re.findall(r"[^\W\d_]+", _outside_the_catalog(text))) - _words_of(context)
                 - _words_of(examples) - _CONVENTIONS)
        assert not stray, f"{name}[{i}]: words written by the template, not the catalog: {sorted(stray)}\n{text}"
