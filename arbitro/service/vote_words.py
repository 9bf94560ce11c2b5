"""Votes to end a game as mails show them (issue 17): the digests a results mail commits
to, the votes revealed at the end, a vote's choice in the reader's language."""

from __future__ import annotations

from typing import Any

from ..diplomacy.votes import CONCEDE, DRAW, Vote, canonical
from ..store.models import EndVote
from ..store.models import Phase as PhaseRow
from ..words import say
from .table import Table


def as_vote(row: EndVote) -> Vote:
    return Vote(row.power, row.kind, tuple(row.powers))


def choice_words(table: Table, vote: Vote, lang: str, survivors: list[str] | None = None) -> str:
    """ "patta fra Francia e Germania", "resa a favore della Francia", ..."""
    if vote.kind == DRAW:
        if not vote.powers and survivors is None:
            return say(lang, "vote.choice.draw_survivors")
        if not vote.powers:
            names = ", ".join(str(table.power_name(p, lang)) for p in survivors or [])
            return say(lang, "vote.choice.draw_all", powers=names)
        return say(lang, "vote.choice.draw",
                   powers=", ".join(str(table.power_name(p, lang)) for p in vote.powers))
    if vote.kind == CONCEDE:
        return say(lang, "vote.choice.concede", power=table.power_name(vote.powers[0], lang))
    return say(lang, "vote.choice.withdraw")


def commitments(table: Table, phase: PhaseRow) -> list[dict[str, Any]]:
    """The digests of the votes cast while a phase was open: its results mail prints them
    (who voted, and how, stays secret until the end)."""
    return [{"number": v.number, "digest": v.digest} for v in table.uow.votes.of_phase(phase.id)]


def revealed(table: Table, lang: str) -> list[dict[str, Any]]:
    """Every vote of the game with its salt and committed text, for the end-of-game mail:
    anyone can recompute each digest and compare it with the results mails."""
    out = []
    for row in table.uow.votes.of_game(table.game_id):
        vote = as_vote(row)
        out.append({
            "number": row.number,
            "power_name": table.power_name(row.power, lang),
            "choice": choice_words(table, vote, lang),
            "phase_name": table.phase_name(table.uow.phases.get(row.phase_id).code, lang),
            "text": canonical(table.game_id, row.number, vote, row.salt),
            "digest": row.digest,
        })
    return out
