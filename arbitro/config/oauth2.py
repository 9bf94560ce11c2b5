"""OAuth2 mail login settings: the providers' presets, the ``[server.imap.oauth2]`` table,
and the refresh-token file (its format and its permissions, said once for ``check-config``,
``arbitro oauth login`` and the daemon)."""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .model import OAUTH2_PROVIDERS, OAuth2Config
from .reader import Table


@dataclass(frozen=True)
class Preset:
    token_url: str
    device_url: str
    auth_url: str
    scope: str
    needs_secret: bool  # the provider refuses a token request without client_secret


_MS = "https://login.microsoftonline.com/{tenant}/oauth2/v2.0/"
# Google gives the Gmail scope only to the browser flow (its device flow allows a short
# list of scopes that leaves mail out), so the preset has no device endpoint.
PRESETS: dict[str, Preset] = {
    "google": Preset(
        token_url="https://oauth2.googleapis.com/token",
        device_url="",
        auth_url="https://accounts.google.com/o/oauth2/v2/auth",
        scope="https://mail.google.com/",
        needs_secret=True,
    ),
    "microsoft": Preset(
        token_url=_MS + "token",
        device_url=_MS + "devicecode",
        auth_url=_MS + "authorize",
        scope="https://outlook.office.com/IMAP.AccessAsUser.All "
        "https://outlook.office.com/SMTP.Send offline_access",
        needs_secret=False,
    ),
}


def read_oauth2(t: Table, base: Path, secret: Any, environ: Mapping[str, str]) -> OAuth2Config:
    """The ``oauth2`` sub-table of a mail section. ``secret`` reads ``name``/``name_env``
    (load._secret); ``base``: the config file's folder (a relative token_file is beside it)."""
    provider = t.text("provider", "google", choices=OAUTH2_PROVIDERS) or "google"
    preset = PRESETS.get(provider)
    tenant = t.text("tenant", "common") if provider == "microsoft" else "common"
    client_id = t.text("client_id") or ""
    client_secret = secret(t, "client_secret", environ)
    if preset is not None and preset.needs_secret and not client_secret:
        t.problem("client_secret", f"{provider} needs the client's secret (or client_secret_env)")

    def url(name: str) -> str:
        if preset is None:  # custom: the token endpoint is required, the others optional
            value = t.text(name) if name == "token_url" else t.text(name, "")
            return str(value or "")
        if t.has(name):
            return str(t.text(name) or "")
        return str(getattr(preset, name)).format(tenant=tenant)

    token_url, device_url, auth_url = url("token_url"), url("device_url"), url("auth_url")
    for name, value in (("token_url", token_url), ("device_url", device_url), ("auth_url", auth_url)):
        if value and not value.startswith(("https://", "http://")):
            t.problem(name, f"must be an http(s) URL, not {value!r}")
    if preset is None and not (device_url or auth_url) and t.has("token_url"):
        t.problem(None, "give device_url or auth_url: `arbitro oauth login` needs one of them")
    scope = str((t.text("scope", preset.scope) if preset else t.text("scope")) or "")
    token_file: Path | None = None
    token_env = ""
    if t.has("token_file") == t.has("token_env"):
        t.problem(None, "give token_file (a file written by `arbitro oauth login`) "
                        "or token_env (an environment variable holding the refresh token), one of them")
    if t.has("token_file"):
        name = t.text("token_file")
        if name:
            token_file = Path(name) if Path(name).is_absolute() else (base / name).resolve()
    if t.has("token_env"):
        token_env = t.text("token_env") or ""
    else:
        t.raw("token_env", "")
    t.finish()
    return OAuth2Config(
        provider=provider, client_id=client_id, client_secret=client_secret,
        token_url=token_url, device_url=device_url, auth_url=auth_url, scope=scope,
        token_file=token_file, token_env=token_env,
    )


# -- the token file ----------------------------------------------------------------------

FILE_MODE = 0o600


class TokenFileError(Exception):
    """The token file cannot be used; the message says why and how to fix it."""


def token_file_problem(path: Path) -> str | None:
    """Why ``path`` cannot hold a refresh token, or None. A file others can read is
    refused: whoever reads it reads the referee's mail."""
    try:
        info = path.stat()
    except FileNotFoundError:
        return f"{path} does not exist: run `arbitro oauth login` to write it"
    except OSError as exc:
        return f"{path} cannot be read: {exc.strerror}"
    if not stat.S_ISREG(info.st_mode):
        return f"{path} is not a file"
    wide = stat.S_IMODE(info.st_mode) & 0o077
    if wide:
        return (f"{path} can be read by others (mode {stat.S_IMODE(info.st_mode):04o}): "
                f"it holds the key to the referee's mailbox; run `chmod 600 {path}`")
    return None


def read_token_file(path: Path) -> dict[str, Any]:
    """The stored JSON (at least ``refresh_token``); TokenFileError when it cannot serve."""
    problem = token_file_problem(path)
    if problem:
        raise TokenFileError(problem)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except PermissionError:
        raise TokenFileError(f"{path} belongs to another user (uid {path.stat().st_uid}): run "
                             "`arbitro oauth login` as the user the daemon runs as") from None
    except (OSError, ValueError) as exc:
        raise TokenFileError(f"{path} is not a token file written by `arbitro oauth login` "
                             f"({exc}); run it again") from None
    if not isinstance(data, dict) or not isinstance(data.get("refresh_token"), str) \
            or not data["refresh_token"]:
        raise TokenFileError(f"{path} holds no refresh token; run `arbitro oauth login` again")
    return data


def write_token_file(path: Path, data: Mapping[str, Any]) -> None:
    """Write atomically with mode 0600 from the first byte (never readable by others,
    not even for a moment): a new file beside it, then renamed over the old one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, FILE_MODE)
    try:
        os.fchmod(fd, FILE_MODE)  # whatever the umask or an older temp file said
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(dict(data), fh, indent=2, sort_keys=True)
            fh.write("\n")
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(temp, path)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise
