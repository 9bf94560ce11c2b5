"""``arbitro dev``: the referee with embedded mail servers and a seven-player demo game."""

from .demo import DEMO_GAME, DemoPlayer, demo_config, demo_players

__all__ = ["DEMO_GAME", "DemoPlayer", "demo_config", "demo_players"]
