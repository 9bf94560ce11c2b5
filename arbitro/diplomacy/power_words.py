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
        "ru": ("УДАР", "СУПЕРУДАР", "УНИКАЛЬНОЕ ОРУЖИЕ", "ОРУЖИЕ"),
    },
    FROM: {"en": ("FROM",), "it": ("DA", "DAL", "DALLA", "DALLO", "DALL'"), "ru": ("ИЗ", "С", "СО")},
    GIFT: {"en": ("GIFT", "GIVE", "GIVES"), "it": ("DONA", "REGALA", "CEDE", "DONO"),
           "ru": ("ДАРИТ", "ДАРЮ", "ОТДАЁТ", "ОТДАЕТ", "ПЕРЕДАЁТ", "ПЕРЕДАЕТ")},
    TO: {"en": ("TO",), "it": ("A", "AD", "ALLA", "AL", "ALL'", "ALLO"), "ru": ("ДЛЯ", "В ПОЛЬЗУ", "К")},
    ALLOW: {
        "en": ("ALLOW", "ALLOWS", "LET PASS", "PASSAGE"),
        "it": ("PERMETTE", "CONSENTE", "LASCIA PASSARE", "PASSAGGIO", "PERMESSO"),
        "ru": ("РАЗРЕШАЕТ ПРОХОД", "ПРОПУСКАЕТ", "РАЗРЕШАЕТ", "ПРОХОД"),
    },
    TREATY: {"en": ("TREATY", "PACT"), "it": ("TRATTATO", "PATTO", "ACCORDO"),
             "ru": ("ДОГОВОР", "ПАКТ", "СОЮЗ")},
    CONFIRM: {"en": ("CONFIRM", "CONFIRMS"), "it": ("CONFERMA", "CONFERMO", "CONFERMATO"),
              "ru": ("ПОДТВЕРЖДАЕТ", "ПОДТВЕРЖДАЮ", "ПОДТВЕРЖДЕНИЕ")},
}

# Words a language may put between a keyword and what it names, read past and never
# written: "удар ПО Галиции", "договор С Австрией", "STRIKE ON MUN", "TRATTATO CON Austria".
LINKS: dict[str, tuple[str, ...]] = {
    "en": ("ON", "WITH"), "it": ("SU", "CON"), "ru": ("ПО", "С", "СО", "НА"),
}


def word(keyword: str, lang: str) -> str:
    """The word written out for ``keyword`` in ``lang`` (English when the language has none)."""
    spellings = POWER_WORDS[keyword]
    return (spellings.get(lang) or spellings["en"])[0]
