"""PROVA / TEST: a private dry run (issue 17). The player's orders, and any assumed for
other powers in sections headed by the power's name, are adjudicated on the current
position; the answer goes to the player alone, with the map. Nothing is stored but the
reply in the outbox.

In a movement phase the powers given no orders hold; in retreats and winter the game's
referee defaults apply to them, as at the deadline (R-RET-3, R-ADJU-2/3).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from ..diplomacy.orders import Order, format_order
from ..diplomacy.phases import play
from ..diplomacy.reading.lines import Classifier, parse_orders
from ..diplomacy.reading.reports import IGNORED, OK
from ..render.kinds import MapKind
from ..reports import PhaseReport, results_context
from ..store import Attachment, GameStatus, PlayerStatus, UnitOfWork
from ..store.models import Game
from ..store.models import Phase as PhaseRow
from ..words import say
from ..words.lines import line_message
from .common import Services, game_words, key, map_options, phase_words, pname
from .refusals import refusal_text
from .state import GameCtx
from .values import OK as REPLY_OK
from .values import REFUSED, ReplyStatus


@dataclass(frozen=True)
class TrialReply:
    status: ReplyStatus
    reason: str | None
    orders: dict[str, tuple[str, ...]]  # power -> canonical orders played (tests, logs)


def results_body(svc: Services, ctx: GameCtx, game: Game, phase: PhaseRow, report: PhaseReport,
                 lang: str, reader: dict[str, str], power: str | None) -> str:
    """The adjudication of a hypothetical phase as the results mail writes it (no next
    deadline: nothing was processed)."""
    context = {
        **game_words(ctx, game, lang),
        "player": reader,
        "power_name": pname(ctx, power, lang),
        "phase_name": phase_words(phase.code, lang),
        "next_phase_name": phase_words(str(report.outcome.next.phase), lang),
        "deadline": None,
        # A hypothetical phase: no archive page, no judge block, no votes to commit.
        "phase_url": None,
        "judge": "",
        "vote_commitments": [],
        **results_context(ctx.board, report, lang),
    }
    return svc.mailer.render("results", lang, context).body


def map_attachment(svc: Services, ctx: GameCtx, game: Game, phase: PhaseRow, report: PhaseReport,
                   what: str, lang: str) -> tuple[Attachment, ...]:
    """The map of the phase played, titled with it, in the reader's language."""
    if svc.render_map is None:
        return ()
    png = svc.render_map(ctx.board, report.outcome, report.before, lang, map_options(ctx), MapKind.TRIAL)
    return (Attachment(f"{game.id}-{phase.code}-{what}.png", "image/png", png),)


def _sections(ctx: GameCtx, power: str, text: str, classify: Classifier | None) -> dict[str, list[str]]:
    """The mail's lines by power, line numbers kept (other lines blank): a line with just a
    nation's name starts its section; lines before any are the sender's."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    headers = parse_orders(ctx.board, text, lang="it", classify=classify)
    starts = {r.line: r.notes[0][1][0] for r in headers.lines
              if r.code == "power_header" and r.notes and r.notes[0][1]}
    owner, by_line = power, []
    for number, _line in enumerate(lines, start=1):
        owner = starts.get(number, owner)
        by_line.append(owner)
    return {p: [line if by_line[i] == p and i + 1 not in starts else "" for i, line in enumerate(lines)]
            for p in dict.fromkeys([power, *by_line])}


def _read(ctx: GameCtx, phase: PhaseRow, power: str, text: str, lang: str,
          classify: Classifier | None) -> tuple[dict[str, list[Order]], list[dict[str, Any]]]:
    """Orders by power, and the lines that were not taken (with why). Each power's
    section is read as that power's own mail would be."""
    position = ctx.position(phase)
    orders: dict[str, list[Order]] = {}
    problems: list[dict[str, Any]] = []
    for who, lines in _sections(ctx, power, text, classify).items():
        report = parse_orders(
            ctx.board, "\n".join(lines), power=who, position=position, lang=lang,
            strict_support=ctx.config.strict_support,
            infer_single_coast=ctx.config.infer_single_coast, classify=classify,
        )
        for r in report.lines:
            if r.status is OK and r.order is not None:
                orders.setdefault(who, []).append(r.order)
            elif r.status is not IGNORED:
                problems.append({"line": r.line, "text": r.text,
                                 "message": line_message(ctx.board, r, lang)})
    problems.sort(key=lambda p: int(p["line"]))
    return orders, problems


def trial(svc: Services, uow: UnitOfWork, game_id: str, address: str, text: str, now: datetime,
          mail_id: int | None = None, classify: Classifier | None = None) -> TrialReply:
    ctx = svc.ctx(game_id)
    game = uow.games.get(game_id)
    if ctx is None or game is None:
        return TrialReply(REFUSED, "unknown_game", {})
    player = uow.players.by_address(game_id, address)
    if player is None or player.status is not PlayerStatus.ACTIVE:
        return TrialReply(REFUSED, "not_player", {})
    lang = player.language
    power = uow.assignments.power_of(player)
    phase = uow.phases.current(game_id)
    refusal = None
    if game.status is GameStatus.FINISHED:
        refusal = "game_over"
    elif game.status is GameStatus.FORMING:
        refusal = "not_started"
    elif power is None:
        refusal = "no_power"
    elif phase is None:
        refusal = "no_phase"
    context: dict[str, Any] = {**game_words(ctx, game, lang), "power_name": pname(ctx, power, lang),
                               "refused": refusal_text(refusal, lang) if refusal else None}
    mail_key = key(uow, game_id, "trial", f"mail{mail_id}" if mail_id is not None else now.isoformat(),
                   player.address)
    reader = {"name": player.name, "address": player.address}
    if refusal is not None:
        svc.mailer.to_player(uow, mail_key, player, "trial", context, now)
        return TrialReply(REFUSED, refusal, {})
    assert phase is not None and power is not None
    orders, problems = _read(ctx, phase, power, text, lang, classify)
    position = ctx.position(phase)
    outcome = play(ctx.board, position, orders, ctx.rules)
    report = PhaseReport(position.phase, position, outcome)
    context.update({
        "phase_name": phase_words(phase.code, lang),
        "problems": problems,
        "assumed": [pname(ctx, p, lang) for p in sorted(orders) if p != power],
        "results_body": results_body(svc, ctx, game, phase, report, lang, reader, power),
    })
    svc.mailer.to_player(uow, mail_key, player, "trial", context, now,
                         map_attachment(svc, ctx, game, phase, report, say(lang, "file.trial"), lang))
    return TrialReply(REPLY_OK, None, {p: tuple(format_order(o) for o in os) for p, os in orders.items()})
