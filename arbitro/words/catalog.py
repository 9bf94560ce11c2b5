"""The gettext catalogs: one ``locale/<lang>/LC_MESSAGES/arbitro.po`` per language.

The ``.po`` files are the source: a clean checkout needs no build step. At first use in a
process a catalog is read compiled: a ``.mo`` file in the cache folder, named by the
checksum of its ``.po`` (arbitro/cache_files.py; compiled with Babel when there is none yet,
or when the ``.po`` changed), read with the standard library's gettext. A language is a catalog: adding one is adding
its ``.po`` file. Message ids are keys (``reason.bounced``); every catalog, English
included, holds the words, with ``str.format`` slots (``{0}``, ``{game}``).
"""

from __future__ import annotations

import functools
import gettext
import io
import os
from pathlib import Path
from typing import TYPE_CHECKING

from ..cache_files import derived_path, read_derived, store_derived

if TYPE_CHECKING:  # Babel is imported only to compile a catalog or to read it as Babel does
    from babel.messages.catalog import Catalog

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DOMAIN = "arbitro"
DEFAULT = "it"  # the community the referee was written for
FALLBACK = "en"  # words missing from a catalog come from here


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


@functools.cache
def languages() -> tuple[str, ...]:
    """Every language that has a catalog."""
    # (os.scandir, not a glob: the glob's pattern is a regular expression compiled at start)
    return tuple(sorted(
        entry.name for entry in os.scandir(LOCALE_DIR)
        if entry.is_dir() and (Path(entry.path) / "LC_MESSAGES" / f"{DOMAIN}.po").is_file()
    ))


def lang_of(lang: str | None) -> str:
    """A language we have words for: the reader's own, else the default."""
    return lang if lang in languages() else DEFAULT


@functools.cache
def catalog(lang: str) -> Catalog:
    """The ``.po`` file as Babel reads it (the messages with their comments and flags)."""
    from babel.messages.pofile import read_po

    with po_path(lang).open("rb") as fh:
        return read_po(fh, locale=lang, domain=DOMAIN)


def compiled(lang: str) -> bytes:
    """The language's catalog compiled to ``.mo`` bytes: the cached file when its ``.po``
    is unchanged, else compiled now with Babel (and cached)."""
    source = po_path(lang).read_bytes()
    cached = derived_path("catalogs", f"{DOMAIN}-{lang}", source, ".mo")
    data = read_derived(cached)
    if data is None:
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        buf = io.BytesIO()
        write_mo(buf, read_po(io.BytesIO(source), locale=lang, domain=DOMAIN))
        data = buf.getvalue()
        store_derived(cached, data)
    return data


class Translations(gettext.GNUTranslations):
    """A compiled catalog, and which message ids it has."""

    def __init__(self, data: bytes) -> None:
        super().__init__(io.BytesIO(data))
        # gettext keeps the messages in _catalog: a plural message under (msgid, n).
        found = vars(self)["_catalog"]
        self.keys = frozenset(k if isinstance(k, str) else k[0] for k in found) - {""}


@functools.cache
def translations(lang: str) -> Translations:
    """The compiled catalog of a language (English fills any gap)."""
    out = Translations(compiled(lang))
    if lang != FALLBACK:
        out.add_fallback(translations(FALLBACK))
    return out


def has(key: str) -> bool:
    return key in translations(FALLBACK).keys
