"""Configuration: one TOML file, validated once into frozen values (see config.example.toml)."""

from .deadline import deadline_after
from .errors import ConfigError, Problem
from .load import load_config, parse_config
from .model import (
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
    SmtpConfig,
)
from .settings import game_settings

__all__ = [
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
    "SmtpConfig",
    "deadline_after",
    "game_settings",
    "load_config",
    "parse_config",
]
