"""Access tokens for XOAUTH2, kept fresh by the daemon itself (refresh_token grant).

One ``TokenSource`` per stored refresh token, shared by IMAP and SMTP when they name the
same one. Blocking and thread-safe: the IMAP thread and the outbox (through a thread) may
ask at once, and only one refresh goes out.

A refused refresh (invalid_grant: the GM revoked the access, changed the password, or the
token expired unused) cannot mend itself: the operator is told (``on_refused``) once per
refused token, and the provider is not asked again with the same token before
``refused_pause`` seconds; a new login (a new token in the file) is tried at once.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import os
import threading
import time
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from typing import Any

from ....config.model import OAuth2Config
from ....config.oauth2 import TokenFileError, read_token_file, write_token_file
from .http import OAuthError, ProviderUnreachable, post_form

log = logging.getLogger(__name__)

# Errors after which the same refresh token will never work again (RFC 6749 5.2).
REFUSALS = frozenset({"invalid_grant", "invalid_client", "unauthorized_client", "invalid_scope"})
DEFAULT_LIFETIME = 3600.0  # seconds, when the provider gives no expires_in


class TokenUnavailable(Exception):
    """No access token now (no refresh token stored, provider unreachable): retry later."""


class RefreshRefused(TokenUnavailable):
    """The provider refused the stored refresh token: the operator must log in again."""


RefusedHook = Callable[["TokenSource", str], None]


class TokenSource:
    def __init__(
        self,
        config: OAuth2Config,
        *,
        environ: Mapping[str, str] | None = None,
        timeout: float = 30.0,
        margin: float = 60.0,
        refused_pause: float = 300.0,
        clock: Callable[[], float] = time.time,
        on_refused: RefusedHook | None = None,
    ) -> None:
        self.config = config
        self.environ = os.environ if environ is None else environ
        self.timeout = timeout
        self.margin = margin  # refresh this many seconds before the token expires
        self.refused_pause = refused_pause
        self.clock = clock
        self.on_refused = on_refused
        self.refreshes = 0  # tokens obtained (for logs and tests)
        self._lock = threading.Lock()
        self._access: str | None = None
        self._expires_at = 0.0
        self._refresh_at = 0.0  # ``margin`` before expiry (half the lifetime for short ones)
        self._rotated: str | None = None  # a new refresh token the environment cannot hold
        self._refused: tuple[str, float, str] | None = None  # (token digest, until, message)

    @property
    def place(self) -> str:
        return self.config.token_place

    @property
    def refused_digest(self) -> str | None:
        """Fingerprint of the refresh token last refused (None while all is well)."""
        refused = self._refused
        return refused[0] if refused else None

    def access_token(self) -> str:
        """A valid access token: the cached one, or a fresh one from the provider."""
        with self._lock:
            now = self.clock()
            if self._access is not None and now < self._refresh_at:
                return self._access
            return self._refresh(now)

    def expires_at(self, token: str) -> float | None:
        """When ``token`` expires (on ``clock``), if it is the one this source holds."""
        with self._lock:
            return self._expires_at if self._holds(token) else None

    def invalidate(self, token: str) -> None:
        """The server refused ``token`` (expired early, revoked): the next call refreshes."""
        with self._lock:
            if self._holds(token):
                self._access = None

    def _holds(self, token: str) -> bool:
        return self._access is not None and hmac.compare_digest(token, self._access)

    # -- inside the lock -----------------------------------------------------------------
    def _refresh(self, now: float) -> str:
        refresh = self._stored_refresh_token()
        digest = _digest(refresh)
        if self._refused and self._refused[0] == digest and now < self._refused[1]:
            raise RefreshRefused(self._refused[2])
        cfg = self.config
        try:
            answer = post_form(cfg.token_url, {
                "grant_type": "refresh_token",
                "refresh_token": refresh,
                "client_id": cfg.client_id,
                "client_secret": cfg.client_secret,
                "scope": cfg.scope,
            }, self.timeout)
            if isinstance(answer.get("error"), str):
                raise OAuthError(answer["error"], str(answer.get("error_description") or ""))
        except OAuthError as exc:
            if exc.error not in REFUSALS:
                raise TokenUnavailable(f"OAuth2 token refresh at {cfg.token_url} failed: {exc}") from None
            message = (f"the provider refused the refresh token in {self.place} ({exc}): the referee "
                       "cannot log in to its mailbox until the GM runs `arbitro oauth login` again")
            first = self._refused is None or self._refused[0] != digest
            self._refused = (digest, now + self.refused_pause, message)
            log.error("oauth2: %s", message)
            if first and self.on_refused is not None:
                try:
                    self.on_refused(self, message)
                except Exception:
                    log.exception("oauth2: telling the operator failed")
            raise RefreshRefused(message) from None
        except ProviderUnreachable as exc:
            raise TokenUnavailable(f"OAuth2 provider unreachable: {exc}") from None
        token = answer.get("access_token")
        if not isinstance(token, str) or not token:
            raise TokenUnavailable(f"{cfg.token_url} gave no access_token")
        self._refused = None
        self._access = token
        lifetime = _seconds(answer.get("expires_in"), DEFAULT_LIFETIME)
        self._expires_at = now + lifetime
        self._refresh_at = now + max(lifetime - self.margin, lifetime / 2)
        self.refreshes += 1
        rotated = answer.get("refresh_token")
        if isinstance(rotated, str) and rotated and rotated != refresh:
            self._keep_rotated(rotated)
        log.info("oauth2: new access token for %s (valid %.0f s)", self.place,
                 self._expires_at - now)
        return token

    def _stored_refresh_token(self) -> str:
        """Read anew at each refresh: a login done meanwhile is taken up without a restart."""
        cfg = self.config
        if cfg.token_file is not None:
            try:
                return str(read_token_file(cfg.token_file)["refresh_token"])
            except TokenFileError as exc:
                raise TokenUnavailable(str(exc)) from None
        if self._rotated is not None:
            return self._rotated
        value = self.environ.get(cfg.token_env, "")
        if not value:
            raise TokenUnavailable(f"environment variable {cfg.token_env} holds no refresh token; "
                                   "run `arbitro oauth login`")
        return value

    def _keep_rotated(self, rotated: str) -> None:
        """The provider handed a new refresh token (Microsoft does): store it, else the old
        one may stop working."""
        cfg = self.config
        if cfg.token_file is None:
            self._rotated = rotated
            log.warning("oauth2: the provider rotated the refresh token; $%s still holds the "
                        "old one (kept in memory until the daemon stops): run `arbitro oauth "
                        "login` and update it, or use token_file", cfg.token_env)
            return
        try:
            data: dict[str, Any] = dict(read_token_file(cfg.token_file))
        except TokenFileError:
            data = {}
        data.update(refresh_token=rotated, rotated_at=datetime.now(UTC).isoformat(timespec="seconds"))
        write_token_file(cfg.token_file, data)
        log.info("oauth2: stored the rotated refresh token in %s", cfg.token_file)


def _digest(token: str) -> str:
    """A short fingerprint of a token, safe to show in logs and alert keys."""
    return hashlib.sha256(token.encode()).hexdigest()[:16]


def _seconds(value: object, default: float) -> float:
    try:
        seconds = float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return default
    return seconds if seconds > 0 else default
