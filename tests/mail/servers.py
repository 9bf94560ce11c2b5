"""Real mail servers for tests: a private Dovecot (IMAP + LMTP) per test session, and
helpers to pick free ports and run aiosmtpd. See ../shared/docs/INFRA.md for the gotchas
this follows (vmail user, traversable temp dir, wait for the old master on restart).
"""

from __future__ import annotations

import asyncio
import os
import pwd
import secrets
import shutil
import signal
import smtplib
import socket
import ssl
import subprocess
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

MAIL_USER = "vmail"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_port(port: int, timeout: float = 10.0) -> None:
    """Wait until the server on ``port`` sends its greeting (an open port is not enough:
    Dovecot accepts before its login process is ready)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1.0) as s:
                if s.recv(100):
                    return
        except OSError:
            pass
        time.sleep(0.02)
    raise TimeoutError(f"no greeting from 127.0.0.1:{port}")


def _descendants(pid: int) -> list[int]:
    """Process ids started by ``pid``, at any depth (read from /proc)."""
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            parents[int(entry)] = int(stat.rsplit(")", 1)[1].split()[1])
    found: list[int] = []
    frontier = [pid]
    while frontier:
        parent = frontier.pop()
        kids = [p for p, pp in parents.items() if pp == parent]
        found.extend(kids)
        frontier.extend(kids)
    return found


def dovecot_missing() -> str | None:
    """Why Dovecot cannot run here, or None (scripts/test.sh installs it)."""
    if shutil.which("dovecot") is None:
        return "dovecot is not installed (apt-get install dovecot-imapd dovecot-lmtpd)"
    try:
        pwd.getpwnam(MAIL_USER)
    except KeyError:
        return f"no system user {MAIL_USER} (useradd --system {MAIL_USER})"
    return None


_CONFIG = """\
base_dir = {dir}/run
state_dir = {dir}/state
log_path = {dir}/dovecot.log
info_log_path = {dir}/dovecot.log
protocols = imap lmtp
listen = 127.0.0.1
{ssl}
disable_plaintext_auth = no
auth_mechanisms = {mechanisms}
mail_location = maildir:~/Maildir
mail_uid = {uid}
mail_gid = {gid}
first_valid_uid = 100
default_login_user = {user}
default_internal_user = {user}
default_internal_group = {group}
{passdb}
userdb {{
  driver = static
  args = home={dir}/mail/%u allow_all_users=yes
}}
service imap-login {{
  inet_listener imap {{
    address = 127.0.0.1
    port = {imap_port}
  }}
  inet_listener imaps {{
    address = 127.0.0.1
    port = {imaps_port}
  }}
}}
service lmtp {{
  inet_listener lmtp {{
    address = 127.0.0.1
    port = {lmtp_port}
  }}
}}
protocol lmtp {{
  auth_username_format = %Ln
}}
protocol imap {{
  imap_idle_notify_interval = 1 secs
}}
"""


def self_signed(folder: Path) -> tuple[Path, Path]:
    """A certificate for 127.0.0.1 and its key, made with openssl (a day's validity)."""
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
         "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
         "-keyout", str(key), "-out", str(cert)],
        check=True, capture_output=True, timeout=60,
    )
    key.chmod(0o644)  # Dovecot reads it as root at start; the test's own files anyway
    return cert, key


@dataclass
class Dovecot:
    """One private Dovecot: ``start()``, ``stop()``, ``restart()``. Every user name
    exists (a static user database) and logs in with ``password``: a test takes a fresh
    name for a mailbox of its own."""

    dir: Path
    imap_port: int
    lmtp_port: int
    password: str
    process: subprocess.Popen[bytes] | None = None
    imaps_port: int = 0  # with ``tls``: IMAP over TLS here, STARTTLS on imap_port
    cert: Path | None = None  # with ``tls``: the self-signed certificate (PEM)

    @classmethod
    def create(cls, *, tls: bool = False, oauth2_introspection: str | None = None) -> Dovecot:
        """``oauth2_introspection``: an RFC 7662 endpoint URL; logins are then XOAUTH2 /
        OAUTHBEARER only, each token checked there (Dovecot's oauth2 passdb)."""
        path = Path(tempfile.mkdtemp(prefix="arbitro-dovecot-"))
        path.chmod(0o755)  # the vmail user must reach the mail homes
        for sub in ("run", "state", "mail"):
            (path / sub).mkdir()
        mail = pwd.getpwnam(MAIL_USER)
        os.chown(path / "mail", mail.pw_uid, mail.pw_gid)
        server = cls(path, free_port(), free_port(), secrets.token_hex(8))
        ssl = "ssl = no"
        if tls:
            server.cert, key = self_signed(path)
            server.imaps_port = free_port()
            ssl = f"ssl = yes\nssl_cert = <{server.cert}\nssl_key = <{key}"
        mechanisms = "plain login"
        passdb = f"passdb {{\n  driver = static\n  args = password={server.password}\n}}"
        if oauth2_introspection:
            mechanisms = "xoauth2 oauthbearer"
            (path / "dovecot-oauth2.conf.ext").write_text(
                f"introspection_mode = post\nintrospection_url = {oauth2_introspection}\n"
                "force_introspection = yes\nusername_attribute = username\n"
                "active_attribute = active\nactive_value = true\n")
            passdb = (f"passdb {{\n  driver = oauth2\n  mechanisms = xoauth2 oauthbearer\n"
                      f"  args = {path}/dovecot-oauth2.conf.ext\n}}\nauth_failure_delay = 0")
        (path / "dovecot.conf").write_text(
            _CONFIG.format(
                dir=path,
                uid=mail.pw_uid,
                gid=mail.pw_gid,
                user=MAIL_USER,
                group=MAIL_USER,
                imap_port=server.imap_port,
                imaps_port=server.imaps_port,
                lmtp_port=server.lmtp_port,
                mechanisms=mechanisms,
                passdb=passdb,
                ssl=ssl,
            )
        )
        return server

    def start(self) -> None:
        self.process = subprocess.Popen(
            ["dovecot", "-c", str(self.dir / "dovecot.conf"), "-F"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait_port(self.imap_port)
        wait_port(self.lmtp_port)  # (the TLS port greets only after a handshake; the same
        # login processes serve it, ready once the plain port greets)

    def stop(self) -> None:
        """Stop the master, then kill what it had started and left behind: open IMAP
        sessions die too, as in a real restart (Dovecot's imap processes would outlive
        their master). Killing the master itself leaves sockets that block a restart."""
        if self.process is not None:
            children = _descendants(self.process.pid)
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
            self.process = None
            for pid in children:
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass

    def restart(self) -> None:
        self.stop()
        self.start()

    def destroy(self) -> None:
        """Kill everything at once (no restart follows) and remove the directory."""
        if self.process is not None:
            for pid in [self.process.pid, *_descendants(self.process.pid)]:
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
            self.process.wait()
            self.process = None
        shutil.rmtree(self.dir, ignore_errors=True)

    def deliver(self, user: str, raw: bytes, sender: str = "someone@example.org") -> None:
        """Deliver one mail to ``user``'s INBOX by LMTP, as an MTA would."""
        with smtplib.LMTP("127.0.0.1", self.lmtp_port) as lmtp:
            lmtp.sendmail(sender, [user], raw)

    def maildir(self, user: str) -> Path:
        return self.dir / "mail" / user / "Maildir"

    def reset_uidvalidity(self, user: str) -> None:
        """Make Dovecot renumber ``user``'s INBOX with a new UIDVALIDITY (as after a
        server migration): stop, drop the UID list and indexes, start."""
        self.stop()
        box = self.maildir(user)
        for name in os.listdir(box):
            if name.startswith(("dovecot-uidlist", "dovecot.index")):
                (box / name).unlink()
        time.sleep(1.1)  # UIDVALIDITY is a timestamp: make sure it changes
        self.start()

    def log(self) -> str:
        path = self.dir / "dovecot.log"
        return path.read_text(errors="replace") if path.exists() else ""


# -- SMTP: an aiosmtpd sink in its own thread, with scripted refusals ------------------


@dataclass
class Received:
    mail_from: str
    rcpt_tos: list[str]
    content: bytes


class SmtpSink:
    """aiosmtpd in a thread (``Controller``) that keeps what it receives. Scripted
    replies: ``data_replies`` are answered to the next DATA commands in turn (e.g.
    "451 4.3.0 try later"); ``rcpt_replies`` map a recipient to its RCPT reply.
    ``local`` maps addresses to a delivery (e.g. ``Dovecot.deliver``): their copies go
    there, as a real MTA delivers to its own mailboxes, and are not kept in ``received``."""

    def __init__(
        self,
        *,
        user: str | None = None,
        password: str | None = None,
        local: dict[str, Callable[[bytes], None]] | None = None,
        tls: ssl.SSLContext | None = None,
        implicit_tls: bool = False,
    ) -> None:
        self.user = user
        self.password = password
        self.local = {a.lower(): deliver for a, deliver in (local or {}).items()}
        # A server context: STARTTLS required, or (implicit_tls) TLS from the first byte.
        self.tls = tls
        self.implicit_tls = implicit_tls
        self.locally_delivered = 0
        self.stall_after_data = 0.0  # seconds to sit on a mail taken before saying so
        self.received: list[Received] = []
        self.data_replies: list[str] = []
        self.rcpt_replies: dict[str, str] = {}
        self.auth_failures = 0
        self.port = free_port()
        self._controller: object | None = None

    def start(self) -> None:
        from aiosmtpd.controller import Controller

        kwargs: dict[str, object] = {}
        if self.user is not None:
            kwargs.update(
                authenticator=self._authenticate, auth_required=True, auth_require_tls=False
            )
        if self.tls is not None and self.implicit_tls:
            kwargs["ssl_context"] = self.tls
        elif self.tls is not None:
            kwargs.update(tls_context=self.tls, require_starttls=True)
        controller = Controller(self, hostname="127.0.0.1", port=self.port, **kwargs)
        controller.start()
        self._controller = controller

    def stop(self) -> None:
        if self._controller is not None:
            self._controller.stop()  # type: ignore[attr-defined]
            self._controller = None

    def _authenticate(self, server, session, envelope, mechanism, data):  # type: ignore[no-untyped-def]
        from aiosmtpd.smtp import AuthResult, LoginPassword

        ok = (
            isinstance(data, LoginPassword)
            and data.login.decode() == self.user
            and data.password.decode() == self.password
        )
        if not ok:
            self.auth_failures += 1
        return AuthResult(success=ok, handled=False)  # handled=False: a clean 535

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):  # type: ignore[no-untyped-def]
        reply = self.rcpt_replies.get(address.lower())
        if reply is not None:
            return reply
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):  # type: ignore[no-untyped-def]
        if self.data_replies:
            return self.data_replies.pop(0)
        content = bytes(envelope.original_content or envelope.content)
        remote = [r for r in envelope.rcpt_tos if r.lower() not in self.local]
        for rcpt in envelope.rcpt_tos:
            if rcpt.lower() in self.local:
                self.local[rcpt.lower()](content)
                self.locally_delivered += 1
        if remote:
            self.received.append(Received(envelope.mail_from, remote, content))
        if self.stall_after_data:
            await asyncio.sleep(self.stall_after_data)
        return "250 OK queued"
