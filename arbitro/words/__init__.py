"""Words for players, in the reader's language: gettext catalogs read through Babel.

The rules core keeps reason codes and their arguments as data; the edges (service, mail,
press, reports, render, cli) turn them into text here. See catalog.py for the files and
grammar.py for how Italian names take their articles.
"""

from __future__ import annotations

import logging
from typing import Any

from .catalog import DEFAULT, FALLBACK, has, lang_of, languages, translations
from .catalog import catalog as _own  # not "catalog": that name is the module
from .grammar import noun

__all__ = ["DEFAULT", "MissingWords", "has", "lang_of", "languages", "nsay", "say", "say_checked",
           "translations"]

log = logging.getLogger(__name__)


class MissingWords(LookupError):
    """A message a language's own catalog lacks, or one whose slots the caller left unfilled."""


def say(lang: str | None, key: str, *args: Any, **values: Any) -> str:
    """The message ``key`` in ``lang`` with its slots filled; an unknown key reads as itself
    without its prefix (a reason code the catalogs do not know yet). A translation whose
    slots do not match reads in English rather than with a hole."""
    lang = lang_of(lang)
    template = translations(lang).gettext(key)
    if template == key and not has(key):
        return key.rpartition(".")[2]
    try:
        return _fill(template, args, values)
    except (IndexError, KeyError, ValueError):
        if lang != FALLBACK:
            log.warning("catalog %s: %s does not match its slots; said in English", lang, key)
            try:
                return _fill(translations(FALLBACK).gettext(key), args, values)
            except (IndexError, KeyError, ValueError):
                pass
        return template


def say_checked(lang: str, key: str, *args: Any, **values: Any) -> str:
    """``say`` for the tests' strict renderer: the message must be in ``lang``'s own
    catalog (no English stand-in) and every slot filled, else MissingWords."""
    if key not in _own(lang):
        raise MissingWords(f"{lang}: no message {key}")
    try:
        return _fill(translations(lang).gettext(key), args, values)
    except (IndexError, KeyError, ValueError) as exc:
        raise MissingWords(f"{lang}: {key}: slot {exc} not filled") from exc


def nsay_checked(lang: str, key: str, n: int, **values: Any) -> str:
    if key not in _own(lang):
        raise MissingWords(f"{lang}: no message {key}")
    try:
        template = translations(lang).ngettext(key, key + ".plural", n)
        return template.format(n=n, **{k: _slot(v) for k, v in values.items()})
    except (IndexError, KeyError, ValueError) as exc:
        raise MissingWords(f"{lang}: {key}: slot {exc} not filled") from exc


def _fill(template: str, args: tuple[Any, ...], values: dict[str, Any]) -> str:
    return template.format(*map(_slot, args), **{k: _slot(v) for k, v in values.items()})


def _slot(value: Any) -> Any:
    """Plain text takes the grammar specs too (no gender known: no article); a value that
    formats itself (a Noun, Nouns, a Moment) is left as it is."""
    if isinstance(value, str) and type(value).__format__ is str.__format__:
        return noun(value)
    return value


def nsay(lang: str | None, key: str, n: int, **values: Any) -> str:
    """A message whose words agree with the number ``n`` ("1 ora", "2 ore"); the other
    slots take the grammar specs as ``say``'s do ("Nazioni eliminate: {powers:il}")."""
    template = translations(lang_of(lang)).ngettext(key, key + ".plural", n)
    return template.format(n=n, **{k: _slot(v) for k, v in values.items()})
