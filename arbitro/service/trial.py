"""PROVA / TEST: a private dry run (issue 17). The player's orders, and any assumed for
other powers in sections headed by the power's name, are adjudicated on the current
position; the answer goes to the player alone, with the map. Nothing is stored but the
reply in the outbox.

In a movement phase the powers given no orders hold; in retreats and winter the game's
referee defaults apply to them, as at the deadline (R-RET-3, R-ADJU-2/3).
"""

from __future__ import annotations

from typing import Any

from ..diplomacy.orders import Order, format_order
from ..diplomacy.phases import play
from ..diplomacy.reading.lines import Classifier, parse_orders
from ..diplomacy.reading.reports import IGNORED, OK
from ..render.kinds import MapKind
from ..reports import PhaseReport, results_context
from ..store import Attachment, GameStatus
from ..store.models import Phase as PhaseRow
from ..words import say
from ..words.lines import line_message
from .access import Caller
from .refusals import refusal_text
from .reply import Reply, refused
from .table import Table


def results_body(table: Table, phase: PhaseRow, report: PhaseReport, lang: str,
                 reader: dict[str, str], power: str | None) -> str:
    """The adjudication of a hypothetical phase as the results mail writes it (no next
    deadline: nothing was processed)."""
    context = {
        **table.words(lang),
        "player": reader,
        "power_name": table.power_name(power, lang),
        "phase_name": table.phase_name(phase.code, lang),
        "next_phase_name": table.phase_name(str(report.outcome.next.phase), lang),
        "deadline": None,
        # A hypothetical phase: no archive page, no judge block, no votes to commit.
        "phase_url": None,
        "judge": "",
        "vote_commitments": [],
        **results_context(table.board, report, lang),
    }
    return table.services.mailer.render("results", lang, context).body


def map_attachment(table: Table, phase: PhaseRow, report: PhaseReport, what: str,
                   lang: str) -> tuple[Attachment, ...]:
    """The map of the phase played, titled with it, in the reader's language."""
    render_map = table.services.render_map
    if render_map is None:
        return ()
    png = render_map(table.board, report.outcome, report.before, lang, table.map_options, MapKind.TRIAL)
    return (Attachment(f"{table.game_id}-{phase.code}-{what}.png", "image/png", png),)


def _sections(table: Table, power: str, text: str, classify: Classifier | None) -> dict[str, list[str]]:
    """The mail's lines by power, line numbers kept (other lines blank): a line with just a
    nation's name starts its section; lines before any are the sender's."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    headers = parse_orders(table.board, text, lang="it", classify=classify)
    starts = {r.line: r.notes[0][1][0] for r in headers.lines
              if r.code == "power_header" and r.notes and r.notes[0][1]}
    owner, by_line = power, []
    for number, _line in enumerate(lines, start=1):
        owner = starts.get(number, owner)
        by_line.append(owner)
    return {p: [line if by_line[i] == p and i + 1 not in starts else "" for i, line in enumerate(lines)]
            for p in dict.fromkeys([power, *by_line])}


def _read(table: Table, power: str, text: str, lang: str,
          classify: Classifier | None) -> tuple[dict[str, list[Order]], list[dict[str, Any]]]:
    """Orders by power, and the lines that were not taken (with why). Each power's
    section is read as that power's own mail would be."""
    orders: dict[str, list[Order]] = {}
    problems: list[dict[str, Any]] = []
    config = table.config
    for who, lines in _sections(table, power, text, classify).items():
        report = parse_orders(
            table.board, "\n".join(lines), power=who, position=table.position, lang=lang,
            strict_support=config.strict_support,
            infer_single_coast=config.infer_single_coast, classify=classify,
        )
        for r in report.lines:
            if r.status is OK and r.order is not None:
                orders.setdefault(who, []).append(r.order)
            elif r.status is not IGNORED:
                problems.append({"line": r.line, "text": r.text,
                                 "message": line_message(table.board, r, lang)})
    problems.sort(key=lambda p: int(p["line"]))
    return orders, problems


def trial(table: Table, caller: Caller, text: str, *, mail_id: int | None = None,
          classify: Classifier | None = None) -> Reply:
    if not table.exists:
        return refused("refusal.unknown_game", game=table.game_id)
    player = table.active_player(caller.address)
    if player is None:
        return refused("refusal.not_player", game=table.game_id)
    lang = player.language
    game = table.game
    power = table.power_of(player)
    phase = table.phase
    refusal = None
    if game.status is GameStatus.FINISHED:
        refusal = "game_over"
    elif game.status is GameStatus.FORMING:
        refusal = "not_started"
    elif power is None:
        refusal = "no_power"
    elif phase is None:
        refusal = "no_phase"
    context: dict[str, Any] = {**table.words(lang), "power_name": table.power_name(power, lang),
                               "refused": refusal_text(refusal, lang) if refusal else None}
    key = table.key("trial", f"mail{mail_id}" if mail_id is not None else table.now.isoformat(),
                    player.address)
    reader = {"name": player.name, "address": player.address}
    if refusal is not None:
        table.to_player(key, player, "trial", context)
        return Reply(False, f"refusal.{refusal}", note=f"trial refused ({refusal})", mailed=key)
    assert phase is not None and power is not None
    orders, problems = _read(table, power, text, lang, classify)
    position = table.position
    outcome = play(table.board, position, orders, table.rules)
    report = PhaseReport(position.phase, position, outcome)
    context.update({
        "phase_name": table.phase_name(phase.code, lang),
        "problems": problems,
        "assumed": [table.power_name(p, lang) for p in sorted(orders) if p != power],
        "results_body": results_body(table, phase, report, lang, reader, power),
    })
    table.to_player(key, player, "trial", context,
                    map_attachment(table, phase, report, say(lang, "file.trial"), lang))
    played = tuple(f"{p}: {format_order(o)}" for p, os in sorted(orders.items()) for o in os)
    return Reply(True, note="trial ok", mailed=key, power=power, phase=phase.code, on_file=played)
