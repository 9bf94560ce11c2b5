"""What players send: orders (R-ORD-7), ballots (R-ONP-2/3/5), preference lists (R-END-3)."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from ..config.game import power_key
from ..diplomacy.board import Board
from ..diplomacy.orders import Order
from ..diplomacy.position import Phase, PhaseError
from ..diplomacy.defaults.escalation import PowerState, Standing, takes_ballots
from ..diplomacy.readiness import OVER_ALLOWANCE
from ..diplomacy.reading.lines import Classifier, parse_orders
from ..diplomacy.reading.reports import IGNORED, OK, ParseReport
from ..reports import order_text
from ..reports.readiness import readiness_lines
from ..store import GameStatus, PlayerStatus, PowerStatus, UnitOfWork
from ..store.codec import order_json, submission_json
from ..store.models import Game, Player
from ..store.models import Phase as PhaseRow
from ..words.lines import line_message
from . import lateness
from .common import Services, deadline_words, game_words, key, phase_words, pname
from .refusals import days_used, refusal_text
from .state import GameCtx, next_step, power_readiness, stored_orders
from .values import OK as REPLY_OK
from .values import REFUSED, OrderLine, OrderReply, PreferencesReply, ReplyStatus

_PHASE_CODE = re.compile(r"\b([SFW])\s?(\d{4})\s?([MRA])\b", re.IGNORECASE)


def mail_lines(board: Board, report: ParseReport) -> list[dict[str, Any]]:
    """The lines a confirmation shows: what the reader made of each, in the reader's words
    (the stored copy, ``codec.submission_json``, keeps the codes)."""
    return [
        {
            "line": r.line,
            "text": r.text,
            "status": r.status.value,
            "code": r.code,
            "message": line_message(board, r, report.lang),
            "suggestion": r.suggestion,
        }
        for r in report.lines
    ]


def _order_lines(board: Board, report: ParseReport) -> tuple[OrderLine, ...]:
    """The reply's lines, straight from the parser's report (the stored copy is
    ``submission_json``)."""
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


def _reply(
    status: ReplyStatus, reason: str | None, game_id: str, lang: str, *, power: str | None = None,
    phase: PhaseRow | None = None, lines: tuple[OrderLine, ...] = (), on_file: tuple[str, ...] = (),
    outbox_key: str | None = None, detail: str = "",
) -> OrderReply:
    return OrderReply(
        status=status,
        reason=reason,
        message=refusal_text(reason, lang, detail, game=game_id) if reason else "",
        game_id=game_id,
        power=power,
        phase=phase.code if phase is not None else None,
        lines=lines,
        on_file=on_file,
        deadline=phase.deadline if phase is not None else None,
        lang=lang,
        outbox_key=outbox_key,
    )


def _mail_key(uow: UnitOfWork, game_id: str, what: str, address: str, mail_id: int | None,
              text: str, now: datetime) -> str:
    if mail_id is not None:
        return key(uow, game_id, what, f"mail{mail_id}", address)
    digest = hashlib.sha256(f"{now.isoformat()}\n{text}".encode()).hexdigest()[:16]
    return key(uow, game_id, what, digest, address)


def _locked_player(
    svc: Services, uow: UnitOfWork, game_id: str, address: str
) -> tuple[GameCtx, Game, Player] | OrderReply:
    """The game (locked for this transaction) and its active player at ``address``, or
    the refusal when either is missing."""
    game = uow.games.get(game_id)
    ctx = svc.ctx(game_id)
    if game is None or ctx is None:
        return _reply(REFUSED, "unknown_game", game_id, "it")
    game = uow.games.lock(game_id)
    player = uow.players.by_address(game_id, address)
    if player is None or player.status is not PlayerStatus.ACTIVE:
        return _reply(REFUSED, "not_player", game_id, ctx.config.language)
    return ctx, game, player


def _read_orders(report: ParseReport) -> list[Order]:
    """The orders a mail gave, as the parser read them (no trip through their text)."""
    return [r.order for r in report.lines if r.status is OK and r.order is not None]


def submit_orders(
    svc: Services, uow: UnitOfWork, game_id: str, address: str, text: str, now: datetime,
    mail_id: int | None = None, phase_code: str | None = None, classify: Classifier | None = None,
) -> OrderReply:
    found = _locked_player(svc, uow, game_id, address)
    if isinstance(found, OrderReply):
        return found
    ctx, game, player = found
    lang = player.language
    power = uow.assignments.power_of(player)
    phase = uow.phases.current(game_id)
    refusal = order_refusal(uow, game, power, phase)
    if refusal is None and phase is not None:
        refusal = _phase_mismatch(named_phase(text, phase_code), phase.code)
    if refusal is not None:
        return _refuse_by_mail(svc, uow, ctx, game, player, power, phase, refusal, text, now, mail_id)
    assert phase is not None and power is not None
    due = lateness.charge(uow, ctx, phase, power, lateness.late_day(game, phase, now))
    if due.refusal is not None:
        return _refuse_by_mail(svc, uow, ctx, game, player, power, phase, due.refusal, text, now,
                               mail_id, detail=days_used(due.used, due.allowed, lang))
    position = ctx.position(phase)
    report = parse_orders(
        ctx.board, text, power=power, position=position, lang=lang,
        strict_support=ctx.config.strict_support, infer_single_coast=ctx.config.infer_single_coast,
        classify=classify,
    )
    parsed = mail_lines(ctx.board, report)
    lines = _order_lines(ctx.board, report)
    if all(r.status is IGNORED for r in report.lines):
        # Nothing that looks like an order: the set on file stays (a chat mail, a thank-you).
        return _refuse_by_mail(svc, uow, ctx, game, player, power, phase, "no_orders", text, now,
                               mail_id, lines)
    lateness.pay(uow, phase, power, due)
    uow.orders.submit(phase.id, power, text=text, parsed=submission_json(report), received_at=now,
                      player_id=player.id, source_mail_id=mail_id)
    on_file = tuple(order_text(ctx.board, o, lang) for o in _read_orders(report))
    # Builds or disbands over the allowance: the reader voids them (R-ADJU-1), the summary
    # says so at the top.
    over = sum(1 for r in report.lines if r.code in OVER_ALLOWANCE)
    ready, step = readiness_words(uow, ctx, phase, power, lang, over)
    k = _mail_key(uow, game_id, "confirm", player.address, mail_id, text, now)
    context = {
        **game_words(ctx, game, lang),
        "power_name": pname(ctx, power, lang),
        "phase_name": phase_words(phase.code, lang),
        "deadline": deadline_words(ctx, phase.deadline, lang, player),
        "lines": [l for l in parsed if l["status"] != IGNORED or l["code"] == "text"],
        "on_file": on_file,
        "refused": None,
        "for_power": None,
        "late": _late_words(uow, ctx, phase, power, due) if due.day else None,
        "readiness": ready,
        "processing": step == "now",
    }
    svc.mailer.to_player(uow, k, player, "order_confirmation", context, now)
    return _reply(REPLY_OK, None, game_id, lang, power=power, phase=phase, lines=lines,
                  on_file=on_file, outbox_key=k)


def readiness_words(uow: UnitOfWork, ctx: GameCtx, phase: PhaseRow, power: str,
                    lang: str, over: int = 0) -> tuple[list[str], str]:
    """What ``power`` still owes with the orders now on file, and what happens next, in
    the player's words (the confirmation and the status mail); and the next step."""
    powers = uow.powers.all(ctx.id)
    current = uow.orders.current(phase.id)
    held = set(uow.assignments.current(ctx.id))
    mine = power_readiness(ctx, ctx.position(phase), power, current.get(power))
    step = next_step(ctx, phase, powers, current, held, mine)
    return readiness_lines(ctx.board, mine, lang, step, over), step


def _late_words(uow: UnitOfWork, ctx: GameCtx, phase: PhaseRow, power: str,
                due: lateness.Charge) -> dict[str, Any]:
    """What the confirmation of a late mail says: the late day, the days it cost, what is
    left (R-LATE-3)."""
    used = uow.phases.lateness_used(ctx.id).get(power, 0)
    return {
        "day": due.day,
        "charged": due.days,
        "turn": int(phase.lateness.get(power, 0)),
        "left": max(0, ctx.config.lateness_bank_days - used),
    }


def order_refusal(uow: UnitOfWork, game: Game, power: str | None, phase: PhaseRow | None) -> str | None:
    if game.status is GameStatus.FINISHED:
        return "game_over"
    if game.status is GameStatus.FORMING:
        return "not_started"
    if power is None:
        return "no_power"
    if phase is None:
        return "no_phase"
    row = uow.powers.get(game.id, power)
    if row.status is PowerStatus.CIVIL_DISORDER:
        return "civil_disorder"
    if row.status is PowerStatus.ELIMINATED:
        return "eliminated"
    if row.status is PowerStatus.ABANDONED:
        return "abandoned"
    return None


def _refuse_by_mail(
    svc: Services, uow: UnitOfWork, ctx: GameCtx, game: Game, player: Player, power: str | None,
    phase: PhaseRow | None, reason: str, text: str, now: datetime, mail_id: int | None,
    lines: tuple[OrderLine, ...] = (), for_power: str | None = None, detail: str = "",
) -> OrderReply:
    lang = player.language
    on_file: tuple[str, ...] = ()
    target = for_power or power
    if phase is not None and target is not None and for_power is None:
        current = uow.orders.current(phase.id).get(target)
        if current is not None:
            on_file = tuple(order_text(ctx.board, o, lang)
                            for o in stored_orders(ctx.board, target, current.parsed))
    k = _mail_key(uow, game.id, "refused", player.address, mail_id, text, now)
    context = {
        **game_words(ctx, game, lang),
        "power_name": pname(ctx, power, lang),
        "phase_name": phase_words(phase.code if phase else None, lang),
        "deadline": deadline_words(ctx, phase.deadline if phase else None, lang, player),
        "lines": [],
        "on_file": on_file,
        "refused": refusal_text(reason, lang, detail),
        "for_power": pname(ctx, for_power, lang) if for_power else None,
        "late": None,
        "closed": reason in lateness.REFUSALS,  # no "send again until the deadline"
        "readiness": [],
        "processing": False,
    }
    svc.mailer.to_player(uow, k, player, "order_confirmation", context, now)
    return _reply(REFUSED, reason, game.id, lang, power=target, phase=phase, lines=lines,
                  on_file=on_file, outbox_key=k, detail=detail)


def ballot_target_ok(uow: UnitOfWork, game_id: str, for_power: str) -> bool:
    """R-ONP-2/3/5: votes count for a power after its first ONP, once abandoned, or in
    civil disorder."""
    row = uow.powers.get(game_id, for_power)
    return takes_ballots(PowerState(Standing(row.status.value), row.onp_streak))


def submit_ballot(
    svc: Services, uow: UnitOfWork, game_id: str, voter_address: str, for_power: str, text: str,
    now: datetime, mail_id: int | None = None, classify: Classifier | None = None,
) -> OrderReply:
    found = _locked_player(svc, uow, game_id, voter_address)
    if isinstance(found, OrderReply):
        return found
    ctx, game, player = found
    lang = player.language
    voter = uow.assignments.power_of(player)
    phase = uow.phases.current(game_id)
    try:
        target: str | None = power_key(ctx.board, for_power)
    except ValueError:
        target = None
    refusal = order_refusal(uow, game, voter, phase)
    if refusal is None:
        if target is None:
            refusal = "unknown_power"
        elif target == voter:
            refusal = "own_power"
        elif not ballot_target_ok(uow, game_id, target):
            refusal = "no_ballot_for_power"
        elif phase is not None and phase.code[-1] != "M":
            refusal = "no_ballot_now"
    if refusal is not None:
        return _refuse_by_mail(svc, uow, ctx, game, player, voter, phase, refusal, text, now,
                               mail_id, for_power=target)
    assert phase is not None and target is not None and voter is not None
    position = ctx.position(phase)
    report = parse_orders(
        ctx.board, text, power=target, position=position, lang=lang,
        strict_support=ctx.config.strict_support, infer_single_coast=ctx.config.infer_single_coast,
        classify=classify,
    )
    parsed = mail_lines(ctx.board, report)
    read = _read_orders(report)
    orders = [order_json(o) for o in read]
    if not orders:
        return _refuse_by_mail(svc, uow, ctx, game, player, voter, phase, "no_orders", text, now,
                               mail_id, _order_lines(ctx.board, report), for_power=target)
    # Stored as canonical texts: read back with the notation reader when counted.
    uow.ballots.cast(phase.id, voter_power=voter, for_power=target, orders=orders,
                     received_at=now, text=text, source_mail_id=mail_id)
    on_file = tuple(order_text(ctx.board, o, lang) for o in read)
    k = _mail_key(uow, game_id, "ballot", player.address, mail_id, text, now)
    context = {
        **game_words(ctx, game, lang),
        "power_name": pname(ctx, voter, lang),
        "phase_name": phase_words(phase.code, lang),
        "deadline": deadline_words(ctx, phase.deadline, lang, player),
        "lines": [l for l in parsed if l["status"] != IGNORED or l["code"] == "text"],
        "on_file": on_file,
        "refused": None,
        "for_power": pname(ctx, target, lang),
        "late": None,
        "readiness": [],
        "processing": False,
    }
    svc.mailer.to_player(uow, k, player, "order_confirmation", context, now)
    return _reply(REPLY_OK, None, game_id, lang, power=target, phase=phase,
                  lines=_order_lines(ctx.board, report), on_file=on_file, outbox_key=k)


def set_preferences(
    svc: Services, uow: UnitOfWork, game_id: str, address: str, powers: Sequence[str], now: datetime,
) -> PreferencesReply:
    ctx = svc.ctx(game_id)
    game = uow.games.get(game_id)
    if game is None or ctx is None:
        return PreferencesReply(REFUSED, "unknown_game", refusal_text("unknown_game", "it"), ())
    game = uow.games.lock(game_id)
    player = uow.players.by_address(game_id, address)
    if player is None or player.status is not PlayerStatus.ACTIVE:
        lang = ctx.config.language
        return PreferencesReply(REFUSED, "not_player", refusal_text("not_player", lang, game=game_id), ())
    lang = player.language
    if game.status is not GameStatus.FORMING:
        return PreferencesReply(REFUSED, "not_forming", refusal_text("not_forming", lang), ())
    if ctx.config.assignment != "preferences":
        return PreferencesReply(REFUSED, "not_preferences", refusal_text("not_preferences", lang), ())
    try:
        ranking = [power_key(ctx.board, p) for p in powers]
    except ValueError as exc:
        return PreferencesReply(REFUSED, "unknown_power", refusal_text("unknown_power", lang, str(exc)), ())
    if sorted(ranking) != sorted(ctx.board.powers):
        return PreferencesReply(REFUSED, "incomplete_ranking", refusal_text("incomplete_ranking", lang), ())
    uow.preferences.set(player, ranking)
    names = [pname(ctx, p, lang) for p in ranking]
    k = key(uow, game_id, "preferences", player.address, hashlib.sha256(",".join(ranking).encode()).hexdigest()[:12], now.isoformat())
    svc.mailer.to_player(uow, k, player, "preferences", {**game_words(ctx, game, lang), "ranking": names}, now)
    return PreferencesReply(REPLY_OK, None, "", tuple(ranking))
