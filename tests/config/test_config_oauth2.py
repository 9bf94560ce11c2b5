"""OAuth2 mailbox settings (issue 20, point 2): ``auth = "oauth2"`` with a provider preset
or custom endpoints, and a refresh token in a 0600 file or an environment variable. The
loader checks the shape; check-config checks that the token is really there."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from arbitro.cli import main
from arbitro.config import ConfigError, load_config
from arbitro.config.checks import review
from arbitro.config.oauth2 import write_token_file

NOW = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
SERVER = """
[server]
referee_address = "arbitro@diplomazia.it"

[server.imap]
host = "imap.gmail.com"
user = "arbitro@diplomazia.it"
auth = "oauth2"
{imap_extra}

[server.imap.oauth2]
{imap_oauth}

[server.smtp]
host = "smtp.office365.com"
user = "arbitro@diplomazia.it"
auth = "oauth2"

[server.smtp.oauth2]
provider = "microsoft"
tenant = "contoso.onmicrosoft.com"
client_id = "ms-client"
token_env = "ARBITRO_MS_TOKEN"
"""
GOOGLE = 'provider = "google"\nclient_id = "g-client"\nclient_secret_env = "G_SECRET"\ntoken_file = "gmail-token.json"'


def _write(tmp_path: Path, imap_oauth: str = GOOGLE, imap_extra: str = "") -> Path:
    path = tmp_path / "arbitro.toml"
    path.write_text(SERVER.format(imap_oauth=imap_oauth, imap_extra=imap_extra), encoding="utf-8")
    return path


def _problems(path: Path, environ: dict[str, str]) -> dict[str, str]:
    with pytest.raises(ConfigError) as caught:
        load_config(path, environ)
    return {p.key: p.message for p in caught.value.problems}


def test_presets_fill_the_endpoints_and_scopes(tmp_path: Path) -> None:
    config = load_config(_write(tmp_path), {"G_SECRET": "shh"})
    imap, smtp = config.server.imap, config.server.smtp
    assert imap is not None and imap.auth == "oauth2" and imap.oauth2 is not None
    assert imap.password == ""  # an OAuth2 mailbox has none
    google = imap.oauth2
    assert google.token_url == "https://oauth2.googleapis.com/token"
    assert google.scope == "https://mail.google.com/"
    assert google.device_url == ""  # Gmail's scope is for the browser flow only
    assert google.client_secret == "shh"
    assert google.token_file == tmp_path / "gmail-token.json"  # beside the config file
    assert smtp is not None and smtp.oauth2 is not None
    ms = smtp.oauth2
    assert ms.device_url == ("https://login.microsoftonline.com/contoso.onmicrosoft.com"
                             "/oauth2/v2.0/devicecode")
    assert ms.scope.split() == ["https://outlook.office.com/IMAP.AccessAsUser.All",
                                "https://outlook.office.com/SMTP.Send", "offline_access"]
    assert ms.token_file is None and ms.token_env == "ARBITRO_MS_TOKEN"
    assert "shh" not in repr(config)  # secrets stay out of logs


def test_password_auth_stays_the_default(tmp_path: Path) -> None:
    path = tmp_path / "a.toml"
    path.write_text('[server]\nreferee_address = "a@b.it"\n[server.imap]\nhost = "h"\n'
                    'user = "u"\npassword = "p"\n', encoding="utf-8")
    imap = load_config(path, {}).server.imap
    assert imap is not None and imap.auth == "password" and imap.oauth2 is None


@pytest.mark.parametrize(("oauth", "extra", "key", "words"), [
    ('provider = "google"\nclient_id = "c"\ntoken_file = "t.json"', "",
     "server.imap.oauth2.client_secret", "needs the client's secret"),
    ('provider = "google"\nclient_id = "c"\nclient_secret = "s"', "",
     "server.imap.oauth2", "give token_file"),
    ('provider = "google"\nclient_id = "c"\nclient_secret = "s"\ntoken_file = "t"\ntoken_env = "X"', "",
     "server.imap.oauth2", "one of them"),
    ('provider = "yahoo"\nclient_id = "c"\ntoken_file = "t"', "",
     "server.imap.oauth2.provider", "must be one of"),
    ('provider = "custom"\nclient_id = "c"\ntoken_file = "t"', "",
     "server.imap.oauth2.token_url", "is required"),
    ('provider = "custom"\nclient_id = "c"\ntoken_file = "t"\ntoken_url = "ftp://x"\ndevice_url = "https://x/d"',
     "", "server.imap.oauth2.token_url", "http(s) URL"),
    (GOOGLE, 'password = "old"', "server.imap.password", "not a password"),
])
def test_problems_name_the_key(tmp_path: Path, oauth: str, extra: str, key: str, words: str) -> None:
    problems = _problems(_write(tmp_path, oauth, extra), {"G_SECRET": "s"})
    assert key in problems, problems
    assert words in problems[key]


def test_smtp_oauth2_needs_a_user(tmp_path: Path) -> None:
    path = _write(tmp_path)
    path.write_text(path.read_text().replace(
        'host = "smtp.office365.com"\nuser = "arbitro@diplomazia.it"', 'host = "smtp.office365.com"'))
    assert "auth = \"oauth2\" logs in as a user" in _problems(path, {"G_SECRET": "s"})["server.smtp.user"]


def _findings(path: Path, environ: dict[str, str]) -> dict[str, str]:
    config = load_config(path, environ)
    return {f.where: f.message for f in review(config, NOW, environ=environ) if f.level == "error"}


def test_check_config_wants_a_token_not_a_password(tmp_path: Path) -> None:
    path = _write(tmp_path)
    env = {"G_SECRET": "s"}
    errors = _findings(path, env)
    assert "server.imap.password" not in errors and "server.smtp.password" not in errors
    assert "arbitro oauth login" in errors["server.imap.oauth2.token_file"]
    assert "ARBITRO_MS_TOKEN is not set" in errors["server.smtp.oauth2.token_env"]

    token = tmp_path / "gmail-token.json"
    write_token_file(token, {"refresh_token": "rt-1"})
    assert token.stat().st_mode & 0o777 == 0o600
    env["ARBITRO_MS_TOKEN"] = "rt-2"
    assert _findings(path, env) == {}

    token.chmod(0o644)  # readable by others: refused, with the fix
    message = _findings(path, env)["server.imap.oauth2.token_file"]
    assert "can be read by others (mode 0644)" in message and f"chmod 600 {token}" in message

    token.chmod(0o600)
    token.write_text("{}")
    assert "holds no refresh token" in _findings(path, env)["server.imap.oauth2.token_file"]


def test_check_config_command_exits_non_zero_without_a_token(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    path = _write(tmp_path)
    monkeypatch.setenv("G_SECRET", "s")
    monkeypatch.setenv("ARBITRO_MS_TOKEN", "rt-2")
    assert main(["check-config", str(path)]) == 1
    assert "gmail-token.json does not exist" in capsys.readouterr().err
    write_token_file(tmp_path / "gmail-token.json", {"refresh_token": "rt-1"})
    assert main(["check-config", str(path)]) == 0
    out = capsys.readouterr().out
    assert "imap: imap.gmail.com:993 (ssl, oauth2 google)" in out
    assert "smtp: smtp.office365.com:587 (starttls, oauth2 microsoft)" in out
