"""Victory (R-AAE-WIN-1, -2; FAQ V1, V2): each side's condition is met at the end of a
conduct-combat phase and must still hold one round later; in between it is pending."""

from __future__ import annotations

from dataclasses import replace

from .board import ALLIES, AXIS, Board
from .state import ALLIES_WIN, AXIS_WINS, State, Victory


def _axis(board: Board) -> str:
    return next(p.code for p in board.powers if p.side == AXIS)


def _allied_capitals(board: Board) -> list[str]:
    return [p.capital for p in board.powers if p.side == ALLIES]


def axis_holds(board: Board, state: State) -> bool:
    """Germany controls Berlin and an Allied capital (R-AAE-WIN-1)."""
    axis = _axis(board)
    return (state.controller(board.capital_of(axis)) == axis
            and any(state.controller(c) == axis for c in _allied_capitals(board)))


def allies_hold(board: Board, state: State) -> bool:
    """Germany controls neither Berlin nor any Allied capital (R-AAE-WIN-2)."""
    axis = _axis(board)
    return (state.controller(board.capital_of(axis)) != axis
            and not any(state.controller(c) == axis for c in _allied_capitals(board)))


def after_conduct_combat(board: Board, state: State) -> State:
    """At the end of Germany's conduct combat the Axis condition, at the end of the last power's
    the Allied one, start waiting for their second check."""
    v = state.victory
    if v.winner is not None:
        return state
    if state.power == _axis(board) and axis_holds(board, state) and v.pending_side != AXIS_WINS:
        return replace(state, victory=Victory(AXIS_WINS, state.step_id))
    if (state.power == board.turn_order[-1] and allies_hold(board, state)
            and v.pending_side != ALLIES_WIN):
        return replace(state, victory=Victory(ALLIES_WIN, state.step_id))
    return state


def after_turn(board: Board, state: State) -> State:
    """The second checks: the Axis when Germany's next turn begins (after the last power's turn),
    the Allies at the end of Germany's next turn; a condition no longer met stops waiting."""
    v = state.victory
    if v.winner is not None or v.pending_side is None:
        return state
    if v.pending_side == AXIS_WINS and state.power == board.turn_order[-1]:
        won = axis_holds(board, state)
        return replace(state, victory=Victory(winner=AXIS_WINS) if won else Victory())
    if v.pending_side == ALLIES_WIN and state.power == _axis(board):
        if v.pending_since == state.step_id:
            return state
        won = allies_hold(board, state)
        return replace(state, victory=Victory(winner=ALLIES_WIN) if won else Victory())
    return state
