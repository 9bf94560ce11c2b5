"""The demo game of ``arbitro dev``: seven players on the standard map, short deadlines,
in Italian; and the small state file that tells ``arbitro dev send`` where the running
instance listens."""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from ..config import Config, parse_config

DEMO_GAME = "demo"
DOMAIN = "demo.test"  # reserved for testing (RFC 2606): never a real mailbox
REFEREE = f"arbitro@{DOMAIN}"
GM = f"gm@{DOMAIN}"
GM_PASSWORD = "gm-demo"
DEMO_LANGUAGE = "it"
MAIL_PASSWORD = "dev"  # every embedded mailbox's IMAP password
STATE_FILE = "dev.json"
DATABASE_FILE = "arbitro.sqlite3"
MAIL_DIR = "mail"  # the embedded IMAP server's maildirs, one folder per address
DEFAULT_PLAY = ("FRANCE",)  # the power a newcomer plays unless they choose (--play/--watch)

# power -> (mailbox name, player name); each player asks for their own power first, so
# the preferences draw (R-END-3) gives every player the power in their address.
_PLAYERS = {
    "AUSTRIA": ("austria", "Giulia Asburgo"),
    "ENGLAND": ("inghilterra", "Edoardo Tudor"),
    "FRANCE": ("francia", "Francesca Borbone"),
    "GERMANY": ("germania", "Guido Hohenzollern"),
    "ITALY": ("italia", "Isabella Savoia"),
    "RUSSIA": ("russia", "Romano Romanov"),
    "TURKEY": ("turchia", "Tommaso Osman"),
}


@dataclass(frozen=True)
class DemoPlayer:
    power: str
    address: str
    name: str
    password: str  # the order password (PASSWORD line), R-MAIL-2


SITE_FOLDER = "site"


def demo_players() -> list[DemoPlayer]:
    return [
        DemoPlayer(power, f"{box}@{DOMAIN}", name, f"{box}-1901")
        for power, (box, name) in _PLAYERS.items()
    ]


def demo_config(data_dir: Path, host: str, imap_port: int, smtp_port: int,
                start: datetime, site_url: str = "") -> Config:
    """The whole config, built in code: SQLite in ``data_dir``, the embedded servers, the
    web archive in ``data_dir/site`` (served at ``site_url``)."""
    powers = list(_PLAYERS)
    data: dict[str, Any] = {
        "server": {
            "database_url": f"sqlite:///{(data_dir / DATABASE_FILE).resolve()}",
            "referee_address": REFEREE,
            "gm_notify_address": GM,
            "language": "it",
            "timezone": "Europe/Rome",
            "imap": {"host": host, "port": imap_port, "user": REFEREE,
                     "password": MAIL_PASSWORD, "tls": "none", "poll_seconds": 5},
            "smtp": {"host": host, "port": smtp_port, "tls": "none"},
            "limits": {"outbound_per_minute": 6000},
        },
        "site": {"folder": str((data_dir / SITE_FOLDER).resolve()), "base_url": site_url},
        "game": [{
            "id": DEMO_GAME,
            "name": "Partita dimostrativa",
            "variant": "standard",
            "language": DEMO_LANGUAGE,
            "start": start,
            "assignment": "preferences",
            # Ten-minute turns; no lateness days (they last 24 h), one reminder.
            "deadlines": {"movement": "10m", "retreat": "5m", "adjustment": "5m",
                          "first_movement": "10m"},
            "reminders": ["3m"],
            "lateness_bank_days": 0,
            "gm_address": GM,
            "gm_password": GM_PASSWORD,
            "players": [
                {"address": p.address, "name": p.name, "language": "it",
                 "password": p.password,
                 "preferences": [p.power] + [q for q in powers if q != p.power]}
                for p in demo_players()
            ],
        }],
    }
    return parse_config(data, data_dir / "arbitro-dev.toml")


@dataclass(frozen=True)
class DevState:
    """Where the running ``arbitro dev`` listens (written at start, read by ``dev send``)."""

    host: str
    imap_port: int
    smtp_port: int
    referee: str
    game: str
    start: str  # ISO moment the demo game opened: kept across restarts of ``arbitro dev``
    # ("" with ``game`` "": ``arbitro dev servers``, mail servers and no game)
    mail_password: str
    pid: int

    def game_address(self) -> str:
        local, _, host = self.referee.partition("@")
        return f"{local}+{self.game}@{host}"


def write_state(data_dir: Path, state: DevState) -> None:
    path = data_dir / STATE_FILE
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(asdict(state), indent=2) + "\n")
    os.replace(tmp, path)


def read_state(data_dir: Path) -> DevState | None:
    try:
        return DevState(**json.loads((data_dir / STATE_FILE).read_text()))
    except (OSError, ValueError, TypeError):
        return None


def find_player(text: str) -> DemoPlayer | None:
    """A demo player by power key, Italian mailbox name, or address (any case)."""
    wanted = text.strip().casefold()
    for player in demo_players():
        box = player.address.split("@")[0]
        if wanted in (player.power.casefold(), box, player.address):
            return player
    return None
