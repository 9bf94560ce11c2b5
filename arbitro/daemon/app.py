"""The daemon: store, referee, mail intake, outbox drainer and scheduler in one asyncio loop.

Its parts are started in order and stopped in the reverse order by one exit stack
(``Daemon._parts``, a list):

1. the lock: one daemon per store (store/lease.py); a standby waits for it;
2. the store, opened (migrated) and fenced: this daemon's epoch raised, then checked by
   every transaction (a daemon taken over from can commit nothing); after a holder that
   did not let go cleanly, the takeover grace (the old daemon notices first);
3. the referee and the mail handler (nothing to stop);
4. the outbox drainer;
5. the scheduler (a stored deadline that passed while the daemon was down fires now); its
   stop waits for a tick under way;
6. the rescheduler and the web archive's writer (tasks);
7. the IMAP intake (made before the scheduler: a tick fired at start waits for its first
   read of the inbox, see ``_read_up_to``);
8. the lease watch: the lock checked every ``lease_seconds``.

So the stop order is: watch, intake (no new mail), archive, rescheduler, scheduler and any
running tick, drainer (after the tick, so that mail a last tick queued still goes), store,
lock (last: a standby may begin once everything is shut). Whatever stays queued goes out
at the next start.

A daemon that loses its store (another holds the lock, or the fence refuses a
transaction) halts at once, from whichever thread noticed: the intake hands and moves no
more mail, the drainer claims no more, ticks stop; then it stops as above.

Blocking work (database transactions, imapclient) runs in threads; everything that
touches asyncio objects runs in the loop.
"""

from __future__ import annotations

import asyncio
import logging
import signal
import ssl
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, AsyncExitStack, asynccontextmanager
from datetime import UTC, datetime
from typing import Any

from ..config import Config
from ..config.model import OAuth2Config
from ..mail.intake.handler import MailHandler
from ..mail.intake.imap import MailboxClient
from ..mail.intake.loop import IntakeLoop
from ..mail.intake.mailbox import Deferred, Fetched, Mailbox, Outcome
from ..mail.outbound.oauth import TokenSource
from ..mail.outbound.outbox import OutboxDrainer, OutboxEntry, StoreOutbox
from ..mail.outbound.smtp import SmtpSender
from ..mail.running import stop_task
from ..service import Referee
from ..service.notices import alert_gm, operator_of
from ..service.referee import MAX_STEPS
from ..service.table import RenderMap
from ..site import SiteWriter
from ..store import Store, open_store
from ..store.lease import (
    Fence,
    LeaseLost,
    StoreLease,
    clock_hold,
    hold_clock,
    lease_for,
    release_clock,
    who,
)
from ..words import say
from ..words.dates import when
from .clock import CheckedClock, Jump, steady_seconds, wall_now
from .scheduler import DeadlineScheduler

log = logging.getLogger("arbitro.daemon")

Clock = Callable[[], datetime]
FAILED_PREFIX = "outbox-failed:"


class StoreBusy(Exception):
    """Another daemon holds the store: one clear line for whoever started this one."""

    def __init__(self, where: str, holder: str) -> None:
        self.where = where
        self.holder = holder
        by = f" ({holder})" if holder else ""
        super().__init__(f"another arbitro daemon is already running on this store{by}; "
                         f"lock: {where}. Stop it first, or start this one with --standby "
                         "to take over when it stops")


def utc_now() -> datetime:
    return datetime.now(UTC)


def default_render_map() -> RenderMap | None:
    """The results map when the renderer is installed (Pillow); none otherwise."""
    try:
        from ..reports.maps import render_map_png
    except ImportError:  # pragma: no cover - Pillow is a dependency; a slim build may drop it
        return None
    return render_map_png


class Daemon:
    """One referee process. ``clock`` is the only source of time (tests move it); the
    real one by default, checked against a steady clock (daemon/clock.py: a jump of the
    wall clock is held until the GM's word), and so is a given ``clock`` when a
    ``steady`` one comes with it. ``mailbox`` replaces the IMAP client of
    ``[server.imap]`` (the in-memory one in tests)."""

    def __init__(
        self,
        config: Config,
        *,
        clock: Clock | None = None,
        steady: Callable[[], float] | None = None,
        render_map: RenderMap | None | str = "default",
        tick_seconds: float = 60.0,
        drain_seconds: float = 30.0,
        imap_wait: float | None = None,
        imap_timeout: float = 30.0,
        imap_backoff_max: float = 300.0,
        ssl_context: ssl.SSLContext | None = None,
        store: Store | None = None,
        standby: bool = False,
        lease_seconds: float = 1.0,
        takeover_grace: float | None = None,
        lease: StoreLease | None = None,
        mailbox: Mailbox | None = None,
        token_options: dict[str, Any] | None = None,
    ) -> None:
        self.config = config
        self.checked: CheckedClock | None = None
        self.clock: Clock
        if clock is None or steady is not None:
            self.checked = CheckedClock(clock or wall_now, steady or steady_seconds)
            self.clock = self.checked
        else:
            self.clock = clock
        self.render_map: RenderMap | None = (
            default_render_map() if isinstance(render_map, str) else render_map
        )
        self.tick_seconds = tick_seconds
        self.drain_seconds = drain_seconds
        self.imap_wait = imap_wait
        self.imap_timeout = imap_timeout
        self.imap_backoff_max = imap_backoff_max
        self.ssl_context = ssl_context
        self._given_store = store
        self._given_mailbox = mailbox
        self.store: Store | None = None
        self.referee: Referee | None = None
        self.handler: MailHandler | None = None
        self.drainer: OutboxDrainer | None = None
        self.intake: IntakeLoop | None = None
        self.scheduler: DeadlineScheduler | None = None
        self.site: SiteWriter | None = None  # the web archive, when the config has [site]
        self.next_wakeup: datetime | None = None
        self.steps: list[str] = []  # every step done, "game:what", in order
        self._tick_lock = asyncio.Lock()
        self._schedule_lock = asyncio.Lock()
        self._reschedule_wanted = asyncio.Event()
        self._site_wanted = asyncio.Event()
        self._site_job: asyncio.Future[Any] | None = None
        self._ticking: set[asyncio.Future[list[str]]] = set()
        self._stack: AsyncExitStack | None = None
        self._stopping = False
        self.running = False
        # One daemon per store (store/lease.py): a standby waits for the lock, polling.
        self.standby = standby
        # The active daemon checks its lock this often; a daemon taking over from one
        # that did not let go waits longer than that before it touches the mail.
        self.lease_seconds = lease_seconds
        self.takeover_grace = (2 * lease_seconds + 0.5) if takeover_grace is None else takeover_grace
        self.lease: StoreLease | None = None
        self._took_over = False  # the lock was waited for (a standby's takeover)
        self.fence = Fence()
        self._given_lease = lease  # taken by the caller first (arbitro dev, before its servers)
        self.lost_store = asyncio.Event()  # the lock went to another daemon: stop
        self._halted = False
        self._clock_recorded = False  # a held jump is in the store (daemon_lease)
        # OAuth2 access tokens, one source per stored refresh token (IMAP and SMTP share
        # one when they name the same): see mail/oauth/tokens.py
        self.token_options = dict(token_options or {})
        self.token_sources: dict[tuple[str, str, str], TokenSource] = {}
        self._loop: asyncio.AbstractEventLoop | None = None

    # -- life cycle -----------------------------------------------------------------
    def _parts(self) -> list[AbstractAsyncContextManager[None]]:
        """The daemon, part by part, in the order they start (they stop in reverse)."""
        return [
            self._the_lock(),
            self._the_store(),
            self._the_referee(),
            self._the_outbox(),
            self._the_deadlines(),
            self._the_rescheduler(),
            self._the_archive(),
            self._the_intake(),
            self._the_lease_watch(),
        ]

    async def start(self) -> None:
        self._stopping = False
        self._loop = asyncio.get_running_loop()
        stack = AsyncExitStack()
        try:
            for part in self._parts():
                await stack.enter_async_context(part)
        except BaseException:
            self._stopping = True
            await stack.aclose()  # whatever had started stops again, in reverse
            raise
        self._stack = stack
        self.running = True
        log.info(
            "arbitro: started, %d game(s), next wake-up %s",
            len(self.config.games),
            self.next_wakeup.isoformat() if self.next_wakeup else "none",
        )

    async def stop(self) -> None:
        self._stopping = True
        stack, self._stack = self._stack, None
        if stack is None:  # never started (refused, or a standby still waiting)
            return
        await stack.aclose()
        self.running = False
        log.info("arbitro: stopped")

    # -- the parts ------------------------------------------------------------------
    @asynccontextmanager
    async def _the_lock(self) -> AsyncIterator[None]:
        """Hold the store's lock, or refuse (``StoreBusy``), or as a standby wait for it."""
        url = self.config.server.database_url
        lease = self._given_lease
        if lease is None:
            lease = await asyncio.to_thread(lease_for, url)
        said = False
        while not await asyncio.to_thread(lease.acquire):
            if not self.standby:
                raise StoreBusy(lease.where, await asyncio.to_thread(lease.holder))
            if not said:
                log.info("arbitro: standby: another daemon holds %s (%s); taking over when it stops",
                         lease.where, await asyncio.to_thread(lease.holder) or "holder unknown")
                said = True
            await asyncio.sleep(self.lease_seconds)
        self.lease = lease
        self._took_over = said
        try:
            yield
        finally:
            self.lease = None
            if self._given_lease is None:  # a given lease is its giver's to release
                await asyncio.to_thread(lease.release)

    @asynccontextmanager
    async def _the_store(self) -> AsyncIterator[None]:
        """Opened (migrated) and fenced. A lock that can be lost under a live holder
        (PostgreSQL), taken from a holder that did not let go, is followed by the grace."""
        assert self.lease is not None
        if self._given_store is not None:
            store = self._given_store
        else:
            store = await asyncio.to_thread(open_store, self.config.server.database_url)
        guard: object = None
        try:
            clean = await asyncio.to_thread(self.fence.take, store, who(), utc_now())
            # Every transaction's first statement, in whichever thread opens it: the fence's
            # check, and on a loss the halt, before anything else can happen.
            store.guard = self.fence.guard(lambda: self._halt("the fence refused a transaction"))
            guard = store.guard
            self.store = store
            await asyncio.to_thread(self._resume_clock_hold)
            if self._took_over:
                log.warning("arbitro: standby: the active daemon is gone; taking over %s",
                            self.lease.where)
            if not clean and not self.lease.dies_with_holder:
                log.info("arbitro: the last holder did not let go; waiting %.1f s for it to "
                         "notice before touching the mail", self.takeover_grace)
                await asyncio.sleep(self.takeover_grace)
            yield
        finally:
            if guard is not None and store.guard is guard:
                if not self._halted:
                    await asyncio.to_thread(self.fence.let_go, store)
                store.guard = None
            # self.store stays: closed, it still opens a connection for a look afterwards
            if self._given_store is None:
                await asyncio.to_thread(store.close)

    @asynccontextmanager
    async def _the_referee(self) -> AsyncIterator[None]:
        """The referee, the mail handler, the archive writer and the intake loop (made
        here, started last: a tick fired at start waits for its first read)."""
        assert self.store is not None
        server = self.config.server
        self.referee = Referee(self.store, self.config, render_map=self.render_map)
        if self.config.site is not None:
            self.site = SiteWriter(self.config.site.folder, self.config)
        # on_queued is not used: the handler runs in a worker thread, and waking the
        # drainer (an asyncio.Event) must happen in the loop; _handle_mail does it.
        self.handler = MailHandler(
            self.referee,
            folder=server.imap.folder if server.imap else "INBOX",
            clock=self.clock,
        )
        mailbox = self._given_mailbox or self._imap_client()
        if mailbox is not None:
            self.intake = IntakeLoop(
                mailbox,
                self._handle_mail,
                wait_seconds=self.imap_wait,
                backoff_max=self.imap_backoff_max,
                on_quarantine=self._quarantined,
                clock=self.clock,
            )
        yield

    def _imap_client(self) -> Mailbox | None:
        imap = self.config.server.imap
        if imap is None:
            return None
        return MailboxClient(
            imap,
            max_bytes=self.config.server.limits.max_mail_bytes,
            timeout=self.imap_timeout,
            ssl_context=self.ssl_context,
            tokens=self._tokens(imap.oauth2),
        )

    @asynccontextmanager
    async def _the_outbox(self) -> AsyncIterator[None]:
        assert self.store is not None
        server = self.config.server
        if server.smtp is None:
            log.warning("no [server.smtp]: mails stay queued in the outbox")
            yield
            return
        self.drainer = OutboxDrainer(
            StoreOutbox(self.store),
            SmtpSender(server.smtp, ssl_context=self.ssl_context,
                       tokens=self._tokens(server.smtp.oauth2)),
            referee=server.referee_address,
            on_permanent_failure=self._outbox_failed,
            clock=self.clock,
            per_minute=server.limits.outbound_per_minute,
            # copies confirm only when the intake reads them: no intake, no copies
            receipt_address=(server.smtp.receipt_address or None) if self.intake else None,
            receipt_wait=server.smtp.receipt_wait,
            give_up_after=server.smtp.give_up_after,
        )
        await self.drainer.start(self.drain_seconds)
        try:
            yield
        finally:
            await self.drainer.stop()

    @asynccontextmanager
    async def _the_deadlines(self) -> AsyncIterator[None]:
        self.scheduler = DeadlineScheduler(
            self.config.server.database_url, self.tick, clock=self.clock,
            safety_seconds=self.tick_seconds,
        )
        self.scheduler.start()
        try:
            await self.reschedule()
            yield
        finally:
            self.scheduler.stop()
            if self._ticking:  # a tick under way finishes its transactions
                await asyncio.gather(*self._ticking, return_exceptions=True)

    @asynccontextmanager
    async def _the_rescheduler(self) -> AsyncIterator[None]:
        async with _task(self._rescheduler(), "rescheduler"):
            yield

    @asynccontextmanager
    async def _the_archive(self) -> AsyncIterator[None]:
        if self.site is None:
            yield
            return
        async with _task(self._site_loop(), "site"):
            self.site_wanted()  # the archive as the store is now
            yield
        if self._site_job is not None:  # an archive being written is finished
            await asyncio.gather(self._site_job, return_exceptions=True)

    @asynccontextmanager
    async def _the_intake(self) -> AsyncIterator[None]:
        if self.intake is None:
            log.warning("no [server.imap]: no mail is read")
            yield
            return
        await self.intake.start()
        try:
            yield
        finally:
            await self.intake.stop()

    @asynccontextmanager
    async def _the_lease_watch(self) -> AsyncIterator[None]:
        async with _task(self._watch_lease(), "store-lease"):
            yield

    # -- one daemon per store -------------------------------------------------------
    def _halt(self, why: str) -> None:
        """Lost the store: no more mail handled or moved, no more mail claimed, no more
        steps, now; the stop follows in the loop. Safe from any thread."""
        if self._halted:
            return
        self._halted = True
        self._stopping = True
        if self.intake is not None:
            self.intake.halt()
        if self.drainer is not None:
            self.drainer.halt()
        where = self.lease.where if self.lease is not None else "the store"
        log.error("arbitro: another daemon took the store (%s: %s); stopping", where, why)
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self.lost_store.set)

    def _still_ours(self) -> bool:
        assert self.store is not None
        try:
            with self.store.begin():
                return True
        except LeaseLost:
            return False

    async def _watch_lease(self) -> None:
        """Every ``lease_seconds``: the lock, then the clock."""
        while self.lease is not None and not self._halted:
            await asyncio.sleep(self.lease_seconds)
            await self._check_lease()
            if not self._halted:
                try:
                    await asyncio.to_thread(self._check_clock)
                except LeaseLost:
                    return
                except Exception:
                    log.exception("the clock's hold not recorded; tried again in a moment")

    async def _check_lease(self) -> None:
        """A PostgreSQL restart or a cut connection drops the lock: take it back while the
        fence is still ours, or, when another daemon was quicker, halt."""
        lease = self.lease
        if lease is None or await asyncio.to_thread(lease.alive):
            return
        if await asyncio.to_thread(lease.acquire) and await asyncio.to_thread(self._still_ours):
            log.warning("arbitro: the store lock was lost and taken back")
            return
        self._halt("its lock is held by another")

    # -- the clock ------------------------------------------------------------------
    def _check_clock(self) -> None:
        """A jump the checked clock holds is recorded in the store and told to the GM; the
        GM's word (``arbitro clock confirm``, in the store) ends it; so does the wall
        clock coming back. Runs in a worker thread."""
        if self.checked is None or self.store is None:
            return
        self.clock()  # noticed even while nothing else reads the clock
        jump = self.checked.jump
        if jump is None and not self._clock_recorded:
            return  # the usual case: nothing held, nothing to read
        stored = clock_hold(self.store)
        self._clock_recorded = stored is not None
        if jump is not None and stored is None:
            hold_clock(self.store, jump.wall, jump.held)
            self._clock_recorded = True
            log.error("arbitro: the wall clock jumped by %s (it says %s, the steady count %s): "
                      "deadlines and lateness keep the count until the GM confirms",
                      jump.by, jump.wall.isoformat(), jump.held.isoformat())
            self._tell_clock("jumped", jump)
        elif jump is not None and stored is not None and stored.confirmed:
            self.checked.confirm()
            release_clock(self.store)
            self._clock_recorded = False
            log.warning("arbitro: the GM confirmed the wall clock (%s)", jump.wall.isoformat())
            self._tell_clock("confirmed", Jump(stored.wall, stored.held))
            if self._loop is not None:  # deadlines passed on the confirmed time: now
                self._loop.call_soon_threadsafe(self._reschedule_wanted.set)
        elif jump is None and stored is not None:
            release_clock(self.store)
            self._clock_recorded = False
            log.warning("arbitro: the wall clock agrees with the steady count again")
            self._tell_clock("undone", Jump(stored.wall, stored.held))

    def _resume_clock_hold(self) -> None:
        """At start: a jump the last daemon held and nobody confirmed is held again (the
        wall clock taken to be off by as much); one undone or confirmed meanwhile ends."""
        if self.checked is None or self.store is None:
            return
        stored = clock_hold(self.store)
        if stored is None:
            return
        if not stored.confirmed and self.checked.wall() >= stored.wall:
            self.checked.hold(Jump(stored.wall, stored.held))
            self._clock_recorded = True
            log.error("arbitro: holding the clock jump of %s the last daemon held (the GM "
                      "has not confirmed it)", stored.wall - stored.held)
            return
        release_clock(self.store)
        self._tell_clock("confirmed" if stored.confirmed else "undone",
                         Jump(stored.wall, stored.held))

    def _tell_clock(self, what: str, jump: Jump) -> None:
        """Mail the operator (the GM of the server) about the clock, in its language."""
        assert self.store is not None and self.referee is not None
        server = self.config.server
        language = server.language
        moment = f"{jump.held:%Y%m%dT%H%M%S}"
        words = {"wall": when(jump.wall, server.timezone, language),
                 "held": when(jump.held, server.timezone, language)}
        with self.referee.office(self.clock()) as office:
            alert_gm(office, f"clock-{what}:{moment}", operator_of(self.config), language,
                     say(language, f"alert.clock_{what}"), say(language, f"clock.{what}", **words),
                     None)
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self.wake_drainer)

    # -- time ---------------------------------------------------------------------
    async def tick(self) -> list[str]:
        """Everything due now (one transaction per step), then the next wake-up.

        The work runs as a task of its own, shielded: the scheduler cancels its jobs when
        it shuts down, and a transaction under way in a thread must finish before the
        store closes (``stop`` waits for it)."""
        if self._stopping or self.referee is None:
            return []
        task = asyncio.ensure_future(self._tick())
        self._ticking.add(task)
        task.add_done_callback(self._ticking.discard)
        return await asyncio.shield(task)

    async def _tick(self) -> list[str]:
        assert self.referee is not None
        async with self._tick_lock:
            if self._stopping:
                return []
            now = await self._read_up_to(self.clock())
            done: list[str] = []
            # Referee.tick() step by step, so that a stop waits for one step at most (a
            # daemon that was down for weeks catches up one day per step).
            for _ in range(MAX_STEPS):
                if self._stopping or now is None:
                    break
                try:
                    what = await asyncio.to_thread(self.referee.step, now)
                except LeaseLost:
                    break
                except Exception:
                    log.exception("step failed; retried at the next wake-up")
                    break
                if what is None:
                    break
                game, _, step = what.partition(":")
                log.info("game %s: %s", game, step)
                done.append(what)
                self.steps.append(what)
                self.wake_drainer()
            await self.reschedule()
        self.site_wanted()
        return done

    def site_wanted(self) -> None:
        """Ask for the web archive to be brought up to date, in its own task: a tick never
        waits for maps to be drawn."""
        if self.site is not None:
            self._site_wanted.set()

    async def _site_loop(self) -> None:
        while True:
            await self._site_wanted.wait()
            self._site_wanted.clear()
            await self.write_site()

    async def write_site(self) -> None:
        """The web archive brought up to the store (only what changed is written). A
        failure is logged and tried again at the next tick: the archive never stops the
        referee."""
        if self.site is None or self.store is None or self._stopping:
            return
        job = asyncio.ensure_future(asyncio.to_thread(self.site.sync, self.store))
        self._site_job = job
        try:
            written = await asyncio.shield(job)
        except LeaseLost:
            return
        except Exception:
            log.exception("web archive not written; tried again at the next tick")
            return
        for game in written.games:
            log.info("game %s: archive written (%d files)", game, len(written.files))

    async def _read_up_to(self, now: datetime) -> datetime | None:
        """The moment to step at: ``now``, or earlier while the intake has not yet read
        the inbox up to ``now`` (started just now, or the IMAP server down), so that no
        deadline is processed before the mails that came before it (None: nothing read
        yet, nothing steps). A tick held back comes again: its deadline stays due."""
        if self.intake is None:
            return now
        read = await self.intake.catch_up(now, self.imap_timeout)
        if read is None or read < now:
            log.warning("inbox read up to %s only: steps wait for it",
                        read.isoformat() if read else "nothing")
            return read
        return now

    async def reschedule(self) -> datetime | None:
        """Set the stored wake-up job to ``Referee.next_wakeup`` (computed and set under
        one lock, so an older answer never overwrites a newer one)."""
        if self.referee is None or self.scheduler is None or self._stopping:
            return None
        async with self._schedule_lock:
            try:
                wakeup = await asyncio.to_thread(self.referee.next_wakeup, self.clock())
            except LeaseLost:
                return None
            except Exception:
                log.exception("next wake-up unknown; the periodic tick carries on")
                return None
            if not self._stopping:
                self.scheduler.schedule(wakeup)
            self.next_wakeup = wakeup
            return wakeup

    async def _rescheduler(self) -> None:
        """Reschedules after handled mails, several mails in a row counting as one."""
        while True:
            await self._reschedule_wanted.wait()
            self._reschedule_wanted.clear()
            await self.reschedule()
            self.site_wanted()  # a GM command (rollback, ...) may change the pages

    # -- mail -----------------------------------------------------------------------
    async def _handle_mail(
        self, uidvalidity: int, uid: int, raw: bytes, size: int, arrived: datetime | None
    ) -> Outcome:
        assert self.handler is not None
        if self._halted:  # not ours to read any more: it stays in the inbox
            raise Deferred("this daemon lost its store")
        held = self.checked.jump if self.checked is not None else None
        if arrived is not None and held is not None:
            # The handler measures the mail's age on the wall clock: off by the jump.
            arrived += held.by
        outcome = await self.handler(uidvalidity, uid, raw, size, arrived)
        if self._halted:  # lost meanwhile: whatever the handler says, do not file it
            raise Deferred("this daemon lost its store")
        self.wake_drainer()
        # The mail may complete a phase's orders (early processing) or move a deadline.
        self._reschedule_wanted.set()
        return outcome

    def wake_drainer(self) -> None:
        if self.drainer is not None:
            self.drainer.wake()

    async def _quarantined(self, mail: Fetched, reason: str) -> None:
        # The handler could not even record the mail (database down): it stays in the
        # IMAP quarantine folder for the operator.
        log.error("mail uid %s left in the IMAP quarantine folder: %s", mail.uid, reason)

    async def _outbox_failed(self, entry: OutboxEntry, error: str) -> None:
        """A mail that can never be delivered: the GM (or operator) is told by mail."""
        gm = self._gm_for(entry.game_id)
        if entry.key.startswith(FAILED_PREFIX) or gm is None or gm in entry.recipients:
            log.error("outbox: mail %s undeliverable, nobody else to tell", entry.id)
            return
        language = self.config.server.language
        what = say(language, "alert.undeliverable")
        details = (
            f"To: {', '.join(entry.recipients)}\nSubject: {entry.subject}\n"
            f"Key: {entry.key}\n\n{error}"
        )
        now = self.clock()

        def queue() -> None:
            assert self.referee is not None
            with self.referee.office(now) as office:
                alert_gm(office, f"{FAILED_PREFIX}{entry.id}", gm, language, what, details,
                         entry.game_id)

        try:
            await asyncio.to_thread(queue)
        except LeaseLost:
            return
        self.wake_drainer()

    # -- OAuth2 ---------------------------------------------------------------------
    def _tokens(self, oauth2: OAuth2Config | None) -> TokenSource | None:
        if oauth2 is None:
            return None
        key = (oauth2.token_place, oauth2.client_id, oauth2.token_url)
        if key not in self.token_sources:
            self.token_sources[key] = TokenSource(oauth2, on_refused=self._token_refused,
                                                  **self.token_options)
        return self.token_sources[key]

    def _token_refused(self, source: TokenSource, message: str) -> None:
        """The provider refused a stored refresh token: tell the operator by mail, once per
        refused token (the log says it at every try). Called in a worker thread. If SMTP
        logs in with the same token, the alert waits in the outbox for the next login."""
        gm = operator_of(self.config)
        if gm is None or self.store is None or self.referee is None:
            return
        language = self.config.server.language
        key = f"oauth2-refused:{source.refused_digest}"  # short: keys are 255 at most
        with self.referee.office(self.clock()) as office:
            alert_gm(office, key, gm, language, say(language, "alert.oauth2_refused"), message,
                     None)
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self.wake_drainer)

    def _gm_for(self, game_id: str | None) -> str | None:
        server = self.config.server
        if server.gm_notify_address:
            return server.gm_notify_address
        for game in self.config.games:
            if game.id == game_id or game_id is None:
                return game.gm_address
        return None


@asynccontextmanager
async def _task(loop: Any, name: str) -> AsyncIterator[None]:
    """A loop that runs until cancelled, as a part: started on entry, cancelled on exit."""
    task = asyncio.create_task(loop, name=name)
    try:
        yield
    finally:
        await stop_task(task, 0)


async def serve(
    config: Config,
    *,
    on_started: Callable[[Daemon], Any] | None = None,
    stop_event: asyncio.Event | None = None,
    **options: Any,
) -> None:
    """Run a daemon until SIGTERM or SIGINT (or ``stop_event``), then stop it cleanly."""
    daemon = Daemon(config, **options)
    stop = stop_event or asyncio.Event()
    loop = asyncio.get_running_loop()
    signals = (signal.SIGTERM, signal.SIGINT)
    for sig in signals:
        loop.add_signal_handler(sig, stop.set)
    try:
        # A standby may wait long for the store: a signal meanwhile ends the wait.
        starting = asyncio.ensure_future(daemon.start())
        stopped = asyncio.ensure_future(stop.wait())
        await asyncio.wait({starting, stopped}, return_when=asyncio.FIRST_COMPLETED)
        if not starting.done():
            starting.cancel()
            await asyncio.gather(starting, return_exceptions=True)
            return
        stopped.cancel()
        starting.result()  # StoreBusy and start failures go to the caller
        if on_started is not None:
            result = on_started(daemon)
            if asyncio.iscoroutine(result):
                await result
        lost = asyncio.ensure_future(daemon.lost_store.wait())
        stopped = asyncio.ensure_future(stop.wait())
        await asyncio.wait({lost, stopped}, return_when=asyncio.FIRST_COMPLETED)
        for waiter in (lost, stopped):
            waiter.cancel()
        log.info("arbitro: stopping")
    finally:
        await daemon.stop()
        for sig in signals:
            loop.remove_signal_handler(sig)
