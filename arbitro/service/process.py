"""Adjudicating a phase: ONP escalation (R-ONP), the rules engine, results, next phase, end."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from ..diplomacy.orders import Order
from ..diplomacy.outcome import PhaseOutcome
from ..diplomacy.phases import play
from ..diplomacy.defaults.escalation import PowerState, Standing, escalate, keeps_home
from ..diplomacy.position import Position
from ..diplomacy.victory import centre_counts, eliminated, ending_after, power_centres
from ..reports import PhaseReport, judge_results, order_text, results_context
from ..reports.links import dossier_paths, phase_path
from ..store import Attachment, GameStatus, PlayerStatus, PowerStatus, UnitOfWork
from ..store.codec import PowerBefore, orders_of, phase_result_json, position_json
from ..store.models import Game, GamePower, Player
from ..store.models import Phase as PhaseRow
from .common import (
    Services,
    active_players,
    deadline_ics,
    deadline_words,
    game_words,
    key,
    map_options,
    notify_all,
    phase_words,
    pname,
    site_url,
)
from .deadlines import DeadlineNote, next_deadline
from .observers import mail_observers
from .press_archive import publish_press
from .state import GameCtx, stored_orders
from .vote_words import commitments, revealed

SUSPENSION = timedelta(days=7)  # R-ONP-4: one week for a replacement, one more once found


def _ballots(ctx: GameCtx, uow: UnitOfWork, phase: PhaseRow, power: str) -> dict[str, list[Order]]:
    votes: dict[str, list[Order]] = {}
    for b in uow.ballots.current(phase.id, power):
        votes[b.voter_power] = orders_of(ctx.board, power, b.orders)
    return votes


@dataclass(frozen=True)
class PhaseInputs:
    """What processing a phase would play with, read without changing anything: the
    orders on file, the referee's reasons for silent powers (R-ONP) with the ballots that
    count, and the ONP streaks processing writes."""

    orders: dict[str, list[Order]]
    nmr: dict[str, str]
    ballots: dict[str, dict[str, list[Order]]]
    streaks: dict[str, int]  # power -> its ONP streak after this phase (only changes)
    first_onp: list[str]
    abandoned: list[str]


def phase_inputs(ctx: GameCtx, uow: UnitOfWork, game: Game, phase: PhaseRow) -> PhaseInputs:
    """The inputs of ``phase`` as things stand (also the GM's preview, ANTEPRIMA)."""
    board = ctx.board
    position = ctx.position(phase)
    powers = uow.powers.all(game.id)
    current = uow.orders.current(phase.id)
    states = {p: PowerState(Standing(row.status.value), row.onp_streak) for p, row in powers.items()}
    esc = escalate(position, states, set(current))
    orders = {p: stored_orders(board, p, sub.parsed) for p, sub in current.items() if p in esc.own}
    ballots = {p: _ballots(ctx, uow, phase, p) for p in powers if p in esc.ballots}
    return PhaseInputs(orders, dict(esc.nmr), ballots, dict(esc.streaks), list(esc.first_onp),
                       list(esc.abandoned))


def process_phase(svc: Services, uow: UnitOfWork, ctx: GameCtx, game: Game, phase: PhaseRow,
                  now: datetime) -> None:
    """Play ``phase`` with what is on file, record it, open the next phase, send the mails."""
    board = ctx.board
    position = ctx.position(phase)
    powers = uow.powers.all(game.id)
    holders = uow.assignments.current(game.id)
    powers_before = {
        p: PowerBefore(row.status, row.onp_streak, holders[p].id if p in holders else None)
        for p, row in powers.items()
    }
    inputs = phase_inputs(ctx, uow, game, phase)
    for power, streak in inputs.streaks.items():
        uow.powers.update(game.id, power, now, onp_streak=streak)
    orders, nmr, ballots = inputs.orders, inputs.nmr, inputs.ballots
    first_onp, abandoned = inputs.first_onp, inputs.abandoned
    outcome = play(board, position, orders, ctx.rules, nmr, ballots)
    eliminated = _eliminate(uow, game, outcome, powers, now)
    ending = ending_after(position, outcome, ctx.config.end.centres)
    winner, tied = ending.winner, list(ending.tied)
    report = PhaseReport(position.phase, position, outcome, nmr, tuple(eliminated), winner)
    doc = phase_result_json(phase.code, outcome, nmr=nmr, eliminated=eliminated, winner=winner,
                            powers_before=powers_before, lateness=phase.lateness)
    after_json = position_json(outcome.next)
    uow.phases.record_result(phase, results=doc, position_after=after_json, now=now)

    suspended = False
    for power in abandoned:
        suspended |= _abandon(svc, uow, ctx, game, position, power, now)
    if winner is not None:
        finish_game(svc, uow, ctx, game, now, winner=winner, tied=tied, final=outcome.next,
                    phase=phase, report=report)
        return
    next_code = str(outcome.next.phase)
    deadline = next_deadline(uow, ctx, next_code, now)
    opened = uow.phases.open(game.id, next_code, after_json, now=now, deadline=deadline)
    note = DeadlineNote(opened.seq, next_code, deadline, now)
    _results_mails(svc, uow, ctx, game, phase, report, note, now)
    for power in first_onp:
        _first_onp_mails(svc, uow, ctx, game, phase, power, next_code, deadline, now)
    if suspended:
        resume_at = game.resume_at or (now + SUSPENSION)
        _suspension_mails(svc, uow, ctx, game, phase, abandoned, resume_at, now,
                          DeadlineNote(opened.seq, next_code, deadline, now, cancelled=True))


def _eliminate(uow: UnitOfWork, game: Game, outcome: PhaseOutcome, powers: dict[str, GamePower],
               now: datetime) -> list[str]:
    nxt = outcome.next
    out = []
    for power, row in powers.items():
        if row.status is PowerStatus.ELIMINATED:
            continue
        if eliminated(nxt, power):
            uow.powers.update(game.id, power, now, status=PowerStatus.ELIMINATED)
            out.append(power)
    return out


def _abandon(svc: Services, uow: UnitOfWork, ctx: GameCtx, game: Game, position: Position,
             power: str, now: datetime) -> bool:
    """R-ONP-3/4: the holder is out; suspension and a replacement call when the power still
    has 3 centres of which 2 at home, civil disorder at once otherwise. True if suspended."""
    holder = uow.assignments.current(game.id).get(power)
    uow.assignments.release(game.id, power, now)
    if holder is not None:
        uow.players.set_status(holder, PlayerStatus.EJECTED, now)
    if keeps_home(ctx.board, position, power):
        uow.powers.update(game.id, power, now, status=PowerStatus.ABANDONED)
        if game.status is not GameStatus.PAUSED:
            uow.games.set_status(game, GameStatus.PAUSED, now, resume_at=now + SUSPENSION)
        return True
    declare_civil_disorder(svc, uow, ctx, game, power, now, reason="abandoned")
    return False


def declare_civil_disorder(svc: Services, uow: UnitOfWork, ctx: GameCtx, game: Game, power: str,
                           now: datetime, reason: str) -> None:
    uow.powers.update(game.id, power, now, status=PowerStatus.CIVIL_DISORDER, onp_streak=0)
    phase = uow.phases.latest(game.id)
    seq = phase.seq if phase else 0
    notify_all(
        svc, uow, ctx, game, ("civil_disorder", seq, power), "civil_disorder",
        lambda player, lang: {"disorder_name": pname(ctx, power, lang), "reason": reason}, now,
    )


def _results_mails(svc: Services, uow: UnitOfWork, ctx: GameCtx, game: Game, phase: PhaseRow,
                   report: PhaseReport, note: DeadlineNote, now: datetime) -> None:
    deadline, next_code = note.deadline, note.code
    base = ("results", phase.seq)
    players = active_players(uow, game.id)
    maps: dict[str, tuple[Attachment, ...]] = {}
    # the classic judge layout, for the desktop tools that load judge results (issue 19)
    judge = judge_results(ctx.board, report, game.id) if ctx.config.judge_results != "off" else ""
    judge_file: tuple[Attachment, ...] = ()
    if judge and ctx.config.judge_results == "attachment":
        judge_file = (Attachment(f"{game.id}-{phase.code}.txt", "text/plain", judge.encode()),)
    inline = judge if ctx.config.judge_results == "inline" else ""

    def attachments(lang: str) -> tuple[Attachment, ...]:
        """The map in the reader's language, drawn once per language (and the judge file)."""
        if svc.render_map is None:
            return judge_file
        if lang not in maps:
            png = svc.render_map(ctx.board, report.outcome, report.before, lang, map_options(ctx))
            maps[lang] = (Attachment(f"{game.id}-{phase.code}.png", "image/png", png),)
        return maps[lang] + judge_file

    holders = {p.id: power for power, p in uow.assignments.current(game.id).items()}
    inner = None

    def context(lang: str, power: str | None, reader: Player | None) -> dict[str, Any]:
        return {
            **game_words(ctx, game, lang),
            "power_name": pname(ctx, power, lang),
            "phase_name": phase_words(phase.code, lang),
            "next_phase_name": phase_words(next_code, lang),
            "deadline": deadline_words(ctx, deadline, lang, reader),
            "phase_url": site_url(svc, phase_path(game.id, phase.code)),
            **results_context(ctx.board, report, lang),
            "vote_commitments": votes,
            "judge": inline,
        }

    votes = commitments(uow, phase.id)
    for player in players:
        lang = player.language
        k = key(uow, game.id, *base, player.address)
        if uow.outbox.by_key(k) is not None:
            continue  # already queued (a step run again): no map drawn for nothing
        svc.mailer.to_player(uow, k, player, "results", context(lang, holders.get(player.id), player), now,
                             attachments(lang) + deadline_ics(svc, ctx, game, note, player.address, lang, now))
    mail_observers(svc, uow, game.id, lambda a: key(uow, game.id, *base, f"obs:{a}"), "results",
                   lambda lang: context(lang, None, None), now, attachments)
    lang = ctx.config.language
    gm_key = key(uow, game.id, *base, "gm")
    if uow.outbox.by_key(gm_key) is not None:
        return
    inner = svc.mailer.render("results", lang, {"player": {"name": "GM", "address": ""}, **context(lang, None, None)})
    svc.mailer.gm_copy(uow, gm_key, ctx.config.gm_address, lang, inner, now, game.id,
                       attachments(lang) + deadline_ics(svc, ctx, game, note, ctx.config.gm_address, lang, now))


def _first_onp_mails(svc: Services, uow: UnitOfWork, ctx: GameCtx, game: Game, phase: PhaseRow,
                     power: str, next_code: str, deadline: datetime | None, now: datetime) -> None:
    """R-ONP-1/2: the owner is told; every other player is invited to vote for the power."""
    holders = uow.assignments.current(game.id)
    owner = holders.get(power)
    for player in active_players(uow, game.id):
        lang = player.language
        own = owner is not None and player.id == owner.id
        mine = next((p for p, h in holders.items() if h.id == player.id), None)
        context = {
            **game_words(ctx, game, lang),
            "power_name": pname(ctx, mine, lang),
            "onp_name": pname(ctx, power, lang),
            "onp_power": power,
            "own": own,
            "phase_name": phase_words(phase.code, lang),
            "next_phase_name": phase_words(next_code, lang),
            "deadline": deadline_words(ctx, deadline, lang, player),
        }
        k = key(uow, game.id, "onp", phase.seq, power, player.address)
        svc.mailer.to_player(uow, k, player, "onp_notice", context, now)


def _suspension_mails(svc: Services, uow: UnitOfWork, ctx: GameCtx, game: Game, phase: PhaseRow,
                      powers: list[str], resume_at: datetime, now: datetime,
                      note: DeadlineNote | None = None) -> None:
    waiting = [p for p in powers if uow.powers.get(game.id, p).status is PowerStatus.ABANDONED]
    position = ctx.position(phase)

    def extra(player: Any, lang: str) -> dict[str, Any]:
        return {
            "abandoned": [pname(ctx, p, lang) for p in waiting],
            "resume_at": deadline_words(ctx, resume_at, lang, player),
        }

    notify_all(svc, uow, ctx, game, ("suspended", phase.seq), "suspension", extra, now, note=note)
    lang = ctx.config.language
    target = ctx.config.mailing_list or ctx.config.gm_address
    for power in waiting:
        svc.mailer.send(
            uow,
            key(uow, game.id, "replacement_call", phase.seq, power),
            to=[target],
            template="replacement_call",
            lang=lang,
            context={
                **game_words(ctx, game, lang),
                "power_name": pname(ctx, power, lang),
                "centres": power_centres(position, power),
                "units": len(position.units_of(power)),
                "phase_name": phase_words(phase.code, lang),
                "resume_at": deadline_words(ctx, resume_at, lang),
                "gm_address": ctx.config.gm_address,
            },
            now=now,
            game_id=game.id,
        )


def finish_game(svc: Services, uow: UnitOfWork, ctx: GameCtx, game: Game, now: datetime, *,
                winner: str | None, tied: list[str], final: Position | None,
                phase: PhaseRow | None, report: PhaseReport | None, reason: str = "victory") -> None:
    """The end (R-END-1/2): final table, winner or the tie, and every ballot published
    (R-ONP-5)."""
    centres = centre_counts(final.centres) if final is not None else {}
    result = {
        "reason": reason,
        "winner": winner,
        "tied": tied,
        "centres": dict(sorted(centres.items())),
        "phase": phase.code if phase else None,
    }
    uow.games.finish(game, result, now)
    publish_press(svc, uow, game.id, now)  # the press archive, if the GM chose so
    published = []
    for b in uow.ballots.of_game(game.id):
        ph = uow.phases.get(b.phase_id)
        published.append((ph.code, b.for_power, b.voter_power, orders_of(ctx.board, b.for_power, b.orders)))
    seq = phase.seq if phase else 0
    archive, animation = dossier_paths(game.id)

    def extra(player: Any, lang: str) -> dict[str, Any]:
        out: dict[str, Any] = {
            "game_url": site_url(svc, f"{game.id}/index.html"),
            "archive_url": site_url(svc, archive),
            "animation_url": site_url(svc, animation),
            "reason": reason,
            "winner_name": pname(ctx, winner, lang) if winner else None,
            "tied_names": [pname(ctx, p, lang) for p in tied],
            "table": [
                {"name": pname(ctx, p, lang), "count": n}
                for p, n in sorted(centres.items(), key=lambda x: (-x[1], x[0]))
            ],
            "ballots": [
                {
                    "phase_name": phase_words(code, lang),
                    "for_name": pname(ctx, target, lang),
                    "voter_name": pname(ctx, voter, lang),
                    "orders": [order_text(ctx.board, o, lang) for o in orders],
                }
                for code, target, voter, orders in published
            ],
            "results": None,
            "votes": revealed(uow, ctx, game.id, lang),
        }
        if report is not None and phase is not None:
            out["results"] = results_context(ctx.board, report, lang)
            out["phase_name"] = phase_words(phase.code, lang)
        return out

    notify_all(svc, uow, ctx, game, ("game_end", seq), "game_end", extra, now)
    mail_observers(svc, uow, game.id, lambda a: key(uow, game.id, "game_end", seq, f"obs:{a}"),
                   "game_end", lambda lang: {**game_words(ctx, game, lang), "power_name": "-",
                                             **extra(None, lang)}, now)

