"""The words of power-level orders (house rules: STRIKE, GIFT, ALLOW, TREATY), per language.

One table read by the order readers (canonical notation and players' mail) and the
formatter: the first word of each entry is the one written out. A language adds its
words here (a Russian reader adds a ``"ru"`` column; no code changes elsewhere).
Words are compared folded to lower case; several words may form one keyword.
"""

from __future__ import annotations

STRIKE, FROM, GIFT, TO, ALLOW, TREATY, CONFIRM = (
    "strike", "from", "gift", "to", "allow", "treaty", "confirm",
)

# keyword -> language -> its spellings (the first one is written out).
POWER_WORDS: dict[str, dict[str, tuple[str, ...]]] = {
    # R-RU-2, the unique weapon: "STRIKE MUN FROM BOH", "COLPO Mon DA Boe".
    STRIKE: {
        "en": ("STRIKE", "UNIQUE WEAPON", "WEAPON", "SUPERSTRIKE"),
        "it": ("COLPO", "ARMA UNICA", "ARMA SEGRETA", "SUPERCOLPO", "COLPISCE"),
    },
    FROM: {"en": ("FROM",), "it": ("DA", "DAL", "DALLA", "DALLO", "DALL'")},
    GIFT: {"en": ("GIFT", "GIVE", "GIVES"), "it": ("DONA", "REGALA", "CEDE", "DONO")},
    TO: {"en": ("TO",), "it": ("A", "AD", "ALLA", "AL", "ALL'", "ALLO")},
    ALLOW: {
        "en": ("ALLOW", "ALLOWS", "LET PASS", "PASSAGE"),
        "it": ("PERMETTE", "CONSENTE", "LASCIA PASSARE", "PASSAGGIO", "PERMESSO"),
    },
    TREATY: {"en": ("TREATY", "PACT"), "it": ("TRATTATO", "PATTO", "ACCORDO")},
    CONFIRM: {"en": ("CONFIRM", "CONFIRMS"), "it": ("CONFERMA", "CONFERMO", "CONFERMATO")},
}


def word(keyword: str, lang: str) -> str:
    """The word written out for ``keyword`` in ``lang`` (English when the language has none)."""
    spellings = POWER_WORDS[keyword]
    return (spellings.get(lang) or spellings["en"])[0]
