"""What a valid config may still get wrong: the review behind ``arbitro check-config``.

Loading a file proves its shape; this looks at what a GM meant. An *error* is something that
would make ``arbitro run`` misbehave (a game that opens with its first deadline already
gone, a mailbox it cannot log in to, a password anyone can read in the example); a
*warning* is worth a second look but runs. ``now`` is passed in, as everywhere.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from zoneinfo import ZoneInfo

from .deadline import deadline_after
from .model import Config, GameConfig, OAuth2Config, ServerConfig
from .oauth2 import TokenFileError, read_token_file

# Passwords that come with examples and tutorials: whoever reads them can play for the GM.
PLACEHOLDER_PASSWORDS = frozenset({
    "", "change me", "changeme", "change-me", "password", "passwort", "secret", "segreto",
    "admin", "gm", "test", "prova", "1234", "12345678", "arbitro", "diplomacy",
})
WEAK_BELOW = 8  # characters
PLACEHOLDER_DOMAINS = ("example.org", "example.com", "example.net")
LOOPBACK_HOSTS = frozenset({"127.0.0.1", "::1", "localhost"})


class Level(StrEnum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True)
class Finding:
    level: Level
    where: str  # the key, as the file writes it: "server.imap.password", "game milano1: start"
    message: str

    def __str__(self) -> str:
        return f"{self.level}: {self.where}: {self.message}"


def review(config: Config, now: datetime, started: frozenset[str] = frozenset(),
           environ: Mapping[str, str] | None = None) -> tuple[Finding, ...]:
    """Every finding, errors first. ``started``: ids of games the store already runs (their
    start is history, not a mistake). ``environ``: where token_env is looked up."""
    server = config.server
    local = _local_trial(server)
    found = [*_mail(server, os.environ if environ is None else environ), *(f for g in config.games for f in _game(g, server, now, started, local))]
    return tuple(sorted(found, key=lambda f: f.level is not Level.ERROR))


def _local_trial(server: ServerConfig) -> bool:
    """Every mail server on this machine: a trial nobody else can mail into."""
    hosts = [s.host for s in (server.imap, server.smtp) if s is not None]
    return bool(hosts) and all(h in LOOPBACK_HOSTS for h in hosts)


def _placeholder_domain(address_or_host: str) -> bool:
    return address_or_host.lower().rstrip(".").endswith(PLACEHOLDER_DOMAINS)


def _mail(server: ServerConfig, environ: Mapping[str, str]) -> list[Finding]:
    out: list[Finding] = []
    if server.imap is None:
        out.append(Finding(Level.WARNING, "server.imap",
                           "no incoming mail server: `arbitro run` will read no orders"))
    else:
        if _placeholder_domain(server.imap.host):
            out.append(Finding(Level.ERROR, "server.imap.host",
                               f"{server.imap.host} is the example's placeholder; give your provider's IMAP server"))
        if server.imap.auth == "oauth2":
            out += _token_source("server.imap", server.imap.oauth2, environ)
        elif not server.imap.password:
            out.append(Finding(Level.ERROR, "server.imap.password",
                               "no password (nor password_env): the referee cannot log in to read orders"))
    if server.smtp is None:
        out.append(Finding(Level.WARNING, "server.smtp",
                           "no outgoing mail server: `arbitro run` will answer nobody"))
    else:
        if _placeholder_domain(server.smtp.host):
            out.append(Finding(Level.ERROR, "server.smtp.host",
                               f"{server.smtp.host} is the example's placeholder; give your provider's SMTP server"))
        if server.smtp.auth == "oauth2":
            out += _token_source("server.smtp", server.smtp.oauth2, environ)
        elif server.smtp.user and not server.smtp.password:
            out.append(Finding(Level.ERROR, "server.smtp.password",
                               f"user {server.smtp.user} has no password (nor password_env)"))
        if not server.smtp.user and server.smtp.host not in LOOPBACK_HOSTS:
            out.append(Finding(Level.WARNING, "server.smtp.user",
                               "no login: most providers refuse to relay mail without one"))
    if _placeholder_domain(server.referee_address):
        out.append(Finding(Level.WARNING, "server.referee_address",
                           f"{server.referee_address} is a placeholder: players' mail to it goes nowhere"))
    return out


def _token_source(where: str, oauth2: OAuth2Config | None,
                  environ: Mapping[str, str]) -> list[Finding]:
    """An OAuth2 mailbox needs no password but a refresh token the daemon can read."""
    if oauth2 is None:  # the loader already refused it
        return []
    if oauth2.token_file is not None:
        try:
            read_token_file(oauth2.token_file)
        except TokenFileError as exc:
            return [Finding(Level.ERROR, f"{where}.oauth2.token_file", str(exc))]
        return []
    if not environ.get(oauth2.token_env):
        return [Finding(Level.ERROR, f"{where}.oauth2.token_env",
                        f"environment variable {oauth2.token_env} is not set: the referee has no "
                        "refresh token; `arbitro oauth login` prints one to put there")]
    return []


def _password(where: str, password: str | None, local: bool) -> list[Finding]:
    if password is None:  # a hash, or one the referee makes and mails
        return []
    if password.strip().lower() in PLACEHOLDER_PASSWORDS:
        # On a local trial nobody else can mail the referee, so it only needs changing later.
        level = Level.WARNING if local else Level.ERROR
        return [Finding(level, where, f"{password!r} is a well-known placeholder: anyone can use it; choose your own")]
    if len(password) < WEAK_BELOW:
        return [Finding(Level.WARNING, where, f"shorter than {WEAK_BELOW} characters: easy to guess")]
    return []


def _game(game: GameConfig, server: ServerConfig, now: datetime, started: frozenset[str],
          local: bool) -> list[Finding]:
    at = f"game {game.id}"
    out = _password(f"{at}: gm_password", game.gm_password, local)
    for player in game.players:
        out += _password(f"{at}: player {player.address}: password", player.password, local)
    if game.start is not None and game.id not in started and game.start < now:
        first = deadline_after(game.deadlines.first_movement, game.start, ZoneInfo(game.timezone),
                               game.days_off)
        if first <= now:
            out.append(Finding(Level.ERROR, f"{at}: start",
                               f"{_local(game.start, game.timezone)} is past and so is the first deadline "
                               f"({_local(first, game.timezone)}): the game would open and be processed at "
                               "once, every power in civil disorder; give a future start or leave it out "
                               "to start the game by hand"))
        else:
            out.append(Finding(Level.WARNING, f"{at}: start",
                               f"{_local(game.start, game.timezone)} is past: the game opens as soon as the "
                               f"referee runs, with less time before the first deadline ({_local(first, game.timezone)})"))
    if game.timezone != server.timezone:
        out.append(_zone_note(game, server, now))
    if _placeholder_domain(game.gm_address):
        out.append(Finding(Level.WARNING, f"{at}: gm_address",
                           f"{game.gm_address} is a placeholder: the GM will receive nothing"))
    return out


def _zone_note(game: GameConfig, server: ServerConfig, now: datetime) -> Finding:
    """Deadlines are the game's local time; a GM living in the server's zone may misread them."""
    spec = game.deadlines.movement
    if spec.at is not None:
        there = datetime.combine(now.date(), spec.at, ZoneInfo(game.timezone))
        here = there.astimezone(ZoneInfo(server.timezone))
        what = (f"movement deadlines at {spec.at:%H:%M} {game.timezone} are "
                f"{here:%H:%M} {server.timezone}")
    else:
        what = f"deadlines and the start are read in {game.timezone}"
    return Finding(Level.WARNING, f"game {game.id}: timezone",
                   f"the game's zone differs from [server] timezone {server.timezone}: {what}")


def _local(moment: datetime, zone: str) -> str:
    return moment.astimezone(ZoneInfo(zone)).strftime("%Y-%m-%d %H:%M ") + zone


def has_errors(findings: tuple[Finding, ...]) -> bool:
    return any(f.level is Level.ERROR for f in findings)


__all__ = ["Finding", "Level", "has_errors", "review"]
