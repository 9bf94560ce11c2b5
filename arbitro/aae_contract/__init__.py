"""Axis & Allies Europe's command-line contract (../shared/docs/AAE_CONTRACT.md): the JSON of
the three commands to the rules' values and back, and the board file read from ``maps/``."""
