"""What every procedure needs: the config, boards, the mailer and the map hook."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from ..config import Config
from ..diplomacy.board import Board
from ..diplomacy.outcome import PhaseOutcome
from ..diplomacy.position import Position
from ..render.kinds import MapKind
from ..render.options import MapOptions
from ..reports import TemplateContext, phase_name, power_name, when
from ..store import Attachment, PlayerStatus, UnitOfWork
from ..store.models import Game, Player
from .deadlines import DeadlineNote, calendar, zone_of
from .mailer import Mailer, revision
from .state import BoardLoader, GameCtx

# A phase's map as PNG bytes: (board, outcome, the position it was played from, the
# reader's language, the game's map options, what the map is: its title says it);
# reports.maps.render_map_png.
RenderMap = Callable[[Board, PhaseOutcome, Position, str, MapOptions, MapKind], bytes]


def map_options(ctx: GameCtx) -> MapOptions:
    """The GM's choices for the game's maps ([[game]] map_* keys)."""
    return MapOptions(names=ctx.config.map_names, palette=ctx.config.map_palette)


def new_draw_seed() -> str:
    """A secret seed for a nation draw (R-END-3): 32 random bytes, hex."""
    return secrets.token_hex(32)


@dataclass
class Services:
    config: Config
    boards: BoardLoader
    mailer: Mailer
    render_map: RenderMap | None
    # Where draw seeds come from; tests that compare two runs pass a fixed one.
    draw_seed: Callable[[], str] = new_draw_seed

    def ctx(self, game_id: str) -> GameCtx | None:
        """The game's configuration, or None when the config no longer lists it."""
        try:
            game = self.config.game(game_id)
        except KeyError:
            return None
        return GameCtx(game, self.boards(game.variant))


def game_words(ctx: GameCtx, game: Game, lang: str) -> dict[str, Any]:
    """The context every game mail starts from."""
    return {
        "game": {
            "id": game.id,
            "name": game.name,
            "press": ctx.config.press,
            "timezone": ctx.config.timezone,
        },
        "tag": f"[{game.id}]",
    }


def site_url(svc: Services, path: str) -> str | None:
    """The public address of a page of the web archive ([site] base_url), or None."""
    return svc.config.site.url(path) if svc.config.site is not None else None


def deadline_words(ctx: GameCtx, moment: datetime | None, lang: str, player: Player | None = None) -> str:
    """An absolute date and time with its zone named: the player's own zone (FUSO /
    TIMEZONE), else the game's."""
    return when(moment, zone_of(ctx, player), lang)


def deadline_ics(svc: Services, ctx: GameCtx, game: Game, note: DeadlineNote | None, address: str,
                 lang: str, now: datetime) -> tuple[Attachment, ...]:
    """The calendar event of ``note`` for one recipient (none without a deadline)."""
    return calendar(ctx, game, note, address, lang, svc.mailer.server.referee_address, now)


def phase_words(code: str | None, lang: str) -> str:
    return phase_name(code, lang) if code else "-"


def pname(ctx: GameCtx, power: str | None, lang: str) -> str:
    return power_name(ctx.board, power, lang) if power else "-"


def pname_the(ctx: GameCtx, power: str | None, lang: str, prep: str = "") -> str:
    """The power's name as a phrase: in Italian with its article, joined to ``prep``
    ("a", "di", "per"): "la Francia", "all'Italia", "per l'Inghilterra" (the article from
    the variant, arbitro/words/grammar.py); in English the bare name."""
    if power is None:
        return pname(ctx, power, lang)
    return format(power_name(ctx.board, power, lang), prep or "il")


def active_players(uow: UnitOfWork, game_id: str) -> list[Player]:
    return uow.players.list(game_id, PlayerStatus.ACTIVE)


def key(uow: UnitOfWork, game_id: str, *parts: object) -> str:
    """An idempotency key for a game mail; carries the rollback revision."""
    rev = revision(uow, game_id)
    base = ":".join(str(p) for p in (parts[0], game_id, *parts[1:]))
    return f"{base}:r{rev}" if rev else base


def notify_all(
    svc: Services,
    uow: UnitOfWork,
    ctx: GameCtx,
    game: Game,
    base_key: tuple[object, ...],
    template: str,
    extra: Callable[[Player, str], TemplateContext],
    now: datetime,
    gm_copy: bool = True,
    note: DeadlineNote | None = None,
) -> None:
    """The same notice to every active player (each in their language) and a GM copy;
    with ``note`` each gets the deadline's calendar event."""
    holders = {p.id: power for power, p in uow.assignments.current(game.id).items()}
    first = None
    for player in active_players(uow, game.id):
        lang = player.language
        context = {
            **game_words(ctx, game, lang),
            "power_name": pname(ctx, holders.get(player.id), lang),
            **extra(player, lang),
        }
        k = key(uow, game.id, *base_key, player.address)
        ics = deadline_ics(svc, ctx, game, note, player.address, lang, now)
        mail = svc.mailer.to_player(uow, k, player, template, context, now, ics)
        first = first or mail
    if gm_copy:
        lang = ctx.config.language
        context = {**game_words(ctx, game, lang), "power_name": "GM", **extra_gm(extra, lang)}
        inner = svc.mailer.render(template, lang, {"player": {"name": "GM", "address": ""}, **context})
        svc.mailer.gm_copy(
            uow, key(uow, game.id, *base_key, "gm"), ctx.config.gm_address, lang, inner, now, game.id,
            deadline_ics(svc, ctx, game, note, ctx.config.gm_address, lang, now),
        )


def extra_gm(extra: Callable[[Player, str], TemplateContext], lang: str) -> TemplateContext:
    return extra(None, lang)  # type: ignore[arg-type]
