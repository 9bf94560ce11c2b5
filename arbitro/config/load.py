"""TOML file -> validated Config, with every problem reported (file, key, what is wrong)."""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping
from datetime import timedelta
from pathlib import Path
from typing import Any

from . import values
from .errors import ConfigError, Problem
from .game import read_game
from .model import (
    AUTH_MODES,
    LANGUAGES,
    TLS_MODES,
    Config,
    GameConfig,
    ImapConfig,
    LimitsConfig,
    OAuth2Config,
    ServerConfig,
    SiteConfig,
    SmtpConfig,
)
from .oauth2 import read_oauth2
from .reader import Table

PLUS_SEPARATORS = ("+", "-", "_", ".", "")


def load_config(path: str | Path, environ: Mapping[str, str] | None = None) -> Config:
    """Read and validate a config file; raises ConfigError listing every problem."""
    path = Path(path)
    file = str(path)
    try:
        with path.open("rb") as fh:
            data = tomllib.load(fh)
    except FileNotFoundError:
        raise ConfigError([Problem(file, "", "no such file")]) from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError([Problem(file, "", f"not valid TOML: {exc}")]) from None
    return parse_config(data, path, os.environ if environ is None else environ)


def parse_config(
    data: dict[str, Any], path: Path, environ: Mapping[str, str] | None = None
) -> Config:
    problems: list[Problem] = []
    root = Table(data, "", str(path), problems)
    server_table = root.table("server", required=True)
    server = _server(server_table, path, environ or {}) if server_table else None
    games = tuple(_game(t, server) for t in root.tables("game"))
    site_table = root.table("site")
    site = _site(site_table, path) if site_table else None
    root.finish()
    seen: set[str] = set()
    for i, game in enumerate(games, start=1):
        if game.id and game.id in seen:
            problems.append(Problem(str(path), f"game[{i}].id", f"{game.id!r} is used twice"))
        seen.add(game.id)
    if problems or server is None:
        raise ConfigError(problems)
    return Config(path=path, server=server, games=games, site=site)


def _secret(t: Table, name: str, environ: Mapping[str, str]) -> str:
    """``name`` written in the file, or ``name_env``: the environment variable holding it."""
    env_key = f"{name}_env"
    if t.has(name) and t.has(env_key):
        t.problem(env_key, f"give {name} or {env_key}, not both")
    if t.has(env_key):
        var = t.text(env_key)
        if var and var not in environ:
            t.problem(env_key, f"environment variable {var} is not set")
        return environ.get(var or "", "")
    return t.text(name, "", allow_empty=True) or ""


def _auth(t: Table, base: Path, environ: Mapping[str, str]) -> tuple[str, OAuth2Config | None]:
    """``auth = "password"`` (the default) or ``"oauth2"`` with its ``[...oauth2]`` table."""
    auth = t.text("auth", "password", choices=AUTH_MODES) or "password"
    sub = t.table("oauth2")
    if auth != "oauth2":
        if sub is not None:
            t.problem("oauth2", 'is used only with auth = "oauth2"')
        return auth, None
    if t.has("password") or t.has("password_env"):
        t.problem("password", 'auth = "oauth2" logs in with a token, not a password: leave it out')
    if sub is None:
        t.problem("oauth2", f'auth = "oauth2" needs a [{t.key("oauth2")}] table '
                            "(provider, client_id, token_file or token_env)")
        return auth, None
    return auth, read_oauth2(sub, base, _secret, environ)


def _receipt_address(smtp_t: Table, referee: str | None) -> str:
    """``receipts = true`` (the default) copies each mail to ``receipt_address``, by
    default the referee's own."""
    wanted = smtp_t.boolean("receipts", True)
    address = None
    if smtp_t.raw("receipt_address", ""):
        address = smtp_t.convert("receipt_address", values.address, None)
    return (address or referee or "") if wanted else ""


def _server(t: Table, path: Path, environ: Mapping[str, str]) -> ServerConfig:
    url = t.text("database_url", "sqlite:///arbitro.sqlite3")
    url = _anchor_sqlite(url, path.parent) if isinstance(url, str) else url
    timezone = t.text("timezone", "Europe/Rome")
    if t.has("timezone") and timezone:
        t.convert("timezone", values.zone)
    gm = t.convert("gm_notify_address", values.address, None)
    referee = t.convert("referee_address", values.address)
    imap_t, smtp_t, limits_t = t.table("imap"), t.table("smtp"), t.table("limits")
    imap = smtp = None
    if imap_t:
        auth, oauth2 = _auth(imap_t, path.parent, environ)
        imap = ImapConfig(
            host=imap_t.text("host"),
            port=imap_t.integer("port", 993, minimum=1, maximum=65535),
            user=imap_t.text("user"),
            password=_secret(imap_t, "password", environ),
            auth=auth,
            oauth2=oauth2,
            tls=imap_t.text("tls", "ssl", choices=TLS_MODES),
            folder=imap_t.text("folder", "INBOX"),
            processed_folder=imap_t.text("processed_folder", "arbitro/processed"),
            quarantine_folder=imap_t.text("quarantine_folder", "arbitro/quarantine"),
            poll_seconds=imap_t.integer("poll_seconds", 60, minimum=5),
            sent_folder=imap_t.text("sent_folder", "arbitro/sent"),
            check_ms=imap_t.integer("check_ms", None, minimum=0, maximum=60_000),
        )
        imap_t.finish()
    if smtp_t:
        auth, oauth2 = _auth(smtp_t, path.parent, environ)
        if oauth2 is not None and not smtp_t.raw("user", ""):
            smtp_t.problem("user", "auth = \"oauth2\" logs in as a user: give the mailbox's address")
        smtp = SmtpConfig(
            host=smtp_t.text("host"),
            port=smtp_t.integer("port", 587, minimum=1, maximum=65535),
            user=smtp_t.text("user", "", allow_empty=True),
            password=_secret(smtp_t, "password", environ),
            auth=auth,
            oauth2=oauth2,
            tls=smtp_t.text("tls", "starttls", choices=TLS_MODES),
            receipt_address=_receipt_address(smtp_t, referee),
            receipt_wait=smtp_t.convert("receipt_wait", values.duration, timedelta(minutes=10)),
            give_up_after=smtp_t.convert("give_up_after", values.duration, timedelta(days=1)),
        )
        smtp_t.finish()
    limits_t = limits_t or Table({}, t.key("limits"), t.file, t.problems)
    limits = LimitsConfig(
        max_mail_bytes=limits_t.convert("max_mail_size", values.size, 2 * 1024 * 1024),
        mails_per_sender_per_hour=limits_t.integer("mails_per_sender_per_hour", 30, minimum=1),
        outbound_per_minute=limits_t.integer("outbound_per_minute", 60, minimum=1),
    )
    limits_t.finish()
    server = ServerConfig(
        database_url=url,
        referee_address=referee,
        plus_separator=t.text("plus_separator", "+", choices=PLUS_SEPARATORS, allow_empty=True),
        gm_notify_address=gm,
        timezone=timezone,
        language=t.text("language", "it", choices=LANGUAGES),
        imap=imap,
        smtp=smtp,
        limits=limits,
    )
    t.finish()
    return server


def _site(t: Table, path: Path) -> SiteConfig:
    """[site]: the archive's folder (relative to the config file) and its public address."""
    folder = t.text("folder")
    base_url = t.text("base_url", "", allow_empty=True) or ""
    if base_url and not base_url.startswith(("http://", "https://", "/")):
        t.problem("base_url", f"must start with http://, https:// or /, not {base_url!r}")
    t.finish()
    return SiteConfig(folder=(path.parent / (folder or "site")).resolve(),
                      base_url=base_url.rstrip("/"))


def _anchor_sqlite(url: str, base: Path) -> str:
    """A relative SQLite path is relative to the config file, not to the working dir."""
    prefix = "sqlite:///"
    if url.startswith(prefix) and not url.startswith(prefix + "/"):
        rest = url[len(prefix) :]
        if rest and rest != ":memory:":
            return prefix + str((base / rest).resolve())
    return url


def _game(t: Table, server: ServerConfig | None) -> GameConfig:
    return read_game(t, server)
