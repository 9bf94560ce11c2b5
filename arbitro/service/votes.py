"""Draws and concessions by secret vote (issue 17): PATTA / CONCEDO / RITIRO VOTO.

Only the voter is answered. Each vote is stored with a random salt; its digest goes into
the results mail of the phase it was cast in (``vote_words.commitments``) and everything
is revealed in the end-of-game mail (``vote_words.revealed``). When the votes of every
power still played agree (``diplomacy.votes.verdict``) the game ends at once.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence

from ..config.game import power_key
from ..diplomacy.votes import CONCEDE, DRAW, WITHDRAW, Vote, canonical, digest, verdict
from ..store import GameStatus, PowerStatus
from .access import Caller
from .refusals import refusal_text
from .reply import Reply, refused
from .table import Table
from .vote_words import as_vote, choice_words


def new_salt() -> str:
    return secrets.token_hex(16)


def _survivors(table: Table) -> set[str]:
    return {p for p, row in table.powers.items() if row.status is not PowerStatus.ELIMINATED}


def _playing(table: Table) -> set[str]:
    return {p for p, row in table.powers.items() if row.status is PowerStatus.PLAYING}


def _check(table: Table, power: str | None, kind: str,
           names: Sequence[str]) -> tuple[str | None, str, tuple[str, ...]]:
    """(refusal code or None, its detail, the vote's powers)."""
    config, game = table.config, table.game
    if not config.vote_options.enabled:
        return "votes_off", "", ()
    if game.status is GameStatus.FINISHED:
        return "game_over", "", ()
    if game.status is GameStatus.FORMING:
        return "not_started", "", ()
    if power is None:
        return "no_power", "", ()
    status = table.powers[power].status
    if status is not PowerStatus.PLAYING:
        return status.value, "", ()
    powers: list[str] = []
    for name in names:
        try:
            powers.append(power_key(table.board, name.strip(" ,.;")))
        except ValueError:
            return "unknown_power", name, ()
    survivors = _survivors(table)
    gone = [p for p in powers if p not in survivors]
    if gone:
        return "not_surviving", ", ".join(str(table.power_name(p, config.language)) for p in gone), ()
    if kind == DRAW:
        chosen = tuple(sorted(set(powers)))
        if not chosen or set(chosen) == survivors:
            return None, "", ()  # DIAS: every survivor
        if not config.vote_options.named_draws:
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
    standing = table.uow.votes.standing(game.id).get(power)
    if standing is None or standing.kind == WITHDRAW:
        return "no_vote", "", ()
    return None, "", ()


def cast_vote(table: Table, caller: Caller, kind: str, names: Sequence[str],
              mail_id: int | None = None) -> Reply:
    """Record a vote (``kind`` draw, concede or withdraw) and answer the voter alone; end
    the game when the votes on file are unanimous."""
    if not table.exists:
        return refused("refusal.unknown_game", game=table.game_id)
    player = table.active_player(caller.address)
    if player is None:
        return refused("refusal.not_player", game=table.game_id)
    lang = player.language
    power = table.power_of(player)
    refusal, detail, powers = _check(table, power, kind, names)
    phase = table.phase
    if refusal is None and phase is None:
        refusal = "no_phase"
    context = {
        **table.words(lang),
        "power_name": table.power_name(power, lang),
        "refused": refusal_text(refusal, lang, detail) if refusal else None,
        "kind": kind,
    }
    mail_key = table.key("vote", f"mail{mail_id}" if mail_id is not None else table.now.isoformat(),
                         player.address)
    if refusal is not None:
        table.to_player(mail_key, player, "vote_reply", context)
        return Reply(False, f"refusal.{refusal}", {"detail": detail}, f"vote {kind} refused ({refusal})",
                     mailed=mail_key, power=power)
    assert phase is not None and power is not None
    vote = Vote(power, kind, powers)
    salt = new_salt()
    game_id = table.game_id
    row = table.uow.votes.cast(game_id, phase.id, power=power, kind=kind, powers=powers, salt=salt,
                               digest_of=lambda n: digest(canonical(game_id, n, vote, salt)),
                               now=table.now, player_id=player.id, source_mail_id=mail_id)
    context.update({
        "choice": choice_words(table, vote, lang, sorted(_survivors(table))),
        "number": row.number,
        "digest": row.digest,
        "text": canonical(game_id, row.number, vote, salt),
        "phase_name": table.phase_name(phase.code, lang),
    })
    table.to_player(mail_key, player, "vote_reply", context)
    ended = settle(table)
    note = f"vote {kind} ok (number {row.number})" + (" - game ended" if ended else "")
    return Reply(True, note=note, mailed=mail_key, power=power, phase=phase.code)


def _standing(table: Table) -> dict[str, Vote]:
    """Each power's vote, if cast by its current player (a replacement starts with none)."""
    holders = {p: player.id for p, player in table.holders.items()}
    return {p: as_vote(r) for p, r in table.uow.votes.standing(table.game_id).items()
            if r.player_id is not None and holders.get(p) == r.player_id}


def settle(table: Table) -> bool:
    """End the game if the votes on file are unanimous among the powers still played
    (after a vote, and on the clock: a hold-out may have fallen into civil disorder)."""
    game = table.game
    if not table.config.vote_options.enabled or game.status not in (GameStatus.ACTIVE, GameStatus.PAUSED):
        return False
    if table.phase is None:
        return False
    decided = verdict(_standing(table), _playing(table), _survivors(table))
    if decided is None:
        return False
    if decided.kind == DRAW:
        table.kind.end_by_vote(table, None, list(decided.powers), "draw")
    else:
        table.kind.end_by_vote(table, decided.powers[0], [], "concession")
    return True
