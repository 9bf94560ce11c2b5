"""Mail texts from Jinja2 templates: one set for every language, templates/mail/<name>.txt.j2.

A template holds no word of any language: every sentence is a catalog message with named
slots (``{{ _("mail.results.heading", phase=phase_name, game=game.name) }}``), plurals
through ``ngettext``, read from the reader's catalog (arbitro/words). Italian names take
their articles in the message itself (``{power:per}``, grammar.py); several names travel as
one slot with the ``nouns`` filter. So a language is one catalog: every language with a
catalog gets every mail.

A template's first line is ``Subject: ...``; the rest, after one blank line, is the body.
Plain text for phones: no HTML, short lines.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined

from ..words import lang_of, nsay, say
from ..words import nsay_checked as nsay_strict
from ..words import say_checked as say_strict
from ..words.grammar import nouns, prep, upfirst
from .examples import example_orders

TEMPLATES_DIR = Path(
    os.environ.get("ARBITRO_TEMPLATES", Path(__file__).resolve().parent.parent.parent / "templates")
)
MAIL = "mail"  # the folder of the one set of mail templates, under TEMPLATES_DIR
SUFFIX = ".txt.j2"

# What a template is filled with: the one edge where values become loose names for Jinja2.
TemplateContext = Mapping[str, Any]


@dataclass(frozen=True)
class RenderedMail:
    subject: str
    body: str


class MailTemplates:
    """The mail templates, one Jinja2 environment per language over the same files.

    StrictUndefined makes a missing value a bug the tests see, not a blank in a player's
    mail. ``strict`` (the tests) also refuses a message the reader's own catalog lacks or
    a slot left unfilled (words.MissingWords); in service a missing message reads in
    English, as the catalogs fall back."""

    def __init__(self, directory: Path | str = TEMPLATES_DIR, *, strict: bool = False) -> None:
        self.directory = Path(directory)
        self.strict = strict

    @property
    def folder(self) -> Path:
        return self.directory / MAIL

    def render(self, name: str, lang: str, context: TemplateContext) -> RenderedMail:
        env = _environment(str(self.folder), lang_of(lang), self.strict)
        text = env.get_template(f"{name}{SUFFIX}").render(**context)
        first, _, rest = text.partition("\n")
        if not first.startswith("Subject:"):
            raise ValueError(f"template {name} must start with a Subject: line")
        body = rest.lstrip("\n").rstrip() + "\n"
        return RenderedMail(first[len("Subject:"):].strip(), _squeeze(body))

    def names(self, lang: str | None = None) -> list[str]:
        """Every mail there is; the same in every language (``lang`` is kept for callers
        that ask per language)."""
        return sorted(p.name[: -len(SUFFIX)] for p in self.folder.glob(f"*{SUFFIX}"))


@functools.cache
def _environment(folder: str, lang: str, strict: bool) -> Environment:
    """One environment per language and process: compiled templates are reused when the
    daemon opens a new Referee (restarts, tests)."""
    env = Environment(
        loader=FileSystemLoader(folder),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        autoescape=False,
        extensions=["jinja2.ext.i18n"],
    )

    def gettext(key: str, *args: Any, **values: Any) -> str:
        return say_strict(lang, key, *args, **values) if strict else say(lang, key, *args, **values)

    def ngettext(key: str, n: int, **values: Any) -> str:
        return nsay_strict(lang, key, n, **values) if strict else nsay(lang, key, n, **values)

    env.install_gettext_callables(gettext, ngettext)  # type: ignore[attr-defined]
    env.filters["prep"] = prep  # {{ power_name|prep("per") }} -> "per la Francia"
    env.filters["upfirst"] = upfirst
    env.filters["nouns"] = nouns  # a list of names as one slot: {powers:Il}
    env.globals["examples"] = functools.partial(example_orders, lang=lang)  # in the reader's notation
    env.filters["phase_kind"] = _phase_kind
    return env


def _phase_kind(name: object) -> str:
    """M, R or A for a phase's name (words.names.PhaseName); M for no phase ("-")."""
    kind = getattr(name, "kind", "M")
    return kind if isinstance(kind, str) else "M"


def _squeeze(body: str) -> str:
    """At most one blank line in a row (optional template parts leave gaps)."""
    out: list[str] = []
    for line in body.splitlines():
        line = line.rstrip()
        if not line and out and not out[-1]:
            continue
        out.append(line)
    return "\n".join(out).strip("\n") + "\n"
