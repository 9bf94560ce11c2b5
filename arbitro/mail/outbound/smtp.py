"""Sending over SMTP with aiosmtplib: one reusable connection, failures sorted into
temporary (retry later) and permanent (give up, tell the GM)."""

from __future__ import annotations

import asyncio
import logging
import ssl
from collections.abc import Sequence
from dataclasses import dataclass, field

import aiosmtplib

from ...config.model import SmtpConfig
from .oauth import TokenSource, TokenUnavailable

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class SendResult:
    ok: bool  # accepted for at least one recipient
    permanent: bool = False  # a failure that retrying will not fix (5xx)
    error: str = ""
    connection: bool = False  # the server could not be reached or talked to at all
    refused: tuple[tuple[str, str], ...] = field(default=())  # (recipient, reply) left out
    # The whole mail was out when the line went quiet or dropped: the server may have
    # taken it. Only a copy (``copy_to``) can tell; then the retry waits for it.
    uncertain: bool = False


class SmtpSender:
    """Sends raw mails; connects lazily, keeps the connection for the next mail, and
    drops it after any error."""

    def __init__(
        self,
        config: SmtpConfig,
        *,
        timeout: float = 30.0,
        ssl_context: ssl.SSLContext | None = None,
        local_hostname: str | None = None,
        tokens: TokenSource | None = None,
    ) -> None:
        self.config = config
        self.tokens = tokens  # access tokens for auth = "oauth2"
        self.timeout = timeout
        self.ssl_context = ssl_context
        self.local_hostname = local_hostname
        self._smtp: aiosmtplib.SMTP | None = None

    async def _connection(self) -> aiosmtplib.SMTP:
        if self._smtp is not None and self._smtp.is_connected:
            return self._smtp
        cfg = self.config
        smtp = aiosmtplib.SMTP(
            hostname=cfg.host,
            port=cfg.port,
            use_tls=cfg.tls == "ssl",
            start_tls=cfg.tls == "starttls",
            tls_context=self.ssl_context,
            timeout=self.timeout,
            local_hostname=self.local_hostname,
        )
        await smtp.connect()
        try:
            if cfg.auth == "oauth2":
                await self._xoauth2(smtp)
            elif cfg.user:
                await smtp.login(cfg.user, cfg.password)
        except BaseException:
            await _quietly_quit(smtp)
            raise
        self._smtp = smtp
        return smtp

    async def _xoauth2(self, smtp: aiosmtplib.SMTP) -> None:
        """AUTH XOAUTH2 with the cached token; refused, once more with a fresh one."""
        if self.tokens is None:
            raise TokenUnavailable("auth = oauth2 but the daemon gave the SMTP sender no tokens")
        if smtp.is_ehlo_or_helo_needed:
            await smtp.ehlo()
        if "xoauth2" not in smtp.server_auth_methods:
            raise aiosmtplib.SMTPException(
                f"{self.config.host} does not offer AUTH XOAUTH2 (it offers: "
                f"{', '.join(smtp.server_auth_methods) or 'no AUTH'})")
        token = await asyncio.to_thread(self.tokens.access_token)  # urllib blocks
        try:
            await smtp.auth_xoauth2(self.config.user, token)
            return
        except aiosmtplib.SMTPAuthenticationError as exc:
            log.info("smtp: XOAUTH2 refused (%s %s); refreshing the access token",
                     exc.code, exc.message)
            self.tokens.invalidate(token)
        await smtp.auth_xoauth2(self.config.user, await asyncio.to_thread(self.tokens.access_token))

    async def send(
        self,
        envelope_from: str,
        recipients: Sequence[str],
        raw: bytes,
        *,
        copy_to: str | None = None,
    ) -> SendResult:
        """Never raises for SMTP or network trouble: the result says what happened.
        ``copy_to`` gets the same mail in the same transaction (envelope only), and only
        when the server accepted one of ``recipients``: the copy proves the mail went."""
        if not recipients:
            return SendResult(False, permanent=True, error="no recipients")
        try:
            smtp = await self._connection()
        except aiosmtplib.SMTPAuthenticationError as exc:
            # a wrong password is the operator's to fix: keep the mail, retry later
            return SendResult(
                False, error=f"SMTP login refused: {exc.code} {exc.message}", connection=True
            )
        except TokenUnavailable as exc:
            # no OAuth2 access token (refused refresh, provider down): the same, keep it
            await self.close()
            return SendResult(False, error=f"SMTP login impossible: {exc}", connection=True)
        except (TimeoutError, aiosmtplib.SMTPException, OSError) as exc:
            await self.close()
            return SendResult(False, error=f"SMTP unreachable: {_describe(exc)}", connection=True)
        try:
            if copy_to is None:
                refused, _ = await smtp.sendmail(envelope_from, list(recipients), raw)
            else:
                refused = await _with_copy(smtp, envelope_from, recipients, raw, copy_to)
        except _Uncertain as exc:
            await self.close()
            return SendResult(False, error=_describe(exc.__cause__ or exc), connection=True,
                              uncertain=True)
        except aiosmtplib.SMTPRecipientsRefused as exc:
            codes = [r.code for r in exc.recipients]
            permanent = bool(codes) and all(c >= 500 for c in codes)
            await self._reset(smtp)
            return SendResult(False, permanent=permanent, error=_describe(exc))
        except aiosmtplib.SMTPResponseException as exc:
            await self._reset(smtp)
            return SendResult(False, permanent=exc.code >= 500, error=_describe(exc))
        except (TimeoutError, aiosmtplib.SMTPException, OSError) as exc:
            await self.close()
            return SendResult(False, error=_describe(exc), connection=True)
        return SendResult(
            True,
            refused=tuple((rcpt, f"{r.code} {r.message}") for rcpt, r in refused.items()),
        )

    async def check_login(self) -> str | None:
        """Connect and log in once (``arbitro oauth login`` proves a new token): None when
        it worked, else what went wrong."""
        try:
            await self._connection()
        except aiosmtplib.SMTPAuthenticationError as exc:
            return f"login refused: {exc.code} {exc.message}"
        except (TimeoutError, aiosmtplib.SMTPException, OSError, TokenUnavailable) as exc:
            return _describe(exc)
        finally:
            await self.close()
        return None

    async def _reset(self, smtp: aiosmtplib.SMTP) -> None:
        """After a refused transaction the connection is reusable once RSET."""
        try:
            await smtp.rset()
        except Exception:  # noqa: BLE001
            await self.close()

    async def close(self) -> None:
        smtp, self._smtp = self._smtp, None
        if smtp is not None:
            await _quietly_quit(smtp)


class _Uncertain(Exception):
    """The DATA went out and no reply came back."""


async def _with_copy(
    smtp: aiosmtplib.SMTP, sender: str, recipients: Sequence[str], raw: bytes, copy_to: str
) -> dict[str, aiosmtplib.SMTPResponse]:
    """One transaction like ``sendmail``'s, with ``copy_to`` added after the recipients
    and only once one of them was accepted. Returns the refused recipients' replies."""
    if smtp.is_ehlo_or_helo_needed:
        await smtp.ehlo()
    options = [f"size={len(raw)}"] if smtp.supports_extension("size") else []
    await smtp.mail(sender, options=options)
    refused: list[aiosmtplib.SMTPRecipientRefused] = []
    for rcpt in recipients:
        try:
            await smtp.rcpt(rcpt)
        except aiosmtplib.SMTPRecipientRefused as exc:
            refused.append(exc)
    if len(refused) == len(recipients):
        raise aiosmtplib.SMTPRecipientsRefused(refused)
    try:
        await smtp.rcpt(copy_to)
    except aiosmtplib.SMTPRecipientRefused as exc:
        refused.append(exc)  # the mail still goes; only the proof is missing
    try:
        await smtp.data(raw)
    except (TimeoutError, ConnectionError, OSError) as exc:  # no reply to the final dot
        raise _Uncertain() from exc
    return {e.recipient: aiosmtplib.SMTPResponse(e.code, e.message) for e in refused}


async def _quietly_quit(smtp: aiosmtplib.SMTP) -> None:
    try:
        if smtp.is_connected:
            await smtp.quit()
    except Exception:  # noqa: BLE001
        smtp.close()


def _describe(exc: BaseException) -> str:
    if isinstance(exc, aiosmtplib.SMTPRecipientsRefused):
        return "; ".join(f"{r.recipient}: {r.code} {r.message}" for r in exc.recipients)
    if isinstance(exc, aiosmtplib.SMTPResponseException):
        return f"{exc.code} {exc.message}"
    return f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
