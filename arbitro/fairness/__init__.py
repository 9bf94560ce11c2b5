"""Chance anyone can check, for every game in the house: pure, no ``random``, no clock.

``draw``: who plays which nation, from a secret seed committed before the draw.
``chain``: the dice keys of a game, a SHA-256 chain committed at its opening (R-AAE-PBEM-8).
``dice``: a die from its key and its name (R-AAE-PBEM-9), and the one-line check of each.
"""
