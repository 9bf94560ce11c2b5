"""The keywords of the two mails in Italian and English, folded (R-AAE-PBEM-13), and the small
words around names and numbers. The canonical notation's keywords are the English ones."""

from __future__ import annotations

# order keywords (first word of a line) -> the order they start
BUY = ("compra", "compro", "acquisto", "acquista", "acquisti", "buy", "purchase")
PLACE = ("piazza", "piazzo", "place", "mobilize", "mobilise", "mobilita")
MOVE = ("move", "muovi", "muovo", "sposta", "sposto")
ATTACK = ("attacca", "attacco", "attack")
SUBMERGE = ("sommergi", "immergi", "submerge", "dive")
RETREAT = ("ritirata", "ritira", "ritirati", "retreat")
CONVERT = ("converti", "converto", "convert")
EXECUTE = ("esegui", "eseguire", "execute")

# a line that names the mail, never an order (R-AAE-PBEM-1): ignored, or refused when it names
# the other mail or another power
COMBAT_HEADINGS = ("ordini", "orders", "ordine", "order")
NONCOMBAT_HEADINGS = ("riordino", "regroup", "riordini")

# words inside a move
RAID = ("raid", "bombarda", "bombardamento")
ESCORT = ("escort", "scorta")
ELSE = ("else", "altrimenti", "otherwise")
UNLOAD = ("unload", "sbarca", "sbarco")

# the sub-stall and "from round n"
STALL = ("stall", "subito", "stallo", "now", "immediately", "sub-stall")
FROM = ("from", "dal", "da", "dalla")
ROUND = ("round", "rounds", "turno", "turni", "giro", "giri", "r")

# retreat conditions (R-AAE-PBEM-6)
AFTER = ("after", "dopo")
BELOW = ("below", "under", "sotto")
FEWER = (("fewer", "than"), ("less", "than"), ("meno", "di"), ("meno", "che"))
LAND = ("land", "terra", "terrestri", "terrestre", "ground")
TO = ("to", "into", "in", "a", "verso", "nel", "nella", "nello", "al", "alla", "allo", "ai",
      "agli", "alle", "nei", "negli", "nelle")

# separators of a units list besides the comma
AND = ("e", "ed", "and", "&", "+", "con", "with")

# Italian and English fillers before a space's name ("dalla Germania", "the North Sea")
ARTICLES = ("il", "lo", "la", "l", "i", "gli", "le", "the", "del", "della", "dello", "dei",
            "degli", "delle", "di")
FROM_WORDS = ("da", "dal", "dalla", "dallo", "dall", "dai", "dagli", "dalle", "from")
VIA = ("via", "per", "attraverso", "through", "passando")

NUMBERS = {
    "un": 1, "uno": 1, "una": 1, "a": 1, "an": 1, "one": 1,
    "due": 2, "two": 2, "tre": 3, "three": 3, "quattro": 4, "four": 4, "cinque": 5, "five": 5,
    "sei": 6, "six": 6, "sette": 7, "seven": 7, "otto": 8, "eight": 8, "nove": 9, "nine": 9,
    "dieci": 10, "ten": 10,
}
ORDINALS = {
    "primo": 1, "first": 1, "1st": 1, "secondo": 2, "second": 2, "2nd": 2, "terzo": 3,
    "third": 3, "3rd": 3, "quarto": 4, "fourth": 4, "4th": 4, "quinto": 5, "fifth": 5, "5th": 5,
}

# a line that is no order: a greeting, a thanks, a closing
GREETINGS = ("ciao", "salve", "saluti", "grazie", "buongiorno", "buonasera", "hello", "hi",
             "thanks", "thank", "regards", "cheers", "dear", "caro", "cari", "ecco", "here")
