"""The gettext catalogs: one ``locale/<lang>/LC_MESSAGES/arbitro.po`` per language.

The ``.po`` files are read with Babel and compiled in memory at first use (one cache per
process), so a clean checkout needs no build step. A language is a catalog: adding one is
adding its ``.po`` file. Message ids are keys (``reason.bounced``); every catalog, English
included, holds the words, with ``str.format`` slots (``{0}``, ``{game}``).
"""

from __future__ import annotations

import functools
import io
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DOMAIN = "arbitro"
DEFAULT = "it"  # the community the referee was written for
FALLBACK = "en"  # words missing from a catalog come from here


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


@functools.cache
def languages() -> tuple[str, ...]:
    """Every language that has a catalog."""
    return tuple(sorted(p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po")))


def lang_of(lang: str | None) -> str:
    """A language we have words for: the reader's own, else the default."""
    return lang if lang in languages() else DEFAULT


@functools.cache
def catalog(lang: str) -> Catalog:
    with po_path(lang).open("rb") as fh:
        return read_po(fh, locale=lang, domain=DOMAIN)


@functools.cache
def translations(lang: str) -> Translations:
    """The compiled catalog of a language (English fills any gap)."""
    buf = io.BytesIO()
    write_mo(buf, catalog(lang))
    buf.seek(0)
    out = Translations(buf, domain=DOMAIN)
    if lang != FALLBACK:
        out.add_fallback(translations(FALLBACK))
    return out


def has(key: str) -> bool:
    return key in catalog(FALLBACK)
