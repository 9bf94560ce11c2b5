"""Playing a Diplomacy phase at its deadline (or early): the ONP decisions
(``diplomacy/defaults/escalation.py``, R-ONP), the rules engine, the results, the next
phase, the end (R-END). The service applies the rules: it stores the streaks, mails the
notices, suspends the game for a replacement, publishes the ballots at the end."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from ..diplomacy.defaults.escalation import PowerState, Standing, escalate, keeps_home
from ..diplomacy.orders import Order
from ..diplomacy.outcome import PhaseOutcome
from ..diplomacy.phases import play
from ..diplomacy.position import Position
from ..diplomacy.victory import centre_counts, eliminated, ending_after, leaders, power_centres
from ..render.kinds import MapKind
from ..reports import PhaseReport, judge_results, order_text, results_context
from ..reports.links import dossier_paths, phase_path
from ..store import Attachment, GameStatus, PhaseStatus, PlayerStatus, PowerStatus
from ..store.codec import PowerBefore, orders_of, position_of, submission_orders
from ..store.models import Phase as PhaseRow
from ..store.models import Player
from .deadlines import DeadlineNote
from .press_archive import publish_press
from .table import Table
from .vote_words import commitments, revealed

SUSPENSION = timedelta(days=7)  # R-ONP-4: one week for a replacement, one more once found


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


def _ballots(table: Table, phase: PhaseRow, power: str) -> dict[str, list[Order]]:
    votes: dict[str, list[Order]] = {}
    for b in table.uow.ballots.current(phase.id, power):
        votes[b.voter_power] = orders_of(table.board, power, b.orders)
    return votes


def power_states(table: Table) -> dict[str, PowerState]:
    """Each power's standing and ONP streak, as the rules read them."""
    return {p: PowerState(Standing(row.status.value), row.onp_streak) for p, row in table.powers.items()}


def phase_inputs(table: Table) -> PhaseInputs:
    """The inputs of the current phase as things stand (also the GM's preview, ANTEPRIMA)."""
    phase = table.phase
    assert phase is not None
    board, current = table.board, table.orders_on_file
    esc = escalate(table.position, power_states(table), set(current))
    orders = {p: submission_orders(board, p, sub.parsed) for p, sub in current.items() if p in esc.own}
    ballots = {p: _ballots(table, phase, p) for p in table.powers if p in esc.ballots}
    return PhaseInputs(orders, dict(esc.nmr), ballots, dict(esc.streaks), list(esc.first_onp),
                       list(esc.abandoned))


def process_phase(table: Table) -> None:
    """Play the current phase with what is on file, record it, open the next phase, send
    the mails."""
    phase = table.phase
    assert phase is not None
    now, game = table.now, table.game
    position = table.position
    powers = table.powers
    holders = table.holders
    powers_before = {
        p: PowerBefore(row.status, row.onp_streak, holders[p].id if p in holders else None)
        for p, row in powers.items()
    }
    inputs = phase_inputs(table)
    for power, streak in inputs.streaks.items():
        table.uow.powers.update(game.id, power, now, onp_streak=streak)
    orders, nmr, ballots = inputs.orders, inputs.nmr, inputs.ballots
    outcome = play(table.board, position, orders, table.rules, nmr, ballots)
    gone = _eliminate(table, outcome)
    ending = ending_after(position, outcome, table.config.end.centres)
    winner, tied = ending.winner, list(ending.tied)
    report = PhaseReport(position.phase, position, outcome, nmr, tuple(gone), winner)
    table.record_result(phase, outcome, nmr=nmr, eliminated=gone, winner=winner,
                        powers_before=powers_before)

    suspended = False
    for power in inputs.abandoned:
        suspended |= _abandon(table, position, power)
    if winner is not None:
        finish_game(table, winner=winner, tied=tied, final=outcome.next, phase=phase, report=report)
        return
    next_code = str(outcome.next.phase)
    deadline = table.next_deadline(next_code, now)
    opened = table.open_phase(outcome.next, deadline)
    note = DeadlineNote(opened.seq, next_code, deadline, now)
    _results_mails(table, phase, report, note)
    for power in inputs.first_onp:
        _first_onp_mails(table, phase, power, next_code, deadline)
    if suspended:
        resume_at = game.resume_at or (now + SUSPENSION)
        _suspension_mails(table, phase, inputs.abandoned, resume_at,
                          DeadlineNote(opened.seq, next_code, deadline, now, cancelled=True))


def _eliminate(table: Table, outcome: PhaseOutcome) -> list[str]:
    out = []
    for power, row in table.powers.items():
        if row.status is PowerStatus.ELIMINATED:
            continue
        if eliminated(outcome.next, power):
            table.uow.powers.update(table.game_id, power, table.now, status=PowerStatus.ELIMINATED)
            out.append(power)
    return out


def _abandon(table: Table, position: Position, power: str) -> bool:
    """R-ONP-3/4: the holder is out; suspension and a replacement call when the power still
    has 3 centres of which 2 at home, civil disorder at once otherwise. True if suspended."""
    holder = table.holders.get(power)
    table.release(power)
    if holder is not None:
        table.set_player_status(holder, PlayerStatus.EJECTED)
    if keeps_home(table.board, position, power):
        table.uow.powers.update(table.game_id, power, table.now, status=PowerStatus.ABANDONED)
        game = table.game
        if game.status is not GameStatus.PAUSED:
            table.uow.games.set_status(game, GameStatus.PAUSED, table.now,
                                       resume_at=table.now + SUSPENSION)
        return True
    declare_civil_disorder(table, power, reason="abandoned")
    return False


def declare_civil_disorder(table: Table, power: str, reason: str) -> None:
    table.uow.powers.update(table.game_id, power, table.now, status=PowerStatus.CIVIL_DISORDER,
                            onp_streak=0)
    phase = table.latest
    seq = phase.seq if phase else 0
    table.notify_all(
        ("civil_disorder", seq, power), "civil_disorder",
        lambda player, lang: {"disorder_name": table.power_name(power, lang), "reason": reason},
    )


def _results_mails(table: Table, phase: PhaseRow, report: PhaseReport, note: DeadlineNote) -> None:
    parts, config, game = table.services, table.config, table.game
    deadline, next_code = note.deadline, note.code
    base = ("results", phase.seq)
    maps: dict[str, tuple[Attachment, ...]] = {}
    # the classic judge layout, for the desktop tools that load judge results (issue 19)
    judge = judge_results(table.board, report, game.id) if config.judge_results != "off" else ""
    judge_file: tuple[Attachment, ...] = ()
    if judge and config.judge_results == "attachment":
        judge_file = (Attachment(f"{game.id}-{phase.code}.txt", "text/plain", judge.encode()),)
    inline = judge if config.judge_results == "inline" else ""

    def attachments(lang: str) -> tuple[Attachment, ...]:
        """The map in the reader's language, drawn once per language (and the judge file)."""
        if parts.render_map is None:
            return judge_file
        if lang not in maps:
            png = parts.render_map(table.board, report.outcome, report.before, lang, table.map_options,
                                   MapKind.RESULTS)
            maps[lang] = (Attachment(f"{game.id}-{phase.code}.png", "image/png", png),)
        return maps[lang] + judge_file

    holders = {p.id: power for power, p in table.holders.items()}
    votes = commitments(table, phase)

    def context(lang: str, power: str | None, reader: Player | None) -> dict[str, Any]:
        return {
            **table.words(lang),
            "power_name": table.power_name(power, lang),
            "phase_name": table.phase_name(phase.code, lang),
            "next_phase_name": table.phase_name(next_code, lang),
            "deadline": table.when(deadline, lang, reader),
            "phase_url": table.site_url(phase_path(game.id, phase.code)),
            **results_context(table.board, report, lang),
            "vote_commitments": votes,
            "judge": inline,
        }

    for player in table.players:
        lang = player.language
        k = table.key(*base, player.address)
        if table.outbox.has(k):
            continue  # already queued (a step run again): no map drawn for nothing
        table.to_player(k, player, "results", context(lang, holders.get(player.id), player),
                        attachments(lang), note=note)
    table.mail_observers(lambda a: table.key(*base, f"obs:{a}"), "results",
                         lambda lang: context(lang, None, None), attachments)
    lang = config.language
    gm_key = table.key(*base, "gm")
    if table.outbox.has(gm_key):
        return
    inner = parts.mailer.render("results", lang, {"player": {"name": "GM", "address": ""},
                                                **context(lang, None, None)})
    table.gm_copy(gm_key, inner, attachments(lang) + table.calendar(note, config.gm_address, lang))


def _first_onp_mails(table: Table, phase: PhaseRow, power: str, next_code: str,
                     deadline: datetime | None) -> None:
    """R-ONP-1/2: the owner is told; every other player is invited to vote for the power."""
    holders = table.holders
    owner = holders.get(power)
    for player in table.players:
        lang = player.language
        own = owner is not None and player.id == owner.id
        mine = next((p for p, h in holders.items() if h.id == player.id), None)
        context = {
            **table.words(lang),
            "power_name": table.power_name(mine, lang),
            "onp_name": table.power_name(power, lang),
            "onp_power": power,
            "own": own,
            "phase_name": table.phase_name(phase.code, lang),
            "next_phase_name": table.phase_name(next_code, lang),
            "deadline": table.when(deadline, lang, player),
        }
        table.to_player(table.key("onp", phase.seq, power, player.address), player, "onp_notice",
                        context)


def _suspension_mails(table: Table, phase: PhaseRow, powers: list[str], resume_at: datetime,
                      note: DeadlineNote | None = None) -> None:
    waiting = [p for p in powers if table.powers[p].status is PowerStatus.ABANDONED]
    position = table.position_of(phase)

    def extra(player: Player | None, lang: str) -> dict[str, Any]:
        return {
            "abandoned": [table.power_name(p, lang) for p in waiting],
            "resume_at": table.when(resume_at, lang, player),
        }

    table.notify_all(("suspended", phase.seq), "suspension", extra, note=note)
    config = table.config
    lang = config.language
    target = config.mailing_list or config.gm_address
    for power in waiting:
        table.send(
            table.key("replacement_call", phase.seq, power), [target], "replacement_call", lang,
            {
                **table.words(lang),
                "power_name": table.power_name(power, lang),
                "centres": power_centres(position, power),
                "units": len(position.units_of(power)),
                "phase_name": table.phase_name(phase.code, lang),
                "resume_at": table.when(resume_at, lang),
                "gm_address": config.gm_address,
            },
        )


def end_on_date(table: Table) -> None:
    """R-END-2: most centres on the end date wins; a tie is said and listed. The open phase
    is not played."""
    latest = table.phase or table.latest
    final: Position | None = None
    if latest is not None and latest.position_after is not None and latest.status is PhaseStatus.PROCESSED:
        final = position_of(table.board, latest.position_after)
    elif latest is not None:
        final = table.position_of(latest)
    ending = leaders(final.centres if final is not None else {})
    finish_game(table, winner=ending.winner, tied=list(ending.tied), final=final, phase=None,
                report=None, reason="temporale")


def end_where_it_stands(table: Table, winner: str | None, tied: Sequence[str], reason: str) -> None:
    """A unanimous vote ends the game where it stands: the open phase is not played."""
    phase = table.phase
    assert phase is not None
    finish_game(table, winner=winner, tied=list(tied), final=table.position, phase=phase,
                report=None, reason=reason)


def finish_game(table: Table, *, winner: str | None, tied: list[str], final: Position | None,
                phase: PhaseRow | None, report: PhaseReport | None, reason: str = "victory") -> None:
    """The end (R-END-1/2): final table, winner or the tie, and every ballot published
    (R-ONP-5)."""
    game = table.game
    centres = centre_counts(final.centres) if final is not None else {}
    result = {
        "reason": reason,
        "winner": winner,
        "tied": tied,
        "centres": dict(sorted(centres.items())),
        "phase": phase.code if phase else None,
    }
    table.uow.games.finish(game, result, table.now)
    publish_press(table)  # the press archive, if the GM chose so
    published = []
    for b in table.uow.ballots.of_game(game.id):
        ph = table.uow.phases.get(b.phase_id)
        published.append((ph.code, b.for_power, b.voter_power,
                          orders_of(table.board, b.for_power, b.orders)))
    seq = phase.seq if phase else 0
    archive, animation = dossier_paths(game.id)

    def extra(player: Player | None, lang: str) -> dict[str, Any]:
        out: dict[str, Any] = {
            "game_url": table.site_url(f"{game.id}/index.html"),
            "archive_url": table.site_url(archive),
            "animation_url": table.site_url(animation),
            "reason": reason,
            "winner_name": table.power_name(winner, lang) if winner else None,
            "tied_names": [table.power_name(p, lang) for p in tied],
            "table": [
                {"name": table.power_name(p, lang), "count": n}
                for p, n in sorted(centres.items(), key=lambda x: (-x[1], x[0]))
            ],
            "ballots": [
                {
                    "phase_name": table.phase_name(code, lang),
                    "for_name": table.power_name(target, lang),
                    "voter_name": table.power_name(voter, lang),
                    "orders": [order_text(table.board, o, lang) for o in orders],
                }
                for code, target, voter, orders in published
            ],
            "results": None,
            "votes": revealed(table, lang),
        }
        if report is not None and phase is not None:
            out["results"] = results_context(table.board, report, lang)
            out["phase_name"] = table.phase_name(phase.code, lang)
        return out

    table.notify_all(("game_end", seq), "game_end", extra)
    table.mail_observers(lambda a: table.key("game_end", seq, f"obs:{a}"), "game_end",
                         lambda lang: {**table.words(lang), "power_name": "-", **extra(None, lang)})
