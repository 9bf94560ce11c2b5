"""Differential check: the same movement phases through arbitro and MILA.

    python bench/differential.py [--phases 2000] [--seed 1901] [--show 3]

Phases come from random legal play (bench/random_games.py); into about half of them a
few orders are rewritten the way players really write them (see ``MUTATIONS``): VIA on
a move that needs none, a coastless fleet move, a support naming a coast, an order for
a unit that is not there, ... Both engines adjudicate every phase; the units after the
phase (dislodged ones that may retreat included) are compared.

A phase on which the engines differ is put in a category: the rewrite that, undone on
its own, makes them agree. Each category is a reading on which MILA departs from the
DATC, and has a test in tests/game/test_mila_differences.py showing arbitro's answer is
the DATC's. A difference no single rewrite explains is counted as *unexplained*; the
script exits 1 when there is one.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from collections.abc import Callable

from mila import available, mila_play
from random_games import movement_phases

from arbitro.game.board import ARMY, FLEET, Board, province_of
from arbitro.game.orders import Convoy, Hold, Move, Order, Support, format_order
from arbitro.game.phases import play
from arbitro.game.position import Position
from arbitro.game.rules import Rules
from arbitro.variants import load_board

Orders = dict[str, list[Order]]
# A rewrite of one order: (the order, the text written instead), or None when it does not apply.
Rewrite = Callable[[Board, Position, Order, random.Random], str | None]


def _via_without_convoy(board: Board, pos: Position, o: Order, rng: random.Random) -> str | None:
    # "A PAR - BUR VIA": an army that says "via convoy" with no fleet convoying it
    if isinstance(o, Move) and o.kind == ARMY and not o.via_convoy:
        return format_order(o) + " VIA"
    return None


def _coastless_fleet_move(board: Board, pos: Position, o: Order, rng: random.Random) -> str | None:
    # "F GAS - SPA": the coast left out where only one is reachable
    if isinstance(o, Move) and o.kind == FLEET and "/" in o.destination:
        return format_order(Move(o.power, o.kind, o.location, province_of(o.destination)))
    return None


def _support_without_coast(board: Board, pos: Position, o: Order, rng: random.Random) -> str | None:
    # "A GAL S F BUL - RUM": the supported fleet named without its coast
    if isinstance(o, Support) and "/" in o.supported:
        return format_order(Support(o.power, o.kind, o.location, o.supported_kind, province_of(o.supported), o.destination))
    return None


def _support_to_coast(board: Board, pos: Position, o: Order, rng: random.Random) -> str | None:
    # "A GAS S F MAO - SPA/NC": a support naming the coast the move goes to, or the other one
    if isinstance(o, Support) and o.destination and board.provinces[o.destination].coasts:
        coast = rng.choice(board.provinces[o.destination].coasts)
        return format_order(Support(o.power, o.kind, o.location, o.supported_kind, o.supported, coast))
    return None


def _support_hold_of_mover(board: Board, pos: Position, o: Order, rng: random.Random) -> str | None:
    # "A MAR S A PAR - BUR" written "A MAR S A PAR": a support to hold for a unit that moves
    if isinstance(o, Support) and o.destination is not None:
        return format_order(Support(o.power, o.kind, o.location, o.supported_kind, o.supported))
    return None


def _move_to_other_neighbour(board: Board, pos: Position, o: Order, rng: random.Random) -> str | None:
    # a supported move sent elsewhere: the support no longer matches
    if isinstance(o, Move) and o.kind == ARMY and not o.via_convoy:
        others = sorted(board.army_moves[province_of(o.location)] - {province_of(o.destination)})
        if others:
            return format_order(Move(o.power, o.kind, o.location, rng.choice(others)))
    return None


def _wrong_unit_type(board: Board, pos: Position, o: Order, rng: random.Random) -> str | None:
    # "F PAR - BUR" for an army
    if isinstance(o, (Hold, Move)) and o.kind is not None:
        other = FLEET if o.kind == ARMY else ARMY
        text = format_order(o)
        return other + text[1:]
    return None


def _convoy_of_land_move(board: Board, pos: Position, o: Order, rng: random.Random) -> str | None:
    # a fleet at sea "convoys" an army that walks: the convoy order matches no convoyed move
    if isinstance(o, Hold) and o.kind == FLEET and board.provinces[province_of(o.location)].is_sea:
        armies = [u for u in pos.units if u.kind == ARMY and u.province in board.neighbours(province_of(o.location))]
        if armies:
            a = rng.choice(armies)
            dests = sorted(board.army_moves[a.province])
            if dests:
                return format_order(Convoy(o.power, FLEET, o.location, a.location, rng.choice(dests)))
    return None


MUTATIONS: dict[str, Rewrite] = {
    "VIA on a move with no convoy ordered": _via_without_convoy,
    "fleet move without its coast": _coastless_fleet_move,
    "support to a fleet named without its coast": _support_without_coast,
    "support naming the destination's coast": _support_to_coast,
    "support to hold given to a unit that moves": _support_hold_of_mover,
    "supported move sent elsewhere": _move_to_other_neighbour,
    "order naming the wrong unit type": _wrong_unit_type,
    "convoy for an army that is not convoyed": _convoy_of_land_move,
}


def _own_support_of_convoyed_attack(board: Board, pos: Position, texts: dict[str, list[str]]) -> dict[str, list[str]] | None:
    """The phase with every support a defender's own power gives to a convoyed attack on
    it turned into a hold (MILA counts such a support; DATC 6.D.12 says it never helps)."""
    from arbitro.game.notation import read_order

    orders = {p: [read_order(board, p, t) for t in ts] for p, ts in texts.items()}
    attacks = {}
    for p, os in orders.items():
        for o in os:
            if isinstance(o, Move) and o.kind == ARMY:
                dp = province_of(o.destination)
                if o.via_convoy or dp not in board.army_moves[province_of(o.location)]:
                    attacks[(province_of(o.location), dp)] = p
    out = {p: list(ts) for p, ts in texts.items()}
    changed = False
    for p, os in orders.items():
        for i, o in enumerate(os):
            if isinstance(o, Support) and o.destination is not None:
                key = (province_of(o.supported), province_of(o.destination))
                defender = pos.unit_in(key[1])
                if key in attacks and defender is not None and defender.power == p != attacks[key]:
                    out[p][i] = f"{o.kind} {o.location} H"
                    changed = True
    return out if changed else None


# Readings of whole phases (not rewrites of ours) on which MILA departs from the DATC:
# each turns the phase into one without the reading; the engines then agree.
FEATURES = {
    "support from the defender's own power to a convoyed attack": _own_support_of_convoyed_attack,
}


def mutate(board: Board, pos: Position, orders: Orders, rng: random.Random) -> tuple[dict[str, list[str]], list[tuple[str, str, int, str]]]:
    """The orders as texts with a few rewritten; the rewrites as (name, power, index, original)."""
    texts = {p: [format_order(o) for o in os] for p, os in orders.items()}
    done: list[tuple[str, str, int, str]] = []
    if rng.random() < 0.5:
        return texts, done
    names = list(MUTATIONS)
    for _ in range(rng.randint(1, 3)):
        name = rng.choice(names)
        spots = [(p, i, o) for p, os in orders.items() for i, o in enumerate(os)]
        rng.shuffle(spots)
        for p, i, o in spots:
            if any(d[1] == p and d[2] == i for d in done):
                continue
            new = MUTATIONS[name](board, pos, o, rng)
            if new is not None:
                done.append((name, p, i, texts[p][i]))
                texts[p][i] = new
                break
    return texts, done


def arbitro_units(board: Board, pos: Position, texts: dict[str, list[str]], rules: Rules) -> list[str]:
    from arbitro.game.notation import read_order

    orders: Orders = {}
    for p, ts in texts.items():
        for t in ts:
            o = read_order(board, p, t)
            assert not isinstance(o, str), t
            orders.setdefault(p, []).append(o)
    after = play(board, pos, orders, rules).after
    assert after is not None
    units = [str(u) for u in after.units]
    units += [f"*{d.unit}" for d in after.dislodged if d.retreats]
    return sorted(units)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--phases", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1901)
    ap.add_argument("--show", type=int, default=2, help="phases shown per category")
    ap.add_argument("--dump", action="store_true", help="print every order of an unexplained phase")
    args = ap.parse_args()
    if not available():
        print("MILA engine not installed (pip install -e '.[bench]')")
        return 2
    board = load_board("standard")
    rules = Rules(defaults="standard")  # the DATC behaviour, as MILA's
    rng = random.Random(args.seed)
    phases = movement_phases(board, args.phases, seed=args.seed)
    counts: Counter[str] = Counter()
    shown: Counter[str] = Counter()
    mutated = 0
    for pos, orders in phases:
        texts, done = mutate(board, pos, orders, rng)
        mutated += bool(done)
        ours = arbitro_units(board, pos, texts, rules)
        theirs = mila_play(pos, texts)[1]
        if ours == theirs:
            continue
        category = "unexplained"
        # Undo one kind of rewrite at a time (every rewrite of that kind in the phase).
        for name in dict.fromkeys(d[0] for d in done):
            undone = {q: list(ts) for q, ts in texts.items()}
            for n, p, i, original in done:
                if n == name:
                    undone[p][i] = original
            if arbitro_units(board, pos, undone, rules) == mila_play(pos, undone)[1]:
                category = name
                break
        for name, remove in FEATURES.items():
            if category != "unexplained":
                break
            without = remove(board, pos, texts)
            if without is not None and arbitro_units(board, pos, without, rules) == ours and (
                mila_play(pos, without)[1] == ours
            ):
                category = name
        counts[category] += 1
        if shown[category] < args.show:
            shown[category] += 1
            print(f"--- {category}: {pos.phase}")
            for name, p, i, original in done:
                print(f"    {p}: {original!r} written {texts[p][i]!r} ({name})")
            print(f"    arbitro only: {sorted(set(ours) - set(theirs))}; MILA only: {sorted(set(theirs) - set(ours))}")
            if category == "unexplained" and args.dump:
                for p, ts in texts.items():
                    print(f"      {p}: {'; '.join(ts)}")
                print(f"      MILA results: { {k: [str(x) for x in v] for k, v in mila_play(pos, texts)[2].result_history.last_value().items() if v} }")
    differ = sum(counts.values())
    print(f"phases: {len(phases)} ({mutated} with rewritten orders); engines differ on {differ}")
    for name, n in counts.most_common():
        print(f"  {n:5d}  {name}")
    return 1 if counts["unexplained"] else 0


if __name__ == "__main__":
    sys.exit(main())
