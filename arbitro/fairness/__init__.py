"""Chance anyone can check, for every game in the house: pure, no ``random``, no clock.

``draw``: who plays which nation, from a secret seed committed before the draw.
"""
