"""The referee's inbox on a real IMAP server: ``MailboxClient``, the ``Mailbox``
(mailbox.py) the intake loop (loop.py) reads, blocking, on imapclient."""

from __future__ import annotations

import ipaddress
import logging
import re
import select
import ssl
import threading
import time
from datetime import UTC, datetime
from typing import Any

from imapclient import IMAPClient  # type: ignore[import-untyped]
from imapclient.exceptions import LoginError  # type: ignore[import-untyped]

from ...config.model import ImapConfig
from ..outbound.oauth import TokenSource, TokenUnavailable
from .mailbox import Deferred, Fetched, Outcome

log = logging.getLogger(__name__)

RELOGIN_BEFORE = 30.0  # seconds before an OAuth2 session's token expires (see wait)

# Deferred and Outcome stay importable from here for the handler (mail/intake/handler.py).
__all__ = ["Deferred", "Fetched", "MailboxClient", "Outcome"]


class MailboxClient:
    """One IMAP connection to the referee's inbox. Blocking; not thread-safe (use it from
    one thread at a time). Every method connects first when needed; any error leaves the
    client closed, so the next call starts afresh."""

    def __init__(
        self,
        config: ImapConfig,
        *,
        max_bytes: int | None = None,
        timeout: float = 30.0,
        ssl_context: ssl.SSLContext | None = None,
        batch: int = 50,
        use_idle: bool = True,
        use_move: bool = True,
        tokens: TokenSource | None = None,
    ) -> None:
        self.config = config
        self.tokens = tokens  # access tokens for auth = "oauth2"
        # Seconds between two NOOPs while waiting (0: IDLE, or a sleep of poll_seconds).
        self.check = (config.check_ms if config.check_ms is not None
                      else 25 if nearby(config.host) else 0) / 1000
        self.use_idle = use_idle  # False: poll even where IDLE is offered
        self.use_move = use_move  # False: COPY + \Deleted + EXPUNGE even with MOVE
        self.max_bytes = max_bytes
        self.timeout = timeout
        self.ssl_context = ssl_context
        self.batch = batch
        self.uidvalidity: int | None = None
        self._client: IMAPClient | None = None
        self._next_uid = 1
        self._folders: dict[Outcome, str] = {}
        self._idle = False
        self._move = False
        # OAuth2: (when the session logged in, when its token expires), on the tokens' clock
        self._session: tuple[float, float | None] | None = None

    # -- connection ---------------------------------------------------------------------
    def connect(self) -> None:
        if self._client is not None:
            return
        cfg = self.config
        client = IMAPClient(
            cfg.host,
            port=cfg.port,
            ssl=cfg.tls == "ssl",
            ssl_context=self.ssl_context,
            timeout=self.timeout,
        )
        client.normalise_times = False  # INTERNALDATE as an aware datetime
        try:
            if cfg.tls == "starttls":
                client.starttls(self.ssl_context)
            if cfg.auth == "oauth2":
                self._oauth2_login(client)
            else:
                client.login(cfg.user, cfg.password)
            caps = set(client.capabilities())
            self._idle = self.use_idle and b"IDLE" in caps
            self._move = self.use_move and b"MOVE" in caps
            self._folders = {
                "processed": self._ensure_folder(client, cfg.processed_folder),
                "quarantine": self._ensure_folder(client, cfg.quarantine_folder),
                "sent": self._ensure_folder(client, cfg.sent_folder),
            }
            selected = client.select_folder(cfg.folder)
        except BaseException:
            _quietly_close(client)
            raise
        self.uidvalidity = int(selected[b"UIDVALIDITY"])
        # A new session looks at the whole inbox again: a mail handled just before a
        # failed move is handed once more (the caller's dedup skips it, then it moves).
        self._next_uid = 1
        self._client = client
        log.info("imap: connected to %s:%s (idle=%s)", cfg.host, cfg.port, self._idle)

    def _oauth2_login(self, client: IMAPClient) -> None:
        """XOAUTH2 with the cached token; refused (expired or revoked early), once more with
        a fresh one. A refused refresh raises RefreshRefused: the loop's backoff retries."""
        if self.tokens is None:
            raise TokenUnavailable("auth = oauth2 but the daemon gave the IMAP client no tokens")
        token = self.tokens.access_token()
        try:
            _xoauth2(client, self.config.user, token)
        except LoginError as exc:
            log.info("imap: XOAUTH2 login refused (%s); refreshing the access token", exc)
            self.tokens.invalidate(token)
            token = self.tokens.access_token()
            _xoauth2(client, self.config.user, token)
        self._session = (self.tokens.clock(), self.tokens.expires_at(token))

    def _session_left(self) -> float | None:
        """Seconds until this session should log in again with a fresh token: some servers
        (Microsoft 365) end a session when its access token expires, and a quiet re-login a
        little before beats an error after. None: no token expiry to mind."""
        if self.tokens is None or self._session is None:
            return None
        began, expires = self._session
        if expires is None:
            return None
        before = min(RELOGIN_BEFORE, (expires - began) / 4)
        return expires - before - self.tokens.clock()

    def close(self) -> None:
        self._session = None
        client, self._client = self._client, None
        if client is not None:
            _quietly_close(client)

    @property
    def connected(self) -> bool:
        return self._client is not None

    @property
    def poll_seconds(self) -> float:
        return float(self.config.poll_seconds)

    @property
    def has_idle(self) -> bool:
        return self._idle

    def _ensure_folder(self, client: IMAPClient, name: str) -> str:
        """Create the folder when missing; "/" in the configured name is the hierarchy
        separator, written the server's way (Maildir++ uses ".")."""
        server_name = _server_folder(client, name)
        if not client.folder_exists(server_name):
            try:
                client.create_folder(server_name)
            except IMAPClient.Error:
                if not client.folder_exists(server_name):  # else: created meanwhile
                    raise
            try:
                client.subscribe_folder(server_name)  # so mail clients show it to the GM
            except IMAPClient.Error:
                pass
        return server_name

    # -- the three operations ---------------------------------------------------------
    def fetch_new(self) -> list[Fetched]:
        """Mails in the inbox not yet handed out in this session, oldest first (at most
        ``batch``). Mails over ``max_bytes`` come as their header only."""
        client = self._live()
        try:
            client.noop()  # let the server bring the selected mailbox up to date
            uids = sorted(
                u
                for u in client.search(["UID", f"{self._next_uid}:*", "UNDELETED"])
                if u >= self._next_uid
            )[: self.batch]
            if not uids:
                return []
            meta = client.fetch(uids, ["RFC822.SIZE", "INTERNALDATE"])
            sizes = {u: int(d.get(b"RFC822.SIZE", 0)) for u, d in meta.items()}
            arrivals = {u: _aware(d.get(b"INTERNALDATE")) for u, d in meta.items()}
            big = [
                u for u in uids if self.max_bytes is not None and sizes.get(u, 0) > self.max_bytes
            ]
            small = [u for u in uids if u not in big]
            raws: dict[int, bytes] = {}
            if small:
                for u, d in client.fetch(small, ["BODY.PEEK[]"]).items():
                    raws[u] = bytes(d.get(b"BODY[]") or b"")
            if big:
                for u, d in client.fetch(big, ["BODY.PEEK[HEADER]"]).items():
                    raws[u] = bytes(d.get(b"BODY[HEADER]") or b"")
        except BaseException:
            self.close()
            raise
        assert self.uidvalidity is not None
        out = [
            Fetched(self.uidvalidity, u, raws[u], max(sizes.get(u, 0), len(raws[u])),
                    arrivals.get(u))
            for u in uids
            if u in raws  # expunged meanwhile by another client: gone, nothing to hand
        ]
        self._next_uid = uids[-1] + 1
        return out

    def move(self, uid: int, outcome: Outcome) -> None:
        """Move a handled mail out of the inbox (MOVE, else COPY + \\Deleted + EXPUNGE)."""
        client = self._live()
        folder = self._folders[outcome]
        try:
            if self._move:
                client.move([uid], folder)
            else:
                client.copy([uid], folder)
                client.add_flags([uid], [b"\\Deleted"], silent=True)
                if b"UIDPLUS" in client.capabilities():
                    client.uid_expunge([uid])
                else:
                    client.expunge()
        except BaseException:
            self.close()
            raise

    def wait(self, timeout: float, stop: threading.Event | None = None) -> bool:
        """Block until the server reports new mail (True), ``timeout`` passes or ``stop``
        is set (False). With ``check``, a NOOP every ``check`` seconds (the mail is seen
        within that of its delivery: Dovecot tells an IDLE client half a second late);
        else IDLE where offered; else a plain sleep (the caller polls)."""
        client = self._live()
        left = self._session_left()
        if left is not None and left <= 0:
            log.info("imap: the access token expires soon; logging in again with a fresh one")
            self.close()
            return False  # the caller fetches, which connects anew
        deadline = time.monotonic() + (timeout if left is None else min(timeout, left))
        try:
            if _has_new(client.noop()[1]):  # mail that came in since the last command
                return True
            if self.check > 0:
                while not (stop and stop.is_set()):
                    pause = min(self.check, deadline - time.monotonic())
                    if pause <= 0:
                        return False
                    if stop is not None:
                        stop.wait(pause)
                    else:
                        time.sleep(pause)
                    if _has_new(client.noop()[1]):
                        return True
                return False
            if not self._idle:
                while not (stop and stop.is_set()) and time.monotonic() < deadline:
                    time.sleep(min(0.2, max(0.0, deadline - time.monotonic())))
                return False
            client.idle()
            try:
                while not (stop and stop.is_set()):
                    left = deadline - time.monotonic()
                    if left <= 0:
                        return False
                    if not (_buffered(client) or _readable(client, min(0.5, left))):
                        continue
                    responses = _idle_lines(client)
                    if any(r and r[0] == b"BYE" for r in responses):
                        raise ConnectionError("the IMAP server closed the connection")
                    if _has_new(responses):
                        return True
                return False
            finally:
                client.idle_done()
        except BaseException:
            self.close()
            raise

    def _live(self) -> IMAPClient:
        self.connect()
        assert self._client is not None
        return self._client


def nearby(host: str) -> bool:
    """A server on this machine or a private network (by its address as written: no
    lookup), where a NOOP every few milliseconds costs nobody anything."""
    if host.lower() in ("localhost", "localhost.localdomain"):
        return True
    try:
        address = ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return False
    return address.is_loopback or address.is_private or address.is_link_local


def _xoauth2(client: IMAPClient, user: str, token: str) -> None:
    """AUTHENTICATE XOAUTH2. Unlike imapclient's oauth2_login, a refused token's error
    challenge (base64 JSON, as Gmail and Dovecot send) gets the empty answer the mechanism
    asks for, not the credentials a second time."""
    credentials = f"user={user}\x01auth=Bearer {token}\x01\x01"
    try:
        client._command_and_check("authenticate", "XOAUTH2",
                                  lambda challenge: "" if challenge else credentials)
    except IMAPClient.Error as exc:
        raise LoginError(str(exc)) from None


def _aware(value: Any) -> datetime | None:
    if not isinstance(value, datetime):
        return None
    return value if value.tzinfo is not None else value.replace(tzinfo=UTC)


def _readable(client: IMAPClient, timeout: float) -> bool:
    sock = client.socket()
    pending = getattr(sock, "pending", None)  # TLS records already decrypted
    if pending is not None and pending() > 0:
        return True
    poller = select.poll()
    poller.register(sock.fileno(), select.POLLIN)
    return bool(poller.poll(timeout * 1000))


# Why not imapclient's idle_check: it reads lines from a non-blocking socket, and a line
# that arrives in two pieces loses its first piece when the read would block (the
# buffered reader drops what it had); the rest ("FLAGS ())") then reaches the next command
# as an "unexpected response" and the connection is dropped — about once a minute under
# `arbitro dev`. Here a line is read only when data is there, and read whole, blocking
# (the connection's timeout bounds it), so nothing is ever cut.


def _buffered(client: IMAPClient) -> bool:
    """Bytes already read from the socket into imaplib's buffer (poll cannot see them)."""
    sock = client.socket()
    reader = client._imap.file
    sock.setblocking(False)  # peek may then read what is there, never wait; it consumes nothing
    try:
        return bool(reader.peek(1))
    except (BlockingIOError, ssl.SSLWantReadError):
        return False
    finally:
        sock.setblocking(True)
        client._set_read_timeout()  # back to the connection's own read timeout


def _idle_lines(client: IMAPClient) -> list[tuple[Any, ...]]:
    """Every whole untagged response the server has sent during IDLE (at least one line)."""
    out: list[tuple[Any, ...]] = []
    while True:
        line = client._imap._get_line()  # raises on EOF: a closed connection
        literal = re.search(rb"\{(\d+)\}$", line)
        while literal:  # a response with a literal continues after it (RFC 3501 4.3)
            line += b"\r\n" + client._imap.read(int(literal.group(1))) + client._imap._get_line()
            literal = re.search(rb"\{(\d+)\}$", line)
        out.append(_untagged(line))
        if not (_buffered(client) or _readable(client, 0)):
            return out


def _untagged(line: bytes) -> tuple[Any, ...]:
    """``* 3 EXISTS`` -> (3, b"EXISTS"); ``* BYE ...`` -> (b"BYE", ...); other lines as words."""
    if not line.startswith(b"* "):
        raise ConnectionError(f"unexpected line from the IMAP server during IDLE: {line[:80]!r}")
    words = line[2:].split(b" ", 2)
    if words[0].isdigit() and len(words) > 1:
        return (int(words[0]), words[1].upper(), *words[2:])
    return (words[0].upper(), *words[1:])


def _has_new(responses: Any) -> bool:
    return any(
        isinstance(r, tuple) and len(r) >= 2 and r[1] in (b"EXISTS", b"RECENT")
        for r in responses or ()
    )


def _server_folder(client: IMAPClient, name: str) -> str:
    if name.upper() == "INBOX":
        return name
    delimiter = "/"
    prefix = ""
    try:
        spaces = client.namespace()
        personal = spaces.personal[0] if spaces.personal else None
        if personal:
            prefix, delim = personal[0], personal[1]
            delimiter = delim.decode() if isinstance(delim, bytes) else (delim or "/")
    except IMAPClient.Error:
        folders = client.list_folders("", "INBOX")
        if folders and folders[0][1]:
            d = folders[0][1]
            delimiter = d.decode() if isinstance(d, bytes) else d
    server = name.replace("/", delimiter)
    if prefix and not server.startswith(prefix):
        server = prefix + server  # e.g. Courier's "INBOX."
    return server


def _quietly_close(client: IMAPClient) -> None:
    try:
        client.logout()
    except Exception:  # noqa: BLE001
        try:
            client.shutdown()
        except Exception:  # noqa: BLE001, S110
            pass
