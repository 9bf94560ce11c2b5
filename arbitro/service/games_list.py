"""PARTITE / GAMES (issue 16): the games on this referee, for anyone who asks (no game,
no password): variant, phase, open seats, press, whether they may be observed."""

from __future__ import annotations

from datetime import datetime

from ..store import GameStatus, PowerStatus, UnitOfWork
from ..words import say
from .addresses import game_address
from .answers import Answer, send_answer
from .common import Services, phase_words


def games_list(svc: Services, uow: UnitOfWork, to: str, lang: str, now: datetime,
               mail_id: int | None) -> Answer:
    server = svc.config.server
    lines: list[str] = []
    for cfg in svc.config.games:
        game = uow.games.get(cfg.id)
        board = svc.boards(cfg.variant)
        status = game.status if game is not None else GameStatus.FORMING
        if status is GameStatus.FORMING:
            taken = len(uow.players.list(cfg.id)) if game is not None else len(cfg.players)
            seats = max(len(board.powers) - taken, 0)
        else:
            # Powers waiting for a replacement player (R-ONP-4).
            seats = sum(1 for p in uow.powers.all(cfg.id).values() if p.status is PowerStatus.ABANDONED)
        phase = uow.phases.current(cfg.id) if game is not None else None
        lines.append(say(lang, "games.line", game=cfg.id, name=cfg.name, variant=cfg.variant,
                         status=say(lang, f"status.game.{status.value}"),
                         phase=phase_words(phase.code if phase else None, lang)))
        lines.append("  " + say(lang, "games.details", seats=seats,
                                press=say(lang, f"games.press.{cfg.press}"),
                                address=game_address(server.referee_address, cfg.id, server.plus_separator)))
        if cfg.observers:
            lines.append("  " + say(lang, "games.observable"))
    if not lines:
        lines.append(say(lang, "games.none"))
    key = f"mail:{mail_id}:games" if mail_id is not None else f"games:{to}:{now.isoformat()}"
    send_answer(svc, uow, key, to, lang, None, say(lang, "games.heading"), "\n".join(lines), now)
    return Answer(True, note=f"games {len(svc.config.games)}")
