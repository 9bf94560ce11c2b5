"""Words for players, in the reader's language: gettext catalogs read through Babel.

The rules core keeps reason codes and their arguments as data; the edges (service, mail,
press, reports, render, cli) turn them into text here. See catalog.py for the files and
grammar.py for how Italian names take their articles.
"""

from __future__ import annotations

from typing import Any

from .catalog import DEFAULT, has, lang_of, languages, translations
from .grammar import noun

__all__ = ["DEFAULT", "has", "lang_of", "languages", "nsay", "say", "translations"]


def say(lang: str | None, key: str, *args: Any, **values: Any) -> str:
    """The message ``key`` in ``lang`` with its slots filled; an unknown key reads as itself
    without its prefix (a reason code the catalogs do not know yet)."""
    template = translations(lang_of(lang)).gettext(key)
    if template == key and not has(key):
        return key.rpartition(".")[2]
    try:
        return template.format(*map(_slot, args), **{k: _slot(v) for k, v in values.items()})
    except (IndexError, KeyError):
        return template


def _slot(value: Any) -> Any:
    """Plain text takes the grammar specs too (no gender known: no article)."""
    return noun(value) if isinstance(value, str) else value


def nsay(lang: str | None, key: str, n: int, **values: Any) -> str:
    """A message whose words agree with the number ``n`` ("1 ora", "2 ore")."""
    template = translations(lang_of(lang)).ngettext(key, key + ".plural", n)
    return template.format(n=n, **values)
