"""Mail servers embedded in the current asyncio loop, for ``arbitro dev`` and demos.

- IMAP: pymap's in-memory (dict) backend; one account per address, password shared.
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
from typing import Any, Self

from aiosmtpd.smtp import SMTP, AuthResult, Envelope, LoginPassword, Session
from proxyprotocol.reader import ProxyProtocolReader
from proxyprotocol.version import ProxyProtocolVersion
from pymap.backend.dict import Config as DictConfig
from pymap.backend.dict import Identity, Login
from pymap.concurrent import Subsystem
from pymap.imap import IMAPServer
from pymap.parsing.message import AppendMessage
from pymap.user import UserMetadata
from pysasl.hashing import Cleartext

from ..service.addresses import plus_tag


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
        self._config = DictConfig(
            args,
            host=self.host,
            port=self.imap_port,
            demo_data=False,
            demo_user="",
            demo_password="",
            tls_enabled=False,
            hash_context=Cleartext(),  # the default hash costs 0.1 s per login
            cpu_subsystem=Subsystem.for_asyncio(),  # no worker threads to leak
            invalid_user_sleep=0.0,
            reject_dnsbl=False,
            proxy_protocol=ProxyProtocolVersion.get(None),
        )
        self._config.apply_context()
        self._login = Login(self._config)
        await self.add_account(self.referee)
        imap = IMAPServer(self._login, self._config)
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
        if name in self._login.users_dict:
            return
        identity = Identity(name, self._login, None, frozenset())
        await identity.set(UserMetadata(self._config, name, password=self.password))

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
        if account not in self._login.users_dict:
            return []
        mailbox_set = await self._mailbox_set(account)
        try:
            box = await mailbox_set.get_mailbox(folder)
        except KeyError:
            return []
        out: list[bytes] = []
        async for message in box.messages():
            # the dict backend keeps the parsed content on the message (no public getter)
            out.append(bytes(message._content))
        return out

    async def _mailbox_set(self, account: str) -> Any:
        identity = Identity(account, self._login, None, frozenset())
        async with identity.new_session() as session:
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
