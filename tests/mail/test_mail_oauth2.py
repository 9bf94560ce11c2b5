"""OAuth2 against a real provider (tests/mail/oauth_servers.py, over HTTP): `arbitro oauth
login` (device flow, RFC 8628, and the loopback browser flow) stores the refresh token in a
0600 file; the daemon's TokenSource caches access tokens until shortly before they expire,
stores a rotated refresh token, and meets a refused one with one report and a pause."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest
from mail.oauth_servers import OAuthProvider

from arbitro.config.model import OAuth2Config
from arbitro.config.oauth2 import read_token_file, write_token_file
from arbitro.mail.outbound.oauth import (
    LoginFailed,
    RefreshRefused,
    TokenSource,
    TokenUnavailable,
    browser_login,
    device_login,
    save_login,
)

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def provider(oauth_provider: OAuthProvider) -> OAuthProvider:
    return oauth_provider  # tests/mail/conftest.py


def oauth(provider: OAuthProvider, token_file: Path | None = None, token_env: str = "") -> OAuth2Config:
    return OAuth2Config(
        provider="custom", client_id=provider.client_id, client_secret=provider.client_secret,
        token_url=f"{provider.base}/token", device_url=f"{provider.base}/devicecode",
        auth_url=f"{provider.base}/authorize", scope="mail offline_access",
        token_file=token_file, token_env=token_env,
    )


def config_file(tmp_path: Path, provider: OAuthProvider) -> Path:
    path = tmp_path / "arbitro.toml"
    path.write_text(f"""
[server]
referee_address = "arbitro@example.org"
[server.imap]
host = "127.0.0.1"
user = "arbitro@example.org"
auth = "oauth2"
[server.imap.oauth2]
provider = "custom"
client_id = "{provider.client_id}"
token_url = "{provider.base}/token"
device_url = "{provider.base}/devicecode"
auth_url = "{provider.base}/authorize"
scope = "mail offline_access"
token_file = "secrets/mail-token.json"
""", encoding="utf-8")
    return path


# -- arbitro oauth login ---------------------------------------------------------------------


def test_login_with_the_device_flow_stores_a_0600_token_file(tmp_path: Path,
                                                             provider: OAuthProvider) -> None:
    """The command as a GM runs it: it prints where to go and the code; the GM enters the
    code at the provider's page; the refresh token lands in a file only its owner reads."""
    provider.slow_down_polls = 0
    config = config_file(tmp_path, provider)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    old_umask = os.umask(0o022)  # a usual umask: the file must be 0600 all the same
    try:
        process = subprocess.Popen(
            [sys.executable, "-m", "arbitro", "oauth", "login", "--config", str(config),
             "--no-check"],  # no mail server here: test_mail_oauth2_daemon.py checks one
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=tmp_path)
    finally:
        os.umask(old_umask)
    assert process.stdout is not None
    shown = ""
    while "enter the code" not in shown:
        line = process.stdout.readline()
        assert line, f"no code shown; stderr: {process.stderr.read() if process.stderr else ''}"
        shown += line
    found = re.search(r"Open (\S+) in any browser and enter the code (\S+)", shown)
    assert found and found.group(1) == f"{provider.base}/device"
    time.sleep(0.2)  # a few polls answered authorization_pending meanwhile
    provider.enter_code(found.group(2), "arbitro@example.org")
    out, err = process.communicate(timeout=30)
    assert process.returncode == 0, err
    token_file = tmp_path / "secrets" / "mail-token.json"
    assert f"refresh token stored in {token_file} (mode 0600)" in out
    assert token_file.stat().st_mode & 0o777 == 0o600
    stored = read_token_file(token_file)
    assert provider.refresh_tokens[stored["refresh_token"]] == "arbitro@example.org"
    polls = provider.grants.count("urn:ietf:params:oauth:grant-type:device_code")
    assert polls >= 2  # it waited, polling, rather than giving up at the first "pending"


def test_device_flow_slows_down_and_reports_denial_and_expiry(provider: OAuthProvider) -> None:
    cfg = oauth(provider)
    said: list[str] = []
    slept: list[float] = []

    def sleep(seconds: float) -> None:
        slept.append(seconds)
        time.sleep(0.01)
        code = re.search(r"enter the code (\S+)", " ".join(said))
        if code and len(slept) == 4:
            provider.enter_code(code.group(1), "gm@example.org")

    provider.slow_down_polls = 2
    answer = device_login(cfg, said.append, sleep=sleep)
    assert provider.refresh_tokens[answer["refresh_token"]] == "gm@example.org"
    # RFC 8628 3.5: each slow_down adds 5 seconds to the interval, for good
    assert slept[:4] == [0.05, 0.05 + 5, 0.05 + 10, 0.05 + 10]

    provider.slow_down_polls = 0
    said.clear()

    def deny(seconds: float) -> None:
        code = re.search(r"enter the code (\S+)", " ".join(said))
        assert code
        provider.enter_code(code.group(1), "gm@example.org", deny=True)

    with pytest.raises(LoginFailed, match="access was denied"):
        device_login(cfg, said.append, sleep=deny)

    provider.device_lifetime = 0.2
    with pytest.raises(LoginFailed, match="code expired"):
        device_login(cfg, said.append, sleep=lambda s: time.sleep(0.1))


def test_browser_flow_redirects_to_the_loopback_with_pkce(tmp_path: Path,
                                                          provider: OAuthProvider) -> None:
    """The consent page redirects to 127.0.0.1 with the code; the code is exchanged with
    the PKCE verifier (the provider checks it) and the token saved 0600."""
    provider.browser_user = "arbitro@example.org"
    cfg = oauth(provider, token_file=tmp_path / "t.json")
    visited: list[str] = []

    def browser(url: str) -> None:  # a browser: follows the provider's redirect
        visited.append(url)
        threading.Thread(target=lambda: urllib.request.urlopen(url, timeout=5).read(),
                         daemon=True).start()

    answer = browser_login(cfg, lambda line: None, open_browser=browser, wait=10)
    assert "code_challenge_method=S256" in visited[0] and "state=" in visited[0]
    assert save_login(cfg, answer) is None
    assert (tmp_path / "t.json").stat().st_mode & 0o777 == 0o600
    assert read_token_file(tmp_path / "t.json")["refresh_token"] in provider.refresh_tokens

    env_cfg = oauth(provider, token_env="REFRESH")  # token_env: the token is shown instead
    assert save_login(env_cfg, answer) == answer["refresh_token"]


def test_google_preset_refuses_the_device_flow_with_the_way_out() -> None:
    cfg = OAuth2Config(provider="google", client_id="c", client_secret="s",
                       token_url="https://oauth2.googleapis.com/token", device_url="",
                       auth_url="https://accounts.google.com/o/oauth2/v2/auth",
                       scope="https://mail.google.com/", token_file=None, token_env="X")
    with pytest.raises(LoginFailed, match="use --flow browser"):
        device_login(cfg, print)


# -- TokenSource: the daemon's access tokens ----------------------------------------------------


def test_access_tokens_are_cached_until_shortly_before_expiry(tmp_path: Path,
                                                              provider: OAuthProvider) -> None:
    provider.access_lifetime = 1.0
    write_token_file(tmp_path / "t.json", {"refresh_token": provider.grant("u@example.org")})
    source = TokenSource(oauth(provider, tmp_path / "t.json"), margin=0.4)
    first = source.access_token()
    assert source.access_token() == first  # cached: no second request
    assert provider.grants == ["refresh_token"]
    assert provider.active(first) == "u@example.org"
    time.sleep(0.7)  # within the margin of its expiry: a new one before it runs out
    second = source.access_token()
    assert second != first and provider.grants == ["refresh_token"] * 2
    source.invalidate(second)  # the server refused it: the next call refreshes
    assert source.access_token() not in (first, second)

    # a lifetime shorter than the margin: still cached, for half of it
    short = TokenSource(oauth(provider, tmp_path / "t.json"), margin=60)
    grants = len(provider.grants)
    assert short.access_token() == short.access_token()
    assert len(provider.grants) == grants + 1


def test_a_rotated_refresh_token_is_stored_0600(tmp_path: Path, provider: OAuthProvider) -> None:
    provider.rotate = True
    path = tmp_path / "t.json"
    old = provider.grant("u@example.org")
    write_token_file(path, {"refresh_token": old, "client_id": provider.client_id})
    source = TokenSource(oauth(provider, path))
    source.access_token()
    stored = read_token_file(path)
    assert stored["refresh_token"] != old and stored["refresh_token"] in provider.refresh_tokens
    assert stored["client_id"] == provider.client_id  # the rest of the file is kept
    assert path.stat().st_mode & 0o777 == 0o600
    source.invalidate(source.access_token())
    source.access_token()  # works with the stored new token (the old one is gone)

    env_source = TokenSource(oauth(provider, token_env="RT"),
                             environ={"RT": provider.grant("v@example.org")})
    env_source.invalidate(env_source.access_token())
    env_source.access_token()  # the rotated token, kept in memory, serves the next refresh


def test_a_refused_refresh_is_reported_once_and_not_hammered(tmp_path: Path,
                                                             provider: OAuthProvider) -> None:
    path = tmp_path / "t.json"
    write_token_file(path, {"refresh_token": provider.grant("u@example.org")})
    told: list[str] = []
    source = TokenSource(oauth(provider, path), refused_pause=0.5,
                         on_refused=lambda src, message: told.append(message))
    source.access_token()
    provider.revoke("u@example.org")
    source.invalidate(source.access_token())
    for _ in range(3):
        with pytest.raises(RefreshRefused, match="arbitro oauth login"):
            source.access_token()
    assert len(told) == 1 and "invalid_grant" in told[0] and str(path) in told[0]
    assert provider.grants.count("refresh_token") == 2  # one success, one refusal: no hammering
    time.sleep(0.6)
    with pytest.raises(RefreshRefused):
        source.access_token()  # asked again after the pause, still refused, not told again
    assert provider.grants.count("refresh_token") == 3 and len(told) == 1

    write_token_file(path, {"refresh_token": provider.grant("u@example.org")})  # a new login
    assert provider.active(source.access_token()) == "u@example.org"  # taken up at once


def test_an_unsafe_or_missing_token_file_is_unavailable(tmp_path: Path,
                                                        provider: OAuthProvider) -> None:
    path = tmp_path / "t.json"
    source = TokenSource(oauth(provider, path))
    with pytest.raises(TokenUnavailable, match="run `arbitro oauth login`"):
        source.access_token()
    write_token_file(path, {"refresh_token": provider.grant("u@example.org")})
    path.chmod(0o640)
    with pytest.raises(TokenUnavailable, match="chmod 600"):
        source.access_token()
    assert provider.grants == []  # a file others can read is not used at all
    provider.stop()  # the provider is down: unavailable for now, not refused
    path.chmod(0o600)
    with pytest.raises(TokenUnavailable, match="unreachable") as caught:
        source.access_token()
    assert not isinstance(caught.value, RefreshRefused)


def test_login_with_the_browser_flow_prints_the_token_for_token_env(tmp_path: Path,
                                                                    provider: OAuthProvider) -> None:
    """`--flow browser --no-browser`, as on a server: the GM opens the printed page; with
    token_env the token is printed for the operator's environment, nothing written."""
    provider.browser_user = "arbitro@example.org"
    config = config_file(tmp_path, provider)
    config.write_text(config.read_text().replace('token_file = "secrets/mail-token.json"',
                                                 'token_env = "ARBITRO_REFRESH_TOKEN"'))
    process = subprocess.Popen(
        [sys.executable, "-m", "arbitro", "oauth", "login", "--config", str(config),
         "--flow", "browser", "--no-browser", "--wait", "20", "--no-check"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)}, cwd=tmp_path)
    assert process.stdout is not None
    page = ""
    while not page.startswith(f"{provider.base}/authorize?"):
        page = process.stdout.readline().strip()
        assert page or process.poll() is None, "no consent page printed"
    with urllib.request.urlopen(page, timeout=10) as answer:  # the browser, redirected back
        assert b"access granted" in answer.read()
    out, err = process.communicate(timeout=30)
    assert process.returncode == 0, err
    assert "set the environment variable ARBITRO_REFRESH_TOKEN" in out
    token = out.strip().splitlines()[-1]
    assert provider.refresh_tokens[token] == "arbitro@example.org"
    assert not (tmp_path / "secrets").exists()


def test_login_refuses_a_config_without_oauth2(tmp_path: Path) -> None:
    path = tmp_path / "a.toml"
    path.write_text('[server]\nreferee_address = "a@b.it"\n[server.imap]\nhost = "h"\n'
                    'user = "u"\npassword = "p"\n', encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "arbitro", "oauth", "login", "--config", str(path)],
                          capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 2
    assert 'no [server.imap/smtp] section has auth = "oauth2"' in done.stderr
