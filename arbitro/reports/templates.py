"""Mail texts from Jinja2 templates: templates/<lang>/<name>.txt.j2.

A template's first line is ``Subject: ...``; the rest, after one blank line, is the body.
Plain text for phones: no HTML, short lines. Long mails have one template per language;
short words come from the language's catalog through Jinja2's i18n extension
(``{{ _("status.active") }}``, ``{{ ngettext("duration.hours", n) }}``, arbitro/words).
"""

from __future__ import annotations

import functools
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined

from ..words import DEFAULT, lang_of, languages, nsay, say
from ..words.grammar import prep, upfirst

TEMPLATES_DIR = Path(
    os.environ.get("ARBITRO_TEMPLATES", Path(__file__).resolve().parent.parent.parent / "templates")
)

def _languages(directory: Path) -> tuple[str, ...]:
    """Languages with both a catalog and a folder of templates."""
    return tuple(lang for lang in languages() if (directory / lang).is_dir())


# What a template is filled with: the one edge where values become loose names for Jinja2.
TemplateContext = Mapping[str, Any]


@dataclass(frozen=True)
class RenderedMail:
    subject: str
    body: str


class MailTemplates:
    """One Jinja2 environment per language; StrictUndefined makes a missing value a bug
    the tests see, not a blank in a player's mail."""

    def __init__(self, directory: Path | str = TEMPLATES_DIR) -> None:
        self.directory = Path(directory)
        self._envs = {lang: _environment(str(self.directory / lang), lang)
                      for lang in _languages(self.directory)}

    def render(self, name: str, lang: str, context: TemplateContext) -> RenderedMail:
        env = self._envs.get(lang_of(lang)) or self._envs[DEFAULT]
        text = env.get_template(f"{name}.txt.j2").render(**context)
        first, _, rest = text.partition("\n")
        if not first.startswith("Subject:"):
            raise ValueError(f"template {lang}/{name} must start with a Subject: line")
        body = rest.lstrip("\n").rstrip() + "\n"
        return RenderedMail(first[len("Subject:"):].strip(), _squeeze(body))

    def names(self, lang: str) -> list[str]:
        return sorted(p.name[: -len(".txt.j2")] for p in (self.directory / lang).glob("*.txt.j2"))


@functools.cache
def _environment(folder: str, lang: str) -> Environment:
    """One environment per folder and process: compiled templates are reused when the
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
        return say(lang, key, *args, **values)

    def ngettext(key: str, n: int, **values: Any) -> str:
        return nsay(lang, key, n, **values)

    env.install_gettext_callables(gettext, ngettext)  # type: ignore[attr-defined]
    env.filters["prep"] = prep  # {{ power_name|prep("per") }} -> "per la Francia"
    env.filters["upfirst"] = upfirst
    return env


def _squeeze(body: str) -> str:
    """At most one blank line in a row (optional template parts leave gaps)."""
    out: list[str] = []
    for line in body.splitlines():
        line = line.rstrip()
        if not line and out and not out[-1]:
            continue
        out.append(line)
    return "\n".join(out).strip("\n") + "\n"
