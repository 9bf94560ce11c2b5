"""arbitro: a play-by-email Diplomacy referee."""

__version__ = "0.1.0"
