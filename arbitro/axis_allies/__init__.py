"""Axis & Allies Europe's rules, pure like arbitro.diplomacy: frozen values in, values out; no
I/O, no clock; an illegal order is data with a reason (../shared/docs/AAE_RULES.md, R-AAE-...)."""
