"""Configuration: one TOML file, validated once into frozen values (see config.example.toml).

The names below are imported on first use (PEP 562): ``arbitro.config.model`` alone, as the
map options of ``arbitro render`` need, does not bring the loader and, through it, the
store (SQLAlchemy) into a command's start.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .deadline import Away, deadline_after, working_deadline
    from .errors import ConfigError, Problem
    from .load import load_config, parse_config
    from .model import (
        AbsenceOptions,
        Config,
        DaysOff,
        Deadlines,
        DeadlineSpec,
        EndCondition,
        GameConfig,
        ImapConfig,
        LimitsConfig,
        OAuth2Config,
        PlayerConfig,
        PressOptions,
        ServerConfig,
        SiteConfig,
        SmtpConfig,
    )
    from .settings import game_settings

_WHERE = {
    "Away": "deadline",
    "deadline_after": "deadline",
    "working_deadline": "deadline",
    "ConfigError": "errors",
    "Problem": "errors",
    "load_config": "load",
    "parse_config": "load",
    "AbsenceOptions": "model",
    "Config": "model",
    "DaysOff": "model",
    "Deadlines": "model",
    "DeadlineSpec": "model",
    "EndCondition": "model",
    "GameConfig": "model",
    "ImapConfig": "model",
    "LimitsConfig": "model",
    "OAuth2Config": "model",
    "PlayerConfig": "model",
    "PressOptions": "model",
    "ServerConfig": "model",
    "SiteConfig": "model",
    "SmtpConfig": "model",
    "game_settings": "settings",
}


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


__all__ = [
    "AbsenceOptions",
    "Away",
    "Config",
    "ConfigError",
    "DaysOff",
    "DeadlineSpec",
    "Deadlines",
    "EndCondition",
    "GameConfig",
    "ImapConfig",
    "LimitsConfig",
    "OAuth2Config",
    "PlayerConfig",
    "PressOptions",
    "Problem",
    "ServerConfig",
    "SiteConfig",
    "SmtpConfig",
    "deadline_after",
    "game_settings",
    "load_config",
    "parse_config",
    "working_deadline",
]
