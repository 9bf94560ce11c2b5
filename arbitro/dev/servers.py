"""Mail servers embedded in the current asyncio loop, for ``arbitro dev`` and demos.

- IMAP: pymap; one account per address, password shared. With ``mail_dir`` the mailboxes
  are maildirs on disk (pymap's maildir backend), so a restart keeps every mail;
  without it they live in memory (pymap's dict backend: fast, for tests).
- SMTP: aiosmtpd on the same loop; every mail is delivered into the IMAP inbox of each
  recipient (the referee's plus-addresses land in the referee's inbox), so players'
  mailboxes collect the referee's replies and can be read with any mail client.

Loopback only, no TLS, cleartext passwords: never expose these servers.
"""

from __future__ import annotations

import asyncio
import socket
from argparse import Namespace
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Self

from aiosmtpd.smtp import SMTP, AuthResult, Envelope, LoginPassword, Session
from proxyprotocol.reader import ProxyProtocolReader
from proxyprotocol.version import ProxyProtocolVersion
from pymap.backend import dict as memory
from pymap.backend import maildir
from pymap.concurrent import Subsystem
from pymap.exceptions import UserNotFound
from pymap.frozen import frozendict
from pymap.imap import IMAPServer
from pymap.parsing.message import AppendMessage
from pymap.parsing.specials.fetchattr import FetchRequirement
from pymap.user import UserMetadata
from pysasl.hashing import Cleartext
from pysasl.identity import ClearIdentity

from ..config.addresses import plus_tag


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket() as s:
        s.bind((host, 0))
        return int(s.getsockname()[1])


@dataclass
class DevMailServers:
    referee: str  # the referee's address: its account gets every plus-address too
    password: str = "dev"  # every account's IMAP and SMTP password
    host: str = "127.0.0.1"
    imap_port: int = 0  # 0 = a free port, chosen at start
    smtp_port: int = 0
    plus_separator: str = "+"
    smtp_auth_required: bool = False
    mail_dir: Path | None = None  # maildirs on disk here; None = in memory
    open_accounts: bool = False  # any address may log in with the password (made at login)
    delivered: int = 0
    _config: Any = field(default=None, repr=False)
    _login: Any = field(default=None, repr=False)
    _servers: list[asyncio.AbstractServer] = field(default_factory=list, repr=False)
    _tasks: list[asyncio.Task[None]] = field(default_factory=list, repr=False)

    # -- life cycle ---------------------------------------------------------------------
    async def start(self) -> None:
        self.imap_port = self.imap_port or free_port(self.host)
        self.smtp_port = self.smtp_port or free_port(self.host)
        args = Namespace(passlib_cfg=None, proxy_protocol=None, debug=False)
        common: dict[str, Any] = dict(
            host=self.host,
            port=self.imap_port,
            tls_enabled=False,
            hash_context=Cleartext(),  # the default hash costs 0.1 s per login
            cpu_subsystem=Subsystem.for_asyncio(),  # no worker threads to leak
            invalid_user_sleep=0.0,
            reject_dnsbl=False,
            proxy_protocol=ProxyProtocolVersion.get(None),
        )
        if self.mail_dir is None:
            self._config = memory.Config(args, demo_data=False, demo_user="", demo_password="",
                                         **common)
            self._login = memory.Login(self._config)
        else:
            self.mail_dir.mkdir(parents=True, exist_ok=True)
            # "++" keeps folders as .a.b directories; no colon in file names (portable)
            self._config = maildir.Config(args, base_dir=str(self.mail_dir), layout="++",
                                          colon=None, **common)
            self._login = maildir.Login(self._config)
        self._config.apply_context()
        await self.add_account(self.referee)
        login = _OpenLogin(self) if self.open_accounts else self._login
        imap = IMAPServer(login, self._config)
        reader = ProxyProtocolReader(self._config.proxy_protocol)
        self._servers.append(
            await asyncio.start_server(reader.get_callback(imap), self.host, self.imap_port)
        )
        loop = asyncio.get_running_loop()
        self._servers.append(
            await loop.create_server(self._smtp_protocol, self.host, self.smtp_port)
        )

    async def stop(self) -> None:
        for server in self._servers:
            server.close()
        for server in self._servers:
            try:
                await asyncio.wait_for(server.wait_closed(), 2)
            except TimeoutError:
                pass
        self._servers.clear()

    async def __aenter__(self) -> Self:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    # -- accounts and mailboxes ---------------------------------------------------------
    def account_of(self, address: str) -> str:
        """The account a recipient's mail goes to (plus-addresses of the referee fold)."""
        address = address.strip().lower()
        if address == self.referee.lower() or plus_tag(address, self.referee, self.plus_separator):
            return self.referee.lower()
        return address

    async def add_account(self, address: str) -> None:
        name = address.strip().lower()
        if await self.has_account(name):
            return
        # the maildir backend keeps each account's folders under mail_dir/<address>
        params = frozendict({"mailbox_path": name} if self.mail_dir is not None else {})
        await self._identity(name).set(UserMetadata(
            self._config, name, password=self.password, params=params))

    async def has_account(self, address: str) -> bool:
        name = address.strip().lower()
        if self.mail_dir is None:
            return name in self._login.users_dict
        try:
            await self._identity(name).get()
        except UserNotFound:
            return False
        return True

    def _identity(self, name: str) -> Any:
        if self.mail_dir is None:
            return memory.Identity(name, self._login, None, frozenset())
        return maildir.Identity(self._config, self._login.tokens, name, None, frozenset())

    async def deliver(self, address: str, raw: bytes) -> None:
        """Put a mail into the INBOX of the account ``address`` maps to."""
        account = self.account_of(address)
        await self.add_account(account)
        box = await self._inbox(account)
        await box.append(AppendMessage(raw, datetime.now(UTC), frozenset()), recent=True)
        self.delivered += 1

    async def messages(self, address: str, folder: str = "INBOX") -> list[bytes]:
        """The raw mails in one of ``address``'s folders (for demos and tests)."""
        account = self.account_of(address)
        if not await self.has_account(account):
            return []
        mailbox_set = await self._mailbox_set(account)
        try:
            box = await mailbox_set.get_mailbox(folder)
        except KeyError:
            return []
        out: list[bytes] = []
        async for message in box.messages():
            loaded = await message.load_content(FetchRequirement.CONTENT)
            if loaded.content is not None:
                out.append(bytes(loaded.content))
        return out

    async def _mailbox_set(self, account: str) -> Any:
        async with self._identity(account).new_session() as session:
            return session.mailbox_set

    async def _inbox(self, account: str) -> Any:
        return await (await self._mailbox_set(account)).get_mailbox("INBOX")

    # -- SMTP ---------------------------------------------------------------------------
    def _smtp_protocol(self) -> SMTP:
        return SMTP(
            _Delivery(self),
            hostname="arbitro-dev",
            auth_required=self.smtp_auth_required,
            auth_require_tls=False,
            authenticator=self._authenticate,
        )

    def _authenticate(
        self, server: SMTP, session: Session, envelope: Envelope, mechanism: str, data: Any
    ) -> AuthResult:
        ok = isinstance(data, LoginPassword) and data.password.decode() == self.password
        # handled=False on failure: aiosmtpd then answers 535 (else the client hangs)
        return AuthResult(success=ok, handled=False)


class _OpenLogin:
    """pymap's login, but an address seen for the first time with the shared password gets
    its (empty) account: any mail client can look at any demo mailbox."""

    def __init__(self, servers: DevMailServers) -> None:
        self.servers = servers

    @property
    def tokens(self) -> Any:
        return self.servers._login.tokens

    async def authenticate(self, credentials: Any) -> Any:
        name = str(credentials.authcid)
        if "@" in name and credentials.verify(ClearIdentity(name, self.servers.password)):
            await self.servers.add_account(name)
        return await self.servers._login.authenticate(credentials)

    async def authorize(self, authenticated: Any, authzid: str) -> Any:
        return await self.servers._login.authorize(authenticated, authzid)


class _Delivery:
    def __init__(self, servers: DevMailServers) -> None:
        self.servers = servers

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        raw = envelope.original_content or envelope.content or b""
        if isinstance(raw, str):
            raw = raw.encode("utf-8", "surrogateescape")
        for rcpt in dict.fromkeys(envelope.rcpt_tos):
            await self.servers.deliver(rcpt, bytes(raw))
        return "250 OK delivered"
