"""The rules of the game: pure functions over frozen values.

Nothing in this package does I/O, reads a clock or keeps global state; the
edges of arbitro (storage, mail, CLI) pass values in and get values out. Every rule the
service applies lives here, by its R- id: the phases (``phases``), the defaults at a
deadline and the ONP escalation (``defaults/``, ``defaults/escalation.py``), who wins and
the one count of centres (``victory``), the votes to end a game (``votes``).
"""
