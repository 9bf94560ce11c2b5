"""Words as players type them, for every game's reader: folding (case, accents) and the
edit distance behind "did you mean". Pure; no game's vocabulary lives here."""
