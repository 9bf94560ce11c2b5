"""One inbound mail, start to finish, in one transaction.

Claim it (seen once, by UID and by Message-ID), decide whether to answer at all,
find the game and the sender, check the password (R-MAIL-2) and the recipients
(R-MAIL-1), run the command the mail holds, queue the reply in the outbox, mark the
mail done. A mail the handler cannot handle is quarantined with a note to the GM;
nothing is ever dropped silently.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import select
from sqlalchemy.exc import OperationalError

from ..config import GameConfig
from ..game.parse import IGNORED, parse_orders
from ..press import relay_press
from ..service import Referee
from ..service.notices import alert_gm
from ..store import InboundStatus, UnitOfWork
from .addressing import find_games
from .auth import Identity, check_secret, identify, take_password
from .bounces import read_bounce
from .commands import COMMANDS, DEFAULT, by_word
from .commands.base import Command, Request
from .commands.help import send_help
from .commands.replies import reason_text, refuse
from .guards import NO_SENDER, RateLimiter, own_copy, should_not_answer
from .imap import Deferred, Outcome
from .letters import read_letter
from .message import InboundMail, parse_inbound

log = logging.getLogger("arbitro.mail")

_REPLY_PREFIX = re.compile(r"^\s*((re|r|fwd?|i|inoltra|aw|sv)\s*(\[\d+\])?\s*:\s*)+", re.IGNORECASE)
_TAG = re.compile(r"\[[^\]]*\]")
_GAME_LINE = re.compile(r"^\s*\*?(partita|game)\b", re.IGNORECASE)


_NOT_DELIVERED = {"it": "mail non consegnata", "en": "mail not delivered"}


def _outcome(status: InboundStatus) -> Outcome:
    """The IMAP folder a handled mail goes to."""
    if status is InboundStatus.QUARANTINED:
        return "quarantine"
    return "sent" if status is InboundStatus.COPY else "processed"


def utc_now() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True)
class Handled:
    status: InboundStatus
    note: str
    game_id: str | None = None


class MailHandler:
    """The IMAP intake's callback: ``await handler(uidvalidity, uid, raw, size)``."""

    def __init__(
        self,
        referee: Referee,
        *,
        folder: str = "INBOX",
        clock: Callable[[], datetime] = utc_now,
        on_queued: Callable[[], None] | None = None,
    ) -> None:
        self.referee = referee
        self.config = referee.config
        self.store = referee.store
        self.svc = referee.svc
        self.folder = folder
        self.clock = clock
        # Called after each handled mail, in the worker thread that handled it: pass
        # something thread-safe (loop.call_soon_threadsafe(drainer.wake), not wake itself).
        self.on_queued = on_queued
        limits = self.config.server.limits
        self.limiter = RateLimiter(limits.mails_per_sender_per_hour)

    async def __call__(self, uidvalidity: int, uid: int, raw: bytes, size: int) -> Outcome:
        return await asyncio.to_thread(
            self.handle, raw, self.clock(), uidvalidity=uidvalidity, uid=uid, size=size
        )

    # -- one mail ------------------------------------------------------------

    def handle(
        self,
        raw: bytes,
        now: datetime,
        *,
        uidvalidity: int | None = None,
        uid: int | None = None,
        size: int | None = None,
        retried: bool = False,
    ) -> Outcome:
        mail = parse_inbound(raw, size)
        try:
            with self.store.begin() as uow:
                row, new = uow.inbound.claim(
                    now=now, folder=self.folder, uidvalidity=uidvalidity, uid=uid,
                    message_id=_cut(mail.message_id, 500), sender=mail.from_address[:320],
                    subject=mail.subject[:500], raw=raw,
                )
                if not new and row.status is not InboundStatus.RECEIVED:
                    log.info("mail %s: seen before (%s)", row.id, row.status.value)
                    return _outcome(row.status)
                done = self._route(uow, row.id, mail, raw, now)
                uow.inbound.mark(row, done.status, now, note=done.note, game_id=done.game_id)
                mail_id = row.id
        except Exception as exc:
            if isinstance(exc, OperationalError):
                if not self._store_answers():
                    # The database (locked, restarting, unreachable), not the mail: nothing
                    # was committed; the mail stays in the inbox and comes again later.
                    log.warning("mail from %s: database unavailable (%s); left in the inbox",
                                _masked(mail.from_address), type(exc.orig).__name__)
                    raise Deferred("the database is unavailable") from exc
                if not retried:  # it answers again (a lock just released): once more
                    return self.handle(raw, now, uidvalidity=uidvalidity, uid=uid, size=size,
                                       retried=True)
            log.exception("mail from %s: handling failed", _masked(mail.from_address))
            try:
                self.quarantine(raw, mail, now, f"{type(exc).__name__}: {exc}", uidvalidity, uid)
            except Exception as again:
                if self._store_answers():
                    raise  # this mail breaks even the quarantine: the IMAP one keeps it
                raise Deferred("the database is unavailable") from again
            return "quarantine"
        log.info("mail %s %s: %s", mail_id, done.status.value, done.note)
        if self.on_queued is not None:
            self.on_queued()
        return _outcome(done.status)

    def quarantine(
        self,
        raw: bytes,
        mail: InboundMail,
        now: datetime,
        reason: str,
        uidvalidity: int | None = None,
        uid: int | None = None,
    ) -> None:
        """Keep the mail for the GM and tell them. Raises when even that is impossible (the
        database is down): the intake then leaves it in the IMAP quarantine folder."""
        server = self.config.server
        with self.store.begin() as uow:
            row, _ = uow.inbound.claim(
                now=now, folder=self.folder, uidvalidity=uidvalidity, uid=uid,
                message_id=_cut(mail.message_id, 500), sender=mail.from_address[:320],
                subject=mail.subject[:500], raw=raw,
            )
            uow.inbound.mark(row, InboundStatus.QUARANTINED, now, note=reason[:2000], keep_raw=True)
            gm = self._operator()
            alert_gm(
                self.svc, uow, f"quarantine:{row.id}", gm, server.language,
                "mail in quarantena" if server.language == "it" else "mail quarantined",
                f"From: {mail.from_address}\nSubject: {mail.subject}\n\n{reason}",
                now, None,
            )

    def _store_answers(self) -> bool:
        """Whether a transaction can start (on SQLite it takes the write lock: locked is
        unavailable too)."""
        try:
            with self.store.begin() as uow:
                uow.session.execute(select(1))
            return True
        except Exception:  # noqa: BLE001 — any failure to talk to it means: not now
            return False

    # -- routing -------------------------------------------------------------

    def _route(
        self, uow: UnitOfWork, mail_id: int, mail: InboundMail, raw: bytes, now: datetime
    ) -> Handled:
        server = self.config.server
        referee, sep = server.referee_address, server.plus_separator
        if own_copy(mail, referee, sep):
            sent = uow.outbox.confirm(mail.receipt, now)
            if sent is None:
                return Handled(InboundStatus.COPY, "copy of a sent mail")
            return Handled(InboundStatus.COPY, f"copy of outbox {sent.id}: confirmed sent",
                           sent.game_id)
        silent = should_not_answer(mail, [referee], sep)
        if silent == NO_SENDER:
            # Nobody to answer, but not a robot either: the operator looks at it.
            gm = self._operator()
            alert_gm(self.svc, uow, f"mail:{mail_id}:no-sender", gm, server.language,
                     "mail senza mittente" if server.language == "it" else "mail without a sender",
                     f"Subject: {mail.subject}\n\n{mail.body[:2000]}", now, None)
            return Handled(InboundStatus.QUARANTINED, silent)
        if silent is not None:
            # Only a delivery report can be a bounce: other robots are not parsed again.
            told = self._tell_bounce(uow, raw, now) if mail.content_type == "multipart/report" else ""
            return Handled(InboundStatus.IGNORED, f"{silent}; {told}" if told else silent)
        if not self.limiter.allow(mail.from_address, now):
            return Handled(InboundStatus.IGNORED, "rate limited")
        game = self._game_of(uow, mail)
        if game is None:
            note = refuse(self.svc, uow, mail_id, mail.from_address, server.language,
                          "unknown_game", now, None, mail.subject,
                          referee_game=_example_address(referee, sep))
            return Handled(InboundStatus.PROCESSED, note)
        player = uow.players.by_address(game.id, mail.from_address)
        lang = player.language if player is not None else game.language
        if mail.truncated or mail.size > server.limits.max_mail_bytes:
            note = refuse(self.svc, uow, mail_id, mail.from_address, lang, "too_big", now, game.id,
                          mail.subject, size=mail.size // 1024,
                          limit=server.limits.max_mail_bytes // 1024)
            return Handled(InboundStatus.PROCESSED, note, game.id)
        relay = [ref for ref in find_games(mail, referee, sep, self._game_ids()) if ref.alias]
        if relay:  # press through the relay (issue 7, R-MAIL-3)
            letter = read_letter(uow, mail, raw, game, relay, referee, sep)
            note = relay_press(self.svc, uow, mail_id, letter, game, now, lang)
            return Handled(InboundStatus.PROCESSED, note, game.id)
        password, body = take_password(mail.body)
        command, words, text = self._command(mail, body)
        is_gm = mail.from_address == game.gm_address.lower() and check_secret(
            password, game.gm_password, game.gm_password_hash
        )
        identity = Identity(None, False, "", None)
        if not is_gm or not command.gm_only:
            if command.gm_only:
                note = refuse(self.svc, uow, mail_id, mail.from_address, lang, "gm_only", now,
                              game.id, mail.subject, command=command.name.upper())
                return Handled(InboundStatus.PROCESSED, note, game.id)
            if not (is_gm and command.name in ("status", "help")):
                identity = identify(uow, game.id, mail, password, referee, sep)
                problem = self._check_sender(uow, mail_id, mail, game, identity, lang, now)
                if problem is not None:
                    return Handled(InboundStatus.PROCESSED, problem, game.id)
        req = Request(uow, self.svc, self.config, game, mail, mail_id, identity, now, lang,
                      words, text, is_gm)
        if command is DEFAULT and self._unknown_word(mail, body, game):
            first = _first_word(_command_line(mail, body)[0])
            send_help(req, reason_text("unknown_command", lang, command=first))
            return Handled(InboundStatus.PROCESSED, f"unknown command {first!r}", game.id)
        note = command.run(req)
        return Handled(InboundStatus.PROCESSED, note, game.id)

    def _check_sender(
        self,
        uow: UnitOfWork,
        mail_id: int,
        mail: InboundMail,
        game: GameConfig,
        identity: Identity,
        lang: str,
        now: datetime,
    ) -> str | None:
        """Refuse unauthenticated or copied mail (R-MAIL-1, R-MAIL-2); None when fine."""
        if identity.problem is not None:
            note = refuse(self.svc, uow, mail_id, mail.from_address, lang, identity.problem, now,
                          game.id, mail.subject, game=game.id)
            if identity.problem == "wrong_password":
                alert_gm(self.svc, uow, f"mail:{mail_id}:gm-alert", game.gm_address, game.language,
                         "password errata" if game.language == "it" else "wrong password",
                         f"{mail.from_address} ({game.id}): {mail.subject}", now, game.id)
            return note
        others = {p.address for p in uow.players.list(game.id)} - {mail.from_address}
        copied = sorted(a for a in mail.recipients if a in others)
        if copied:
            note = refuse(self.svc, uow, mail_id, mail.from_address, lang, "copied", now, game.id,
                          mail.subject, copied=", ".join(copied))
            alert_gm(self.svc, uow, f"mail:{mail_id}:gm-alert", game.gm_address, game.language,
                     "R-MAIL-1", f"{mail.from_address} -> {', '.join(copied)}: {mail.subject}",
                     now, game.id)
            return note
        return None

    def _tell_bounce(self, uow: UnitOfWork, raw: bytes, now: datetime) -> str:
        """A report that one of the referee's mails did not arrive: the GM of every game
        the address plays in hears of it (the operator, for a GM's own address), once a
        day per address. Returns a note for the log ("" when it was no such report)."""
        bounce = read_bounce(raw, self.config.server.referee_address)
        if bounce is None:
            return ""
        day, told = now.date().isoformat(), []
        for address in bounce.recipients:
            details = f"{address}: {bounce.subject}\n{bounce.status}"
            for player in uow.players.games_of(address):
                game = next((g for g in self.config.games if g.id == player.game_id), None)
                if game is None:
                    continue
                holder = uow.assignments.current(game.id)
                power = next((p for p, pl in holder.items() if pl.id == player.id), "-")
                alert_gm(self.svc, uow, f"bounce:{game.id}:{address}:{day}", game.gm_address,
                         game.language, _NOT_DELIVERED[game.language], f"{power} {details}",
                         now, game.id)
                told.append(f"{game.id}/{power}")
            if any(g.gm_address.lower() == address for g in self.config.games):
                server = self.config.server
                alert_gm(self.svc, uow, f"bounce:gm:{address}:{day}", self._operator(),
                         server.language, _NOT_DELIVERED[server.language], f"GM {details}",
                         now, None)
                told.append("gm")
        return f"bounce of {len(bounce.recipients)} address(es), told: {', '.join(told) or '-'}"

    def _operator(self) -> str | None:
        """Who hears of mail that belongs to no game: the operator, else the first GM."""
        server = self.config.server
        return server.gm_notify_address or next((g.gm_address for g in self.config.games), None)

    def _game_ids(self) -> list[str]:
        return [g.id for g in self.config.games]

    def _game_of(self, uow: UnitOfWork, mail: InboundMail) -> GameConfig | None:
        server = self.config.server
        refs = find_games(mail, server.referee_address, server.plus_separator, self._game_ids())
        if refs:
            return self.config.game(refs[0].game)
        # A player of a single game need not name it.
        mine = {p.game_id for p in uow.players.games_of(mail.from_address)}
        mine |= {g.id for g in self.config.games if g.gm_address.lower() == mail.from_address}
        if len(mine) == 1:
            return self.config.game(mine.pop())
        return None

    def _command(self, mail: InboundMail, body: str) -> tuple[Command, tuple[str, ...], str]:
        """The command word (from the subject or the first line), its arguments, the rest."""
        subject = _TAG.sub(" ", _REPLY_PREFIX.sub("", mail.subject)).split()
        if subject and (found := by_word(subject[0])) is not None:
            return found, tuple(subject[1:]), body
        line, rest = _command_line(mail, body)
        words = line.split()
        if words and (found := by_word(words[0])) is not None:
            return found, tuple(words[1:]), rest
        return DEFAULT, (), body

    def _unknown_word(self, mail: InboundMail, body: str, game: GameConfig) -> bool:
        """A lone upper-case word where a command goes, and no orders anywhere."""
        first = _first_word(_command_line(mail, body)[0])
        if not (len(first) > 2 and first.isalpha() and first.isupper()):
            return False
        report = parse_orders(self.svc.boards(game.variant), body, lang=game.language)
        return all(line.status == IGNORED for line in report.lines)


def _command_line(mail: InboundMail, body: str) -> tuple[str, str]:
    """The first line that is not empty, quoted or a PARTITA/GAME line; and the body
    without it."""
    lines = body.split("\n")
    for i, line in enumerate(lines):
        stripped = line.strip()
        if not stripped or stripped.startswith(">") or _GAME_LINE.match(stripped):
            continue
        return stripped, "\n".join(lines[:i] + lines[i + 1 :])
    return "", body


def _first_word(line: str) -> str:
    words = line.split()
    return words[0].strip(".:,;!") if words else ""


def _example_address(referee: str, sep: str) -> str:
    local, _, host = referee.partition("@")
    return f"{local}{sep}partita@{host}" if sep else referee


def _cut(text: str | None, size: int) -> str | None:
    """Within the column's size (PostgreSQL refuses longer values; a hostile header may be
    any length)."""
    return text[:size] if text else text


def _masked(address: str) -> str:
    """Addresses stay out of info-level logs (issue 10): keep the domain only."""
    return "*@" + address.rsplit("@", 1)[-1] if "@" in address else "?"


__all__ = ["COMMANDS", "MailHandler"]
