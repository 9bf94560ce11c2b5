"""PARTITE / GAMES (issue 16): the games on this referee, for anyone who asks (no game,
no password): variant, phase, open seats, press, whether they may be observed."""

from __future__ import annotations

from ..config.addresses import game_address
from ..store import GameStatus, PowerStatus
from ..words import say
from .access import Caller
from .answers import send_answer
from .reply import Reply
from .table import Office


def games_list(office: Office, caller: Caller, mail_id: int | None) -> Reply:
    server = office.config.server
    lang, to = caller.lang, caller.address
    lines: list[str] = []
    for cfg in office.config.games:
        table = office.table(cfg.id)
        game = table.uow.games.get(cfg.id)
        status = game.status if game is not None else GameStatus.FORMING
        if status is GameStatus.FORMING:
            taken = len(table.uow.players.list(cfg.id)) if game is not None else len(cfg.players)
            seats = max(len(table.kind.powers(table)) - taken, 0)
        else:
            # Powers waiting for a replacement player (R-ONP-4).
            seats = sum(1 for p in table.powers.values() if p.status is PowerStatus.ABANDONED)
        phase = table.phase if game is not None else None
        lines.append(say(lang, "games.line", game=cfg.id, name=cfg.name, variant=cfg.variant,
                         status=say(lang, f"status.game.{status.value}"),
                         phase=table.phase_name(phase.code if phase else None, lang)))
        lines.append("  " + say(lang, "games.details", seats=seats,
                                press=say(lang, f"games.press.{cfg.press}"),
                                address=game_address(server.referee_address, cfg.id, server.plus_separator)))
        if cfg.observers:
            lines.append("  " + say(lang, "games.observable"))
    if not lines:
        lines.append(say(lang, "games.none"))
    key = f"mail:{mail_id}:games" if mail_id is not None else f"games:{to}:{office.now.isoformat()}"
    send_answer(office, key, to, lang, None, say(lang, "games.heading"), "\n".join(lines))
    return Reply(True, note=f"games {len(office.config.games)}")
