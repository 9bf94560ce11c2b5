"""The example orders the help and welcome mails show, written by the one formatter in the
reader's notation: what the examples teach is what the confirmations say, in every
language, and a language with a notation gets its examples without a word written here.

The examples are orders on the standard map, the seed's own (``A Ven - Tri``, ``A Bud APP A
Vie - Tri``, ``F MAN TR A Lon - Pic``); each names what it shows (``kind``), a catalog
message (``mail.help.example.<kind>``)."""

from __future__ import annotations

from ..diplomacy.orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    Retreat,
    Support,
    Waive,
    format_order,
    notation_for,
)
from ..variants import load_board

HELP: tuple[tuple[str, Order], ...] = (
    ("move", Move("ITALY", "A", "VEN", "TRI")),
    ("support_move", Support("AUSTRIA", "A", "BUD", "A", "VIE", "TRI")),
    ("support_hold", Support("RUSSIA", "A", "UKR", "F", "SEV", None)),
    ("convoy", Convoy("ENGLAND", "F", "ENG", "LON", "PIC")),
    ("convoyed", Move("ENGLAND", "A", "LON", "PIC", True)),
    ("hold", Hold("GERMANY", "A", "BER")),
    ("coast", Move("RUSSIA", "F", "BLA", "BUL/EC")),
    ("retreat", Retreat("GERMANY", "A", "HOL", "RUH")),
    ("retreat_disband", Disband("GERMANY", "A", "HOL")),
    ("build", Build("GERMANY", "A", "BER")),
    ("build_coast", Build("RUSSIA", "F", "STP/SC")),
    ("disband", Disband("ITALY", "F", "ION")),
    ("waive", Waive("GERMANY")),
)
# The phase each example belongs to (a retreat reads as a move in the movement phase).
PHASE_OF = {"retreat": "R", "retreat_disband": "R", "build": "A", "build_coast": "A", "disband": "A",
            "waive": "A"}
WELCOME: tuple[Order, ...] = (
    Move("FRANCE", "A", "PAR", "BUR"),
    Move("FRANCE", "F", "BRE", "ENG"),
    Support("FRANCE", "A", "MAR", "A", "PAR", "BUR"),
)


def example_orders(which: str, lang: str) -> list[dict[str, str]]:
    """``which``: "help" (every kind of order, each with its ``kind``) or "welcome" (a
    first set of orders); each ``order`` written as the reader's confirmations write it."""
    board = load_board("standard")
    notation = notation_for(lang)
    if which == "welcome":
        return [{"kind": "", "order": format_order(o, notation, board)} for o in WELCOME]
    return [{"kind": kind, "order": format_order(o, notation, board)} for kind, o in HELP]
