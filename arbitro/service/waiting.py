"""ATTENDI / WAIT and NON ATTENDERE / NOWAIT (issue 16): a player asks that the current
phase not be processed before its deadline, even when every order is in (njudge's
``SET WAIT``). The request lasts for the current phase only: njudge clears it each turn,
and a wait forgotten for the rest of the game would hold every phase to its deadline."""

from __future__ import annotations

from .access import Caller
from .readiness import readiness_words
from .reply import Reply, refused
from .submit import order_refusal
from .table import Table


def set_wait(table: Table, caller: Caller, wait: bool, mail_id: int | None = None) -> Reply:
    """Record (``wait``) or withdraw the player's request to wait for the deadline, and
    mail them what changed and what happens next."""
    if not table.exists:
        return refused("refusal.unknown_game", game=table.game_id)
    player = table.active_player(caller.address)
    if player is None:
        return refused("refusal.not_player", game=table.game_id)
    lang = player.language
    power = table.power_of(player)
    refusal = order_refusal(table, power)
    if refusal is not None:
        return refused(f"refusal.{refusal}", game=table.game_id)
    phase = table.phase
    assert phase is not None and power is not None
    changed = table.uow.phases.set_waiting(phase, power, wait)
    table.audit("wait" if wait else "nowait", f"player:{player.address}", phase=phase.code,
                power=power, changed=changed)
    ready, _step = readiness_words(table, power, lang)
    what = "wait" if wait else "nowait"
    k = table.key(what, phase.seq, f"mail{mail_id}" if mail_id is not None else table.now.isoformat(),
                  player.address)
    table.to_player(k, player, "wait", {
        **table.words(lang),
        "power_name": table.power_name(power, lang),
        "phase_name": table.phase_name(phase.code, lang),
        "deadline": table.when(phase.deadline, lang),
        "waiting": wait,
        "changed": changed,
        "readiness": ready,
    })
    return Reply(True, note=f"{what} {'set' if changed else 'unchanged'}", mailed=k, power=power,
                 phase=phase.code)
