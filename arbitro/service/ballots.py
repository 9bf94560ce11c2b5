"""VOTO / VOTE: orders voted for a power that sent none (R-ONP-2/3/5), from a playing
power, for another power after its first ONP, once abandoned or in civil disorder, in
movement phases only. Stored as canonical orders (the voter's newer ballot replaces the
older), secret until the game ends."""

from __future__ import annotations

from ..config.game import power_key
from ..diplomacy.defaults.escalation import takes_ballots
from ..diplomacy.reading.lines import Classifier, parse_orders
from ..reports import order_text
from ..store.codec import order_json
from .access import Caller
from .process import power_states
from .reply import Reply
from .submit import (
    mail_key,
    mail_lines,
    order_lines,
    order_refusal,
    ordering_player,
    read_orders,
    refuse_by_mail,
)
from .table import Table


def submit_ballot(table: Table, caller: Caller, for_power: str, text: str, *,
                  mail_id: int | None = None, classify: Classifier | None = None) -> Reply:
    found = ordering_player(table, caller.address)
    if isinstance(found, Reply):
        return found
    player = found
    lang = player.language
    voter = table.power_of(player)
    phase = table.phase
    try:
        target: str | None = power_key(table.board, for_power)
    except ValueError:
        target = None
    refusal = order_refusal(table, voter)
    if refusal is None:
        if target is None:
            refusal = "unknown_power"
        elif target == voter:
            refusal = "own_power"
        elif not takes_ballots(power_states(table)[target]):
            refusal = "no_ballot_for_power"
        elif phase is not None and phase.code[-1] != "M":
            refusal = "no_ballot_now"
    if refusal is not None:
        return refuse_by_mail(table, player, voter, refusal, text, mail_id, for_power=target)
    assert phase is not None and target is not None and voter is not None
    config = table.config
    report = parse_orders(
        table.board, text, power=target, position=table.position, lang=lang,
        strict_support=config.strict_support, infer_single_coast=config.infer_single_coast,
        classify=classify,
    )
    read = read_orders(report)
    orders = [order_json(o) for o in read]
    if not orders:
        return refuse_by_mail(table, player, voter, "no_orders", text, mail_id,
                              order_lines(table.board, report), for_power=target)
    table.uow.ballots.cast(phase.id, voter_power=voter, for_power=target, orders=orders,
                           received_at=table.now, text=text, source_mail_id=mail_id)
    on_file = tuple(order_text(table.board, o, lang) for o in read)
    k = mail_key(table, "ballot", player.address, mail_id, text)
    context = {
        **table.words(lang),
        "power_name": table.power_name(voter, lang),
        "phase_name": table.phase_name(phase.code, lang),
        "deadline": table.when(phase.deadline, lang, player),
        "lines": mail_lines(table.board, report),
        "on_file": on_file,
        "refused": None,
        "for_power": table.power_name(target, lang),
        "late": None,
        "readiness": [],
        "processing": False,
    }
    table.to_player(k, player, "order_confirmation", context)
    return Reply(True, note=f"ballot for {target} ok", mailed=k, power=target, phase=phase.code,
                 deadline=phase.deadline, on_file=on_file, lines=order_lines(table.board, report))
