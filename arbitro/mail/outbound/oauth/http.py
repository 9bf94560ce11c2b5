"""One form POST to an OAuth2 endpoint, JSON back (RFC 6749 section 5): the standard
library only, blocking (callers in the event loop use a thread)."""

from __future__ import annotations

import json
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Mapping
from typing import Any


class OAuthError(Exception):
    """The provider answered with an OAuth2 error (``error`` is its code, e.g. invalid_grant)."""

    def __init__(self, error: str, description: str = "", status: int = 0) -> None:
        self.error = error
        self.description = description
        self.status = status
        super().__init__(f"{error}: {description}" if description else error)


class ProviderUnreachable(Exception):
    """No answer from the provider (DNS, network, timeout, a 5xx page): try again later."""


def post_form(url: str, fields: Mapping[str, str], timeout: float = 30.0) -> dict[str, Any]:
    body = urllib.parse.urlencode({k: v for k, v in fields.items() if v}).encode()
    request = urllib.request.Request(url, data=body, method="POST", headers={
        "Accept": "application/json",
        "Content-Type": "application/x-www-form-urlencoded",
    })
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:  # noqa: S310 - configured URL
            return _json(response.read(), url)
    except urllib.error.HTTPError as exc:
        payload = exc.read()
        try:
            data = _json(payload, url)
        except ProviderUnreachable:
            if exc.code >= 500:
                raise ProviderUnreachable(f"{url}: HTTP {exc.code}") from None
            raise OAuthError("http_error", f"HTTP {exc.code} from {url}", exc.code) from None
        error = data.get("error")
        if not isinstance(error, str):  # an error page in JSON but not OAuth2's shape
            if exc.code >= 500:
                raise ProviderUnreachable(f"{url}: HTTP {exc.code}") from None
            raise OAuthError("http_error", f"HTTP {exc.code} from {url}", exc.code) from None
        raise OAuthError(error, str(data.get("error_description") or ""), exc.code) from None
    except (urllib.error.URLError, OSError, TimeoutError) as exc:
        reason = getattr(exc, "reason", exc)
        raise ProviderUnreachable(f"{url}: {reason}") from None


def _json(payload: bytes, url: str) -> dict[str, Any]:
    try:
        data = json.loads(payload.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise ProviderUnreachable(f"{url}: the answer is not JSON") from None
    if not isinstance(data, dict):
        raise ProviderUnreachable(f"{url}: the answer is not a JSON object")
    return data
