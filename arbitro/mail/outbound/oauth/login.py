"""The one-time login that yields a refresh token: the device flow (RFC 8628: a code typed
on any device's browser) or the browser flow (authorization code with PKCE, RFC 7636,
redirected to a listener on this machine's loopback, RFC 8252)."""

from __future__ import annotations

import base64
import hashlib
import secrets
import threading
import time
import urllib.parse
from collections.abc import Callable
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, HTTPServer
from typing import Any

from ....config.model import OAuth2Config
from ....config.oauth2 import write_token_file
from .http import OAuthError, ProviderUnreachable, post_form

DEVICE_GRANT = "urn:ietf:params:oauth:grant-type:device_code"
SLOW_DOWN_STEP = 5.0  # seconds added to the interval at each slow_down (RFC 8628 3.5)

Say = Callable[[str], None]


class LoginFailed(Exception):
    """The login did not yield a refresh token; the message says why and what to do."""


def _client(cfg: OAuth2Config) -> dict[str, str]:
    return {"client_id": cfg.client_id, "client_secret": cfg.client_secret}


def _token_answer(answer: dict[str, Any], where: str) -> dict[str, Any]:
    if isinstance(answer.get("error"), str):
        raise OAuthError(answer["error"], str(answer.get("error_description") or ""))
    if not isinstance(answer.get("refresh_token"), str) or not answer["refresh_token"]:
        raise LoginFailed(f"{where} gave no refresh token: the scope must allow offline access "
                          "(Microsoft: offline_access; Google: the browser flow asks for it)")
    return answer


def device_login(
    cfg: OAuth2Config,
    say: Say,
    *,
    timeout: float = 30.0,
    sleep: Callable[[float], None] = time.sleep,
    clock: Callable[[], float] = time.monotonic,
) -> dict[str, Any]:
    """Ask for a user code, show where to enter it, poll until the GM has agreed."""
    if not cfg.device_url:
        raise LoginFailed(f"provider {cfg.provider} has no device flow for mail "
                          "(Google gives the Gmail scope only to the browser flow): use --flow browser")
    try:
        start = post_form(cfg.device_url, {**_client(cfg), "scope": cfg.scope}, timeout)
        if isinstance(start.get("error"), str):
            raise OAuthError(start["error"], str(start.get("error_description") or ""))
    except (OAuthError, ProviderUnreachable) as exc:
        raise LoginFailed(f"the device authorization request at {cfg.device_url} failed: {exc}") from None
    device_code = start.get("device_code")
    user_code = start.get("user_code")
    # RFC 8628 says verification_uri; Google's answer says verification_url
    uri = start.get("verification_uri") or start.get("verification_url")
    if not (isinstance(device_code, str) and isinstance(user_code, str) and isinstance(uri, str)):
        raise LoginFailed(f"{cfg.device_url} did not answer as RFC 8628 says (device_code, "
                          "user_code, verification_uri)")
    interval = _number(start.get("interval"), 5.0)
    expires_in = _number(start.get("expires_in"), 900.0)
    say(f"Open {uri} in any browser and enter the code {user_code}")
    complete = start.get("verification_uri_complete")
    if isinstance(complete, str):
        say(f"(or open {complete}, which carries the code)")
    valid = f"{expires_in / 60:.0f} min" if expires_in >= 120 else f"{expires_in:.0f} s"
    say(f"Waiting for you to sign in and allow access (the code is valid for {valid})...")
    deadline = clock() + expires_in
    while clock() < deadline:
        sleep(interval)
        try:
            answer = post_form(cfg.token_url, {
                **_client(cfg), "grant_type": DEVICE_GRANT, "device_code": device_code,
            }, timeout)
            return _token_answer(answer, cfg.token_url)
        except OAuthError as exc:
            if exc.error == "authorization_pending":
                continue
            if exc.error == "slow_down":
                interval += SLOW_DOWN_STEP
                continue
            if exc.error == "expired_token":
                break
            if exc.error == "access_denied":
                raise LoginFailed("access was denied at the provider's page: nothing stored") from None
            raise LoginFailed(f"the provider refused the login: {exc}") from None
        except ProviderUnreachable:
            continue  # a lost poll is no reason to give up while the code is valid
    raise LoginFailed("the code expired before access was allowed: run `arbitro oauth login` again")


def browser_login(
    cfg: OAuth2Config,
    say: Say,
    *,
    open_browser: Callable[[str], Any] | None = None,
    port: int = 0,
    wait: float = 300.0,
    timeout: float = 30.0,
) -> dict[str, Any]:
    """Show (and open) the provider's consent page; its redirect comes back to a listener
    on 127.0.0.1, which hands the code over for the tokens."""
    if not cfg.auth_url:
        raise LoginFailed(f"provider {cfg.provider} has no browser flow here (no auth_url): "
                          "use --flow device")
    verifier = secrets.token_urlsafe(64)
    challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
    state = secrets.token_urlsafe(16)
    got: dict[str, str] = {}
    done = threading.Event()

    class Redirect(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 - http.server's name
            query = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(self.path).query))
            if query.get("state") != state:  # a stray request (favicon, a scanner)
                self.send_error(404)
                return
            got.update(query)
            done.set()
            body = ("arbitro: access granted; you may close this page." if "code" in query
                    else "arbitro: no access was granted; see the terminal.").encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/plain; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - quiet
            return

    try:
        server = HTTPServer(("127.0.0.1", port), Redirect)
    except OSError as exc:
        raise LoginFailed(f"cannot listen on 127.0.0.1:{port} for the redirect: {exc.strerror}") from None
    redirect_uri = f"http://127.0.0.1:{server.server_address[1]}/"
    url = cfg.auth_url + ("&" if "?" in cfg.auth_url else "?") + urllib.parse.urlencode({
        "response_type": "code", "client_id": cfg.client_id, "redirect_uri": redirect_uri,
        "scope": cfg.scope, "state": state, "code_challenge": challenge,
        "code_challenge_method": "S256",
        "access_type": "offline", "prompt": "consent",  # Google: a refresh token every time
    })
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.1},
                              name="oauth-redirect", daemon=True)
    thread.start()
    try:
        say("Open this page in a browser on this machine, sign in and allow access:")
        say(url)
        if open_browser is not None:
            open_browser(url)
        if not done.wait(wait):
            raise LoginFailed(f"no answer from the browser within {wait:.0f} s: run it again")
    finally:
        server.shutdown()
        server.server_close()
    if "code" not in got:
        error = got.get("error", "no code")
        raise LoginFailed(f"the provider sent no code ({error}: {got.get('error_description', '')})")
    try:
        answer = post_form(cfg.token_url, {
            **_client(cfg), "grant_type": "authorization_code", "code": got["code"],
            "redirect_uri": redirect_uri, "code_verifier": verifier,
        }, timeout)
        return _token_answer(answer, cfg.token_url)
    except (OAuthError, ProviderUnreachable) as exc:
        raise LoginFailed(f"exchanging the code at {cfg.token_url} failed: {exc}") from None


def save_login(cfg: OAuth2Config, answer: dict[str, Any]) -> str | None:
    """Store the refresh token where the config says. A token file is written 0600 and
    None returned; for token_env the token is returned for the operator to set."""
    refresh = str(answer["refresh_token"])
    if cfg.token_file is None:
        return refresh
    write_token_file(cfg.token_file, {
        "refresh_token": refresh,
        "client_id": cfg.client_id,
        "token_url": cfg.token_url,
        "scope": str(answer.get("scope") or cfg.scope),
        "saved_at": datetime.now(UTC).isoformat(timespec="seconds"),
    })
    return None


def _number(value: object, default: float) -> float:
    try:
        number = float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return default
    return number if number > 0 else default
