"""OAuth2 for the referee's mailbox (XOAUTH2): the token endpoint's client (stdlib urllib),
the access tokens the daemon keeps fresh, and the one-time login of `arbitro oauth login`."""

from .http import OAuthError, ProviderUnreachable
from .login import LoginFailed, browser_login, device_login, save_login
from .tokens import RefreshRefused, TokenSource, TokenUnavailable

__all__ = [
    "LoginFailed",
    "OAuthError",
    "ProviderUnreachable",
    "RefreshRefused",
    "TokenSource",
    "TokenUnavailable",
    "browser_login",
    "device_login",
    "save_login",
]
