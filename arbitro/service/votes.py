"""Draws and concessions by secret vote (issue 17): PATTA / CONCEDO / RITIRO VOTO.

Only the voter is answered. Each vote is stored with a random salt; its digest goes into
the results mail of the phase it was cast in (``vote_words.commitments``) and everything
is revealed in the end-of-game mail (``vote_words.revealed``). When the votes of every
power still played agree (``game.votes.verdict``) the game ends at once.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from ..config.game import power_key
from ..diplomacy.votes import CONCEDE, DRAW, WITHDRAW, Verdict, Vote, canonical, digest, verdict
from ..store import GameStatus, PlayerStatus, PowerStatus, UnitOfWork
from ..store.models import Game
from ..store.models import Phase as PhaseRow
from .common import Services, game_words, key, phase_words, pname
from .process import finish_game
from .refusals import refusal_text
from .state import GameCtx
from .values import OK, REFUSED, ReplyStatus
from .vote_words import as_vote, choice_words


@dataclass(frozen=True)
class VoteReply:
    status: ReplyStatus
    reason: str | None  # refusal code (catalog ``refusal.<code>``)
    number: int | None  # the vote's public number
    ended: bool  # the vote made the result unanimous: the game is over


def new_salt() -> str:
    return secrets.token_hex(16)


def _survivors(uow: UnitOfWork, game_id: str) -> set[str]:
    return {p for p, row in uow.powers.all(game_id).items() if row.status is not PowerStatus.ELIMINATED}


def _playing(uow: UnitOfWork, game_id: str) -> set[str]:
    return {p for p, row in uow.powers.all(game_id).items() if row.status is PowerStatus.PLAYING}


def _check(ctx: GameCtx, uow: UnitOfWork, game: Game, power: str | None, kind: str,
           names: Sequence[str]) -> tuple[str | None, str, tuple[str, ...]]:
    """(refusal code or None, its detail, the vote's powers)."""
    if not ctx.config.vote_options.enabled:
        return "votes_off", "", ()
    if game.status is GameStatus.FINISHED:
        return "game_over", "", ()
    if game.status is GameStatus.FORMING:
        return "not_started", "", ()
    if power is None:
        return "no_power", "", ()
    status = uow.powers.get(game.id, power).status
    if status is not PowerStatus.PLAYING:
        return status.value, "", ()
    powers: list[str] = []
    for name in names:
        try:
            powers.append(power_key(ctx.board, name.strip(" ,.;")))
        except ValueError:
            return "unknown_power", name, ()
    survivors = _survivors(uow, game.id)
    gone = [p for p in powers if p not in survivors]
    if gone:
        return "not_surviving", ", ".join(str(pname(ctx, p, ctx.config.language)) for p in gone), ()
    if kind == DRAW:
        chosen = tuple(sorted(set(powers)))
        if not chosen or set(chosen) == survivors:
            return None, "", ()  # DIAS: every survivor
        if not ctx.config.vote_options.named_draws:
            return "named_draw_off", "", ()
        if len(chosen) < 2:
            return "draw_too_few", "", ()
        return None, "", chosen
    if kind == CONCEDE:
        if len(set(powers)) != 1:
            return "concede_usage", "", ()
        if powers[0] == power:
            return "concede_self", "", ()
        return None, "", (powers[0],)
    standing = uow.votes.standing(game.id).get(power)
    if standing is None or standing.kind == WITHDRAW:
        return "no_vote", "", ()
    return None, "", ()


def cast_vote(svc: Services, uow: UnitOfWork, game_id: str, address: str, kind: str,
              names: Sequence[str], now: datetime, mail_id: int | None = None) -> VoteReply:
    """Record a vote (``kind`` draw, concede or withdraw) and answer the voter alone; end
    the game when the votes on file are unanimous."""
    ctx = svc.ctx(game_id)
    game = uow.games.get(game_id)
    if ctx is None or game is None:
        return VoteReply(REFUSED, "unknown_game", None, False)
    game = uow.games.lock(game_id)
    player = uow.players.by_address(game_id, address)
    if player is None or player.status is not PlayerStatus.ACTIVE:
        return VoteReply(REFUSED, "not_player", None, False)
    lang = player.language
    power = uow.assignments.power_of(player)
    refusal, detail, powers = _check(ctx, uow, game, power, kind, names)
    phase = uow.phases.current(game_id)
    if refusal is None and phase is None:
        refusal = "no_phase"
    context = {
        **game_words(ctx, game, lang),
        "power_name": pname(ctx, power, lang),
        "refused": refusal_text(refusal, lang, detail) if refusal else None,
        "kind": kind,
    }
    mail_key = key(uow, game_id, "vote", f"mail{mail_id}" if mail_id is not None else now.isoformat(),
                   player.address)
    if refusal is not None:
        svc.mailer.to_player(uow, mail_key, player, "vote_reply", context, now)
        return VoteReply(REFUSED, refusal, None, False)
    assert phase is not None and power is not None
    vote = Vote(power, kind, powers)
    salt = new_salt()
    row = uow.votes.cast(game_id, phase.id, power=power, kind=kind, powers=powers, salt=salt,
                         digest_of=lambda n: digest(canonical(game_id, n, vote, salt)), now=now,
                         player_id=player.id, source_mail_id=mail_id)
    context.update({
        "choice": choice_words(ctx, vote, lang, sorted(_survivors(uow, game_id))),
        "number": row.number,
        "digest": row.digest,
        "text": canonical(game_id, row.number, vote, salt),
        "phase_name": phase_words(phase.code, lang),
    })
    svc.mailer.to_player(uow, mail_key, player, "vote_reply", context, now)
    return VoteReply(OK, None, row.number, settle(svc, uow, ctx, game, now))


def _standing(uow: UnitOfWork, game_id: str) -> dict[str, Vote]:
    """Each power's vote, if cast by its current player (a replacement starts with none)."""
    holders = {p: player.id for p, player in uow.assignments.current(game_id).items()}
    return {p: as_vote(r) for p, r in uow.votes.standing(game_id).items()
            if r.player_id is not None and holders.get(p) == r.player_id}


def settle(svc: Services, uow: UnitOfWork, ctx: GameCtx, game: Game, now: datetime) -> bool:
    """End the game if the votes on file are unanimous among the powers still played
    (after a vote, and on the clock: a hold-out may have fallen into civil disorder)."""
    if not ctx.config.vote_options.enabled or game.status not in (GameStatus.ACTIVE, GameStatus.PAUSED):
        return False
    phase = uow.phases.current(game.id)
    if phase is None:
        return False
    decided = verdict(_standing(uow, game.id), _playing(uow, game.id), _survivors(uow, game.id))
    if decided is None:
        return False
    _end_by_vote(svc, uow, ctx, game, phase, decided, now)
    return True


def _end_by_vote(svc: Services, uow: UnitOfWork, ctx: GameCtx, game: Game, phase: PhaseRow,
                 decided: Verdict, now: datetime) -> None:
    """The game ends where it stands: the open phase is not played."""
    final = ctx.position(phase)
    if decided.kind == DRAW:
        finish_game(svc, uow, ctx, game, now, winner=None, tied=list(decided.powers), final=final,
                    phase=phase, report=None, reason="draw")
    else:
        finish_game(svc, uow, ctx, game, now, winner=decided.powers[0], tied=[], final=final,
                    phase=phase, report=None, reason="concession")
