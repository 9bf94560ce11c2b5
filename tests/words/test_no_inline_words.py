"""No word for players in code (issue 26's acceptance): every word a player reads comes from
a catalog (arbitro/words/locale), never from a string literal in a ``.py`` file.

The scan reads every string literal of ``arbitro/`` outside ``arbitro/words/`` (docstrings
aside) and fails on:

- an Italian or Russian word anywhere (Cyrillic, an Italian accented letter, a word of the
  Italian lexicon below);
- English prose where text reaches players (mail commands and rules, press, service,
  reports, render, site), outside what is said to operators (log lines, exceptions).

Allowed, and why (the allow-list is small on purpose):

- what the reader *matches*, not says: members of a literal collection of strings (command
  words, fillers, name tables: ``words = frozenset({"stato", "status", "статус"})``), word
  lists split from one string, and regular expressions;
- the reader's vocabularies, whole files: the words it reads orders, powers and phases
  with (``VOCABULARIES``);
- the notation tables players write orders in and the reader reads back (``NOTATIONS``);
- codes and conventions that are no one's words (``CODES``);
- the notes a handler keeps for operators (``OPERATOR_NOTES``: the inbound row's outcome,
  in the log and the GM's tools, never in a mail).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import arbitro

PACKAGE = Path(arbitro.__file__).parent
# Where strings can reach a player's mail or page (the rest of mail/ talks to operators:
# MIME defects, SMTP and IMAP states, OAuth2 prompts on the terminal).
PLAYER_TEXT = ("mail/intake/commands/", "mail/intake/rules.py", "press/", "service/", "reports/",
               "render/", "site/")

# Words only Italian has (none is an English word): what gives away an Italian sentence.
ITALIAN = frozenset("""
    gli della dello delle degli nella nello alla allo dalla sulla una uno che
    sono partita partite immagine immagini ordini ordine nazione nazioni costa nord sud ovest
    fermo armata flotta mappa scadenza giocatore giocatori fase turno risultati centri unità
    ritirata ritirate sciolta inverno primavera autunno movimenti sommossa fatto eseguito
    prova anteprima stampa anonimo anonima nessuno nessuna tutti tutte ciao grazie
""".split())
_ACCENT = re.compile(r"[àèéìòùÀÈÉÌÒÙ]")
_CYRILLIC = re.compile(r"[\u0400-\u04ff]")
_PROSE = re.compile(r"[A-Za-z]{2,}[,.;:']? +[A-Za-z]{2,}")
_REGEX = re.compile(r"\\[sSbBwWd]|\(\?[:=!i]|\[\^|\|")
_MARKUP = re.compile(r"<\w|=\"")  # SVG and HTML written by code: attributes, not words

# The reader's vocabularies: the words it reads, in every language it reads.
VOCABULARIES = frozenset({
    "diplomacy/order_words.py", "diplomacy/power_words.py", "diplomacy/phase_words.py",
    "diplomacy/russian.py", "diplomacy/power_reading.py",
    "diplomacy/reading/lines.py", "diplomacy/reading/words.py", "diplomacy/reading/grammar.py",
    "diplomacy/reading/feedback.py", "diplomacy/reading/resolve.py",
    # other programs' file formats, read as those programs write them
    "variant_import/realpolitik.py", "variant_import/dpjudge.py",
})
# Orders as players write them, in each language's notation (read back by the reader).
NOTATIONS = frozenset({"diplomacy/orders.py", "diplomacy/notation.py"})
# The demo plays as players do: its game is configured as a GM writes it, its players
# mail as players mail.
DEMO = frozenset({"dev/demo.py", "dev/bots.py", "dev/send.py", "cli/dev.py"})
# Not words: the fonts an SVG asks for, iCalendar's fixed lines, the judges' English layout
# read by programs (reports/judge.py says why).
CODES = frozenset({"render/svg.py", "reports/calendar.py", "reports/judge.py"})
# What a mail command or the press relay returns as the inbound row's outcome: a note for
# operators (the log, `arbitro gm`), never a player's text.
OPERATOR_NOTES = re.compile(
    r"^(gm status|gm preview refused|preferences ok|ballot for |absences cancelled: |press refused: |"
    r"press relayed: |password changed|address move asked|address moved|already observing|"
    r"observing no more| not ready| - game ended|rate limited|copy of a sent mail|copy of outbox |"
    r": confirmed sent|unknown command |bounce of |a rule before this one answers mail of no game|"
    r"the last rule always decides)"
)
_LOG_CALLS = frozenset({"debug", "info", "warning", "error", "exception", "critical", "log"})


def _literals(path: Path) -> Iterator[tuple[int, str]]:
    """The string literals of a module that could be words: docstrings, log lines, the
    messages of exceptions (for operators), collections of strings and patterns (what the
    reader matches) left out."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare) or (
                isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr in {"endswith", "startswith"}):
            skip.update(id(n) for n in ast.walk(node))  # text compared with, never written
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                skip.add(id(body[0].value))
        elif isinstance(node, ast.Raise):
            skip.update(id(n) for n in ast.walk(node))
        elif isinstance(node, ast.Call):
            f = node.func
            name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
            if name in _LOG_CALLS or name.endswith(("Error", "Exception")) or (
                    isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and f.value.id == "re"):
                skip.update(id(n) for n in ast.walk(node))
        elif isinstance(node, ast.keyword) and node.arg == "note":
            skip.update(id(n) for n in ast.walk(node.value))  # a Reply's note: for the log
        elif isinstance(node, ast.Attribute) and node.attr == "split" and isinstance(node.value, ast.Constant):
            skip.add(id(node.value))  # "di del della".split(): a word list the reader matches
        elif isinstance(node, (ast.Set, ast.Tuple, ast.List)) and len(node.elts) > 1 and all(
                isinstance(e, ast.Constant) and isinstance(e.value, str) for e in node.elts):
            skip.update(id(e) for e in node.elts)
        elif isinstance(node, ast.Dict) and node.keys and all(
                isinstance(k, ast.Constant) and isinstance(k.value, str) for k in node.keys):
            skip.update(id(k) for k in node.keys if k is not None)
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            text = node.value
            if _REGEX.search(text) or _MARKUP.search(text):
                continue
            yield node.lineno, text


def _findings() -> list[str]:
    out = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        floor = rel.split("/")[0]
        if floor == "words" or rel in VOCABULARIES | NOTATIONS | DEMO | CODES:
            continue
        for line, text in _literals(path):
            words = set(re.findall(r"[^\W\d_]+", text.lower()))
            if _CYRILLIC.search(text) or _ACCENT.search(text) or words & ITALIAN:
                out.append(f"{rel}:{line}: {text!r}")
            elif rel.startswith(PLAYER_TEXT) and _PROSE.search(text) and not OPERATOR_NOTES.search(text):
                out.append(f"{rel}:{line}: {text!r}")
    return out


def test_no_word_for_players_is_written_in_code() -> None:
    findings = _findings()
    assert not findings, "words for players belong in the catalogs:\n" + "\n".join(findings)


def test_the_scan_sees_an_inline_word(tmp_path: Path) -> None:
    """The scan itself: a word in a sentence is found, what the reader matches is not."""
    sample = tmp_path / "sample.py"
    sample.write_text(
        'WORDS = frozenset({"stato", "status", "статус"})\n'
        'NAME = f"{\'immagine\' if lang == \'it\' else \'image\'}-1.png"\n'
        'LINE = re.compile(r"^(partita|game)\\b")\n'
        'HELLO = "Привет"\n', encoding="utf-8")
    texts = [t for _, t in _literals(sample)]
    assert "stato" not in texts and "статус" not in texts  # command words the reader matches
    assert "immagine" in texts and "Привет" in texts


# -- the templates ----------------------------------------------------------------------

TEMPLATES = PACKAGE.parent / "templates"
# A mail's header line and the tags of a subject: conventions, not words of a language.
TEMPLATE_CONVENTIONS = frozenset({"Subject", "Re", "GM", "arbitro"})
_JINJA = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", re.DOTALL)
_STRING = re.compile(r"\"([^\"]*)\"|'([^']*)'")


def _template_findings(path: Path) -> list[str]:
    source = path.read_text(encoding="utf-8")
    out = []
    # what the template writes itself, outside its expressions and HTML tags
    text = re.sub(r"<[^>]*>", " ", _JINJA.sub(" ", source))
    for word in sorted(set(re.findall(r"[^\W\d_]+", text)) - TEMPLATE_CONVENTIONS):
        out.append(f"{path.relative_to(TEMPLATES)}: {word!r}")
    # the strings inside its expressions: catalog keys, codes, separators, never words
    for expression in _JINJA.findall(source):
        for a, b in _STRING.findall(expression):
            literal = a or b
            words = set(re.findall(r"[^\W\d_]+", literal.lower()))
            if _CYRILLIC.search(literal) or _ACCENT.search(literal) or words & ITALIAN or (
                    _PROSE.search(literal) and not re.fullmatch(r"[a-z_.]+", literal)):
                out.append(f"{path.relative_to(TEMPLATES)}: {literal!r}")
    return out


def test_no_template_writes_a_word() -> None:
    """Every mail and page template takes its words from the catalogs: outside its Jinja2
    expressions there are only slots, punctuation and the mail's conventions."""
    paths = sorted(TEMPLATES.rglob("*.j2"))
    assert any(p.parent.name == "site" for p in paths) and any(p.parent.name == "mail" for p in paths)
    findings = [f for p in paths for f in _template_findings(p)]
    assert not findings, "words belong in the catalogs:\n" + "\n".join(findings)
