"""A Store (one engine) hands out units of work: one transaction with every repository."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from sqlalchemy import Engine, select
from sqlalchemy.engine import URL
from sqlalchemy.exc import OperationalError
from sqlalchemy.orm import Session, sessionmaker

from .engine import is_memory_sqlite, make_engine, normalise_url
from .migrate import migrate
from .repos import (
    AddressChangeRepo,
    AssignmentRepo,
    AuditRepo,
    BallotRepo,
    GameRepo,
    InboundRepo,
    ObserverRepo,
    OrderRepo,
    OutboxRepo,
    PhaseRepo,
    PlayerRepo,
    AbsenceRepo,
    PowerRepo,
    PreferenceRepo,
    PressRepo,
    VoteRepo,
)


class UnitOfWork:
    """Everything done through one of these commits together, or not at all."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.games = GameRepo(session)
        self.powers = PowerRepo(session)
        self.players = PlayerRepo(session)
        self.assignments = AssignmentRepo(session)
        self.preferences = PreferenceRepo(session)
        self.phases = PhaseRepo(session)
        self.orders = OrderRepo(session)
        self.ballots = BallotRepo(session)
        self.inbound = InboundRepo(session)
        self.outbox = OutboxRepo(session)
        self.audit = AuditRepo(session)
        self.press = PressRepo(session)
        self.absences = AbsenceRepo(session)

        self.votes = VoteRepo(session)

        self.observers = ObserverRepo(session)
        self.address_changes = AddressChangeRepo(session)


class LeaseLost(Exception):
    """Raised by the daemon's guard (store/lease.py): another daemon has taken the store
    over, and this one must not touch it (nor the mail)."""


class Store:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        # Objects stay readable after commit: callers get values, not lazy proxies.
        self._sessions = sessionmaker(engine, expire_on_commit=False)
        # Run first in every transaction; raising ends it. The daemon fences the store
        # with it (store/lease.py: Fence.assert_held), so a daemon another has taken over from
        # cannot commit anything.
        self.guard: Callable[[Session], None] | None = None

    @contextmanager
    def begin(self) -> Iterator[UnitOfWork]:
        """A transaction: committed when the block ends, rolled back if it raises."""
        with self._sessions.begin() as session:
            if self.guard is not None:
                self.guard(session)
            yield UnitOfWork(session)

    def answers(self) -> bool:
        """Whether a transaction can start now (on SQLite it takes the write lock: locked
        counts as unavailable too)."""
        try:
            with self.begin() as uow:
                uow.session.execute(select(1))
            return True
        except Exception:  # noqa: BLE001 — any failure to talk to it means: not now
            return False

    @staticmethod
    def outage(exc: BaseException) -> str | None:
        """The driver's error name when ``exc`` is the database failing (locked,
        restarting, unreachable) rather than the work done in it; else None. A store
        another daemon took over is unavailable too, for good: "LeaseLost"."""
        if isinstance(exc, OperationalError):
            return type(exc.orig).__name__
        if isinstance(exc, LeaseLost):
            return "LeaseLost"
        return None

    def close(self) -> None:
        self.engine.dispose()


def open_store(url: str | URL, *, run_migrations: bool = True) -> Store:
    """Open the database at ``url`` (any SQLAlchemy URL), migrated to the newest schema."""
    parsed = normalise_url(url)
    engine = make_engine(parsed)
    if run_migrations:
        # A file database is migrated on its own connection with foreign keys off; an
        # in-memory one exists only inside this engine.
        migrate(engine if is_memory_sqlite(parsed) else parsed)
    return Store(engine)
