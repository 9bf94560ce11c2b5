"""The rules of the game: pure functions over frozen values.

Nothing in this package does I/O, reads a clock or keeps global state; the
edges of arbitro (storage, mail, CLI) pass values in and get values out.
"""
