"""A player's orders (R-ORD-7: a new mail replaces the whole set), refused with a mail that
says what stands when they cannot be taken (the game's state, the phase named, the
lateness they would cost, R-LATE-3)."""

from __future__ import annotations

import hashlib
import re
from typing import Any

from ..diplomacy.board import Board
from ..diplomacy.orders import Order
from ..diplomacy.position import Phase, PhaseError
from ..diplomacy.readiness import OVER_ALLOWANCE
from ..diplomacy.reading.lines import Classifier, parse_orders
from ..diplomacy.reading.reports import IGNORED, OK, ParseReport
from ..reports import order_text
from ..store import GameStatus, PowerStatus
from ..store.codec import order_json, submission_orders
from ..store.models import Phase as PhaseRow
from ..store.models import Player
from ..words.lines import line_message
from . import lateness
from .access import Caller
from .readiness import readiness_words
from .refusals import days_used, refusal_text
from .reply import OrderLine, Reply, refused
from .table import Table

_PHASE_CODE = re.compile(r"\b([SFW])\s?(\d{4})\s?([MRA])\b", re.IGNORECASE)


def mail_lines(board: Board, report: ParseReport) -> list[dict[str, Any]]:
    """The lines a confirmation shows (every line but the ignored ones, except plain text
    the reader kept): what the reader made of each, in the reader's words (the stored copy,
    ``codec.submission_json``, keeps the codes)."""
    return [
        {
            "line": r.line,
            "text": r.text,
            "status": r.status.value,
            "code": r.code,
            "message": line_message(board, r, report.lang),
            "suggestion": r.suggestion,
            "order": order_json(r.order) if r.order is not None else None,
        }
        for r in report.lines if r.status is not IGNORED or r.code == "text"
    ]


def order_lines(board: Board, report: ParseReport) -> tuple[OrderLine, ...]:
    """The reply's lines, straight from the reader's report."""
    return tuple(
        OrderLine(r.line, r.text, r.status, line_message(board, r, report.lang), r.suggestion,
                  order_json(r.order) if r.order is not None else None)
        for r in report.lines
    )


def named_phase(text: str, subject_phase: str | None) -> str | None:
    """The phase a mail says it is for: given by the mail layer (subject), or a code such
    as S1901M written in the text."""
    if subject_phase:
        return subject_phase.strip().upper()
    m = _PHASE_CODE.search(text)
    return "".join(m.groups()).upper() if m else None


def _phase_mismatch(named: str | None, current: str) -> str | None:
    if named is None or named == current:
        return None
    try:
        if Phase.parse(named).sort_key < Phase.parse(current).sort_key:
            return "phase_processed"
    except PhaseError:
        return None
    return "wrong_phase"


def mail_key(table: Table, what: str, address: str, mail_id: int | None, text: str) -> str:
    """The key of the answer to one mail (or, without one, to this text at this instant)."""
    if mail_id is not None:
        return table.key(what, f"mail{mail_id}", address)
    digest = hashlib.sha256(f"{table.now.isoformat()}\n{text}".encode()).hexdigest()[:16]
    return table.key(what, digest, address)


def ordering_player(table: Table, address: str) -> Player | Reply:
    """The active player at ``address`` in the table's game, or the refusal (not mailed:
    the edge words it in the caller's language)."""
    if not table.exists:
        return refused("refusal.unknown_game", game=table.game_id)
    player = table.active_player(address)
    if player is None:
        return refused("refusal.not_player", game=table.game_id)
    return player


def read_orders(report: ParseReport) -> list[Order]:
    """The orders a mail gave, as the reader read them (no trip through their text)."""
    return [r.order for r in report.lines if r.status is OK and r.order is not None]


def submit_orders(table: Table, caller: Caller, text: str, *, mail_id: int | None = None,
                  phase: str | None = None, classify: Classifier | None = None) -> Reply:
    found = ordering_player(table, caller.address)
    if isinstance(found, Reply):
        return found
    player = found
    lang = player.language
    power = table.power_of(player)
    current = table.phase
    refusal = order_refusal(table, power)
    if refusal is None and current is not None:
        refusal = _phase_mismatch(named_phase(text, phase), current.code)
    if refusal is not None:
        return refuse_by_mail(table, player, power, refusal, text, mail_id)
    assert current is not None and power is not None
    due = lateness.charge(table, current, power, lateness.late_day(table, current))
    if due.refusal is not None:
        return refuse_by_mail(table, player, power, due.refusal, text, mail_id,
                              detail=days_used(due.used, due.allowed, lang))
    config = table.config
    report = parse_orders(
        table.board, text, power=power, position=table.position, lang=lang,
        strict_support=config.strict_support, infer_single_coast=config.infer_single_coast,
        classify=classify,
    )
    lines = order_lines(table.board, report)
    if all(r.status is IGNORED for r in report.lines):
        # Nothing that looks like an order: the set on file stays (a chat mail, a thank-you).
        return refuse_by_mail(table, player, power, "no_orders", text, mail_id, lines)
    lateness.pay(table, current, power, due)
    table.file_orders(power, text=text, report=report, player=player, mail_id=mail_id)
    on_file = tuple(order_text(table.board, o, lang) for o in read_orders(report))
    # Builds or disbands over the allowance: the reader voids them (R-ADJU-1), the summary
    # says so at the top.
    over = sum(1 for r in report.lines if r.code in OVER_ALLOWANCE)
    ready, step = readiness_words(table, power, lang, over)
    k = mail_key(table, "confirm", player.address, mail_id, text)
    context = {
        **table.words(lang),
        "power_name": table.power_name(power, lang),
        "phase_name": table.phase_name(current.code, lang),
        "deadline": table.when(current.deadline, lang, player),
        "lines": mail_lines(table.board, report),
        "on_file": on_file,
        "refused": None,
        "for_power": None,
        "late": _late_words(table, current, power, due) if due.day else None,
        "readiness": ready,
        "processing": step == "now",
    }
    table.to_player(k, player, "order_confirmation", context)
    return Reply(True, note=f"orders {power} ok", mailed=k, power=power, phase=current.code,
                 deadline=current.deadline, on_file=on_file, lines=lines)


def _late_words(table: Table, phase: PhaseRow, power: str, due: lateness.Charge) -> dict[str, Any]:
    """What the confirmation of a late mail says: the late day, the days it cost, what is
    left (R-LATE-3)."""
    used = table.lateness_used().get(power, 0)
    return {
        "day": due.day,
        "charged": due.days,
        "turn": int(phase.lateness.get(power, 0)),
        "left": max(0, table.config.lateness_bank_days - used),
    }


def order_refusal(table: Table, power: str | None) -> str | None:
    """Why the game takes no orders from ``power`` now (a refusal code), or None."""
    game = table.game
    if game.status is GameStatus.FINISHED:
        return "game_over"
    if game.status is GameStatus.FORMING:
        return "not_started"
    if power is None:
        return "no_power"
    if table.phase is None:
        return "no_phase"
    status = table.powers[power].status
    if status is PowerStatus.CIVIL_DISORDER:
        return "civil_disorder"
    if status is PowerStatus.ELIMINATED:
        return "eliminated"
    if status is PowerStatus.ABANDONED:
        return "abandoned"
    return None


def refuse_by_mail(table: Table, player: Player, power: str | None, reason: str, text: str,
                   mail_id: int | None, lines: tuple[OrderLine, ...] = (),
                   for_power: str | None = None, detail: str = "") -> Reply:
    """The refusal as a confirmation mail: why, and the orders that still stand."""
    lang = player.language
    phase = table.phase
    on_file: tuple[str, ...] = ()
    target = for_power or power
    if phase is not None and target is not None and for_power is None:
        current = table.orders_on_file.get(target)
        if current is not None:
            on_file = tuple(order_text(table.board, o, lang)
                            for o in submission_orders(table.board, target, current.parsed))
    k = mail_key(table, "refused", player.address, mail_id, text)
    context = {
        **table.words(lang),
        "power_name": table.power_name(power, lang),
        "phase_name": table.phase_name(phase.code if phase else None, lang),
        "deadline": table.when(phase.deadline if phase else None, lang, player),
        "lines": [],
        "on_file": on_file,
        "refused": refusal_text(reason, lang, detail),
        "for_power": table.power_name(for_power, lang) if for_power else None,
        "late": None,
        "closed": reason in lateness.REFUSALS,  # no "send again until the deadline"
        "readiness": [],
        "processing": False,
    }
    table.to_player(k, player, "order_confirmation", context)
    return Reply(False, f"refusal.{reason}", {"detail": detail, "game": table.game_id},
                 f"orders {target or '-'} refused ({reason})", mailed=k, power=target,
                 phase=phase.code if phase else None, deadline=phase.deadline if phase else None,
                 on_file=on_file, lines=lines)
