"""Configuration: one TOML file, validated once into frozen values (see config.example.toml)."""

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
