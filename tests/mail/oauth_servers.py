"""A small OAuth2 provider for tests (stdlib http.server in a thread) and an aiosmtpd sink
that takes XOAUTH2, checking each token at that provider, as Dovecot's oauth2 passdb does.

The provider implements what the referee and Dovecot use: device authorization (RFC 8628,
with a page where the "user" enters the code), the authorization endpoint of the browser
flow (consents at once, PKCE checked), the token endpoint (device_code, authorization_code,
refresh_token grants) and token introspection (RFC 7662, form POST). Tokens are random;
access tokens live ``access_lifetime`` seconds; the test revokes or expires them.
"""

from __future__ import annotations

import base64
import hashlib
import json
import secrets
import threading
import time
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from mail.servers import SmtpSink, free_port


@dataclass
class _Device:
    user_code: str
    client_id: str
    expires: float
    user: str | None = None  # set when the user entered the code and agreed
    denied: bool = False
    polls: int = 0


@dataclass
class OAuthProvider:
    client_id: str = "arbitro-test"
    client_secret: str = ""  # "" = a public client (like Microsoft's)
    access_lifetime: float = 3600.0
    device_interval: float = 0.05
    device_lifetime: float = 30.0
    rotate: bool = False  # hand a new refresh token at each refresh (Microsoft does)
    slow_down_polls: int = 0  # answer slow_down to this many polls first
    port: int = field(default_factory=free_port)
    devices: dict[str, _Device] = field(default_factory=dict)
    refresh_tokens: dict[str, str] = field(default_factory=dict)  # token -> user
    access_tokens: dict[str, tuple[str, float]] = field(default_factory=dict)  # -> (user, until)
    codes: dict[str, tuple[str, str, str]] = field(default_factory=dict)  # -> (user, challenge, uri)
    browser_user: str = ""  # who "signs in" at the authorization endpoint
    grants: list[str] = field(default_factory=list)  # grant_type of every token request
    introspections: list[tuple[str, bool]] = field(default_factory=list)  # (token, active)
    lock: threading.Lock = field(default_factory=threading.Lock)
    _server: ThreadingHTTPServer | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        provider = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802
                length = int(self.headers.get("Content-Length") or 0)
                form = dict(urllib.parse.parse_qsl(self.rfile.read(length).decode()))
                status, body = provider.post(self.path, form, self.headers.get("Authorization"))
                self._send(status, body)

            def do_GET(self) -> None:  # noqa: N802
                split = urllib.parse.urlsplit(self.path)
                query = dict(urllib.parse.parse_qsl(split.query))
                if split.path == "/authorize":
                    location = provider.authorize(query)
                    self.send_response(302)
                    self.send_header("Location", location)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                self._send(404, {"error": "not_found"})

            def _send(self, status: int, body: dict[str, Any]) -> None:
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
                return

        self._server = ThreadingHTTPServer(("127.0.0.1", self.port), Handler)
        threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.05},
                         daemon=True).start()

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    # -- what the test does as the user / the provider's admin ---------------------------
    def enter_code(self, user_code: str, user: str, *, deny: bool = False) -> None:
        """The user types the code at the verification page (a real HTTP request)."""
        body = urllib.parse.urlencode({"user_code": user_code, "user": user,
                                       "deny": "1" if deny else ""}).encode()
        with urllib.request.urlopen(f"{self.base}/device", data=body, timeout=5) as r:
            assert r.status == 200

    def grant(self, user: str) -> str:
        """A refresh token issued to ``user`` directly (as a login earlier would have)."""
        token = "rt-" + secrets.token_urlsafe(16)
        with self.lock:
            self.refresh_tokens[token] = user
        return token

    def revoke(self, user: str) -> None:
        """The user withdraws the app's access: every token of theirs stops working."""
        with self.lock:
            self.refresh_tokens = {t: u for t, u in self.refresh_tokens.items() if u != user}
            self.access_tokens = {t: v for t, v in self.access_tokens.items() if v[0] != user}

    def expire_access_tokens(self) -> None:
        """Every access token issued so far expires now (the referee's cache does not know)."""
        with self.lock:
            self.access_tokens = {t: (u, 0.0) for t, (u, _) in self.access_tokens.items()}

    def active(self, token: str) -> str | None:
        """The user a live access token belongs to, or None."""
        with self.lock:
            user, until = self.access_tokens.get(token, ("", 0.0))
            ok = bool(user) and time.monotonic() < until
            self.introspections.append((token, ok))
        return user if ok else None

    # -- endpoints ------------------------------------------------------------------------
    def post(self, path: str, form: dict[str, str], authorization: str | None) -> tuple[int, dict[str, Any]]:
        if path == "/devicecode":
            return self._device_start(form)
        if path == "/device":
            return self._device_enter(form)
        if path == "/token":
            return self._token(form)
        if path == "/introspect":
            user = self.active(form.get("token", ""))
            return 200, ({"active": True, "username": user} if user else {"active": False})
        return 404, {"error": "not_found"}

    def _client_ok(self, form: dict[str, str]) -> bool:
        return form.get("client_id") == self.client_id and (
            not self.client_secret or form.get("client_secret") == self.client_secret)

    def _device_start(self, form: dict[str, str]) -> tuple[int, dict[str, Any]]:
        if not self._client_ok(form):
            return 401, {"error": "invalid_client"}
        device_code = secrets.token_urlsafe(16)
        user_code = secrets.token_hex(4).upper()
        with self.lock:
            self.devices[device_code] = _Device(user_code, form["client_id"],
                                                time.monotonic() + self.device_lifetime)
        return 200, {"device_code": device_code, "user_code": user_code,
                     "verification_uri": f"{self.base}/device",
                     "expires_in": self.device_lifetime, "interval": self.device_interval}

    def _device_enter(self, form: dict[str, str]) -> tuple[int, dict[str, Any]]:
        with self.lock:
            for device in self.devices.values():
                if device.user_code == form.get("user_code"):
                    device.user = form.get("user") or None
                    device.denied = bool(form.get("deny"))
                    return 200, {"ok": True}
        return 400, {"error": "unknown code"}

    def _issue(self, user: str, refresh: str | None) -> dict[str, Any]:
        access = "at-" + secrets.token_urlsafe(16)
        answer: dict[str, Any] = {"access_token": access, "token_type": "Bearer",
                                  "expires_in": self.access_lifetime}
        self.access_tokens[access] = (user, time.monotonic() + self.access_lifetime)
        if refresh is None or self.rotate:
            if refresh is not None:
                del self.refresh_tokens[refresh]
            refresh = "rt-" + secrets.token_urlsafe(16)
            self.refresh_tokens[refresh] = user
            answer["refresh_token"] = refresh
        return answer

    def _token(self, form: dict[str, str]) -> tuple[int, dict[str, Any]]:
        grant = form.get("grant_type", "")
        with self.lock:
            self.grants.append(grant)
            if not self._client_ok(form):
                return 401, {"error": "invalid_client"}
            if grant == "urn:ietf:params:oauth:grant-type:device_code":
                device = self.devices.get(form.get("device_code", ""))
                if device is None:
                    return 400, {"error": "invalid_grant"}
                device.polls += 1
                if time.monotonic() > device.expires:
                    return 400, {"error": "expired_token"}
                if device.polls <= self.slow_down_polls:
                    return 400, {"error": "slow_down"}
                if device.denied:
                    return 400, {"error": "access_denied"}
                if device.user is None:
                    return 400, {"error": "authorization_pending"}
                del self.devices[form["device_code"]]
                return 200, self._issue(device.user, None)
            if grant == "authorization_code":
                user, challenge, uri = self.codes.pop(form.get("code", ""), ("", "", ""))
                verifier = form.get("code_verifier", "").encode()
                made = base64.urlsafe_b64encode(hashlib.sha256(verifier).digest()).rstrip(b"=").decode()
                if not user or made != challenge or form.get("redirect_uri") != uri:
                    return 400, {"error": "invalid_grant"}
                return 200, self._issue(user, None)
            if grant == "refresh_token":
                refresh = form.get("refresh_token", "")
                user = self.refresh_tokens.get(refresh)
                if user is None:
                    return 400, {"error": "invalid_grant",
                                 "error_description": "the refresh token was revoked"}
                return 200, self._issue(user, refresh)
        return 400, {"error": "unsupported_grant_type"}

    def authorize(self, query: dict[str, str]) -> str:
        """The consent page, agreed at once by ``browser_user``: back to the redirect URI."""
        uri = query.get("redirect_uri", "")
        code = secrets.token_urlsafe(12)
        with self.lock:
            self.codes[code] = (self.browser_user, query.get("code_challenge", ""), uri)
        return uri + "?" + urllib.parse.urlencode({"code": code, "state": query.get("state", "")})


class OAuthSmtpSink(SmtpSink):
    """An SmtpSink that requires AUTH XOAUTH2 and asks ``provider`` about every token; a
    refused token gets Google's answer: a 334 challenge with a JSON error, then 535."""

    def __init__(self, provider: OAuthProvider, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.provider = provider
        self.logins: list[tuple[str, bool]] = []  # (user, accepted)

    def start(self) -> None:
        from aiosmtpd.controller import Controller

        controller = Controller(self, hostname="127.0.0.1", port=self.port,
                                auth_required=True, auth_require_tls=False,
                                auth_exclude_mechanism=["PLAIN", "LOGIN"])
        controller.start()
        self._controller = controller

    async def auth_XOAUTH2(self, server: Any, args: list[str]) -> Any:  # noqa: N802 - aiosmtpd's name
        import asyncio

        from aiosmtpd.smtp import AuthResult

        blob = args[1] if len(args) > 1 else ""
        try:
            fields = dict(part.split("=", 1) for part in
                          base64.b64decode(blob).decode().split("\x01") if "=" in part)
        except ValueError:
            return AuthResult(success=False, handled=False, message="501 5.5.2 bad XOAUTH2")
        user = fields.get("user", "")
        token = fields.get("auth", "").removeprefix("Bearer ")
        owner = await asyncio.to_thread(self.provider.active, token)
        ok = owner is not None and owner == user
        self.logins.append((user, ok))
        if ok:
            return AuthResult(success=True, auth_data=user)
        error = json.dumps({"status": "401", "schemes": "Bearer", "scope": "mail"})
        await server.challenge_auth(error)  # the client answers with an empty line
        return AuthResult(success=False, handled=False,
                          message="535 5.7.8 Username and Password not accepted")
