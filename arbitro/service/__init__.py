"""The referee's procedures (docs/SERVICE.md).

- ``referee.py``: the ``Referee`` over the store; ``referee.table(game, now)`` opens one
  unit of work on one game, ``referee.office(now)`` one beside any game;
- ``table.py``: the ``Table`` (one game, locked, in one unit of work, at one instant: read
  once, every mail sent with one shared context), the ``Office`` (the unit of work before
  any game), the per-kind seam ``Kind``;
- ``access.py``: the ``Caller`` (GM, player, observer, stranger, with the language to
  answer in); ``identity.py`` resolves it once, from plain values;
- ``reply.py``: the one ``Reply`` every procedure answers, worded at the edge;
- ``kinds/``: the seam's implementations, one per game (``diplomacy.py``), and their
  registry;
- one file per procedure family, each ``procedure(table, caller, ...) -> Reply``:
  ``submit`` (orders), ``ballots``, ``preferences``, ``waiting``, ``status``, ``trial``,
  ``votes``, ``absences``, ``account``, ``observers``, ``past_phases`` (MAPPA, STORIA),
  ``summary``, ``games_list``, ``press`` (the relay), ``gm`` and ``preview`` (the GM's);
  the clock's: ``clock``, ``lifecycle``, ``process``, ``lateness``, ``early``,
  ``readiness``; the mails' parts: ``mailer``, ``deadlines``, ``answers``, ``notices``,
  ``refusals``, ``vote_words``, ``press_archive``, ``addresses``.

The rules each procedure applies live in the rules packages (``arbitro/diplomacy/``):
the service reads the store, applies them and queues what it decides to say.
"""

from .access import Caller, Credentials, Role
from .gm import GmError
from .referee import Referee
from .reply import OrderLine, Reply, ReplyStatus
from .table import Office, Table

__all__ = [
    "Caller",
    "Credentials",
    "GmError",
    "Office",
    "OrderLine",
    "Referee",
    "Reply",
    "ReplyStatus",
    "Role",
    "Table",
]
