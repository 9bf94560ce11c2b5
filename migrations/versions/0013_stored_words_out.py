"""words out of the JSON columns: store codes and details, never words (issue 26)

A processed phase's order lines carried the adjudicator's reason in English ("reason")
beside its code and details; an order mail's lines carried the reader's judgement in the
player's language ("message") beside its code. Both are made again when a mail or a page
is rendered, in its reader's language: they are taken out. Every other key stays, so the
rows read as before (``store/codec.py``).

Revision ID: 0013
Revises: 0011
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None

_JSON = sa.JSON(none_as_null=True)
_PHASES = sa.table("phases", sa.column("id", sa.Integer), sa.column("results", _JSON))
_SUBMISSIONS = sa.table("orders", sa.column("id", sa.Integer), sa.column("parsed", _JSON))


def _without(lines: Any, word: str) -> Any:
    if not isinstance(lines, list):
        return lines
    return [{k: v for k, v in line.items() if k != word} if isinstance(line, dict) else line
            for line in lines]


def upgrade() -> None:
    conn = op.get_bind()
    for row_id, results in conn.execute(sa.select(_PHASES.c.id, _PHASES.c.results)).all():
        if isinstance(results, dict) and isinstance(results.get("results"), list):
            cleaned = {**results, "results": _without(results["results"], "reason")}
            if cleaned != results:
                conn.execute(_PHASES.update().where(_PHASES.c.id == row_id).values(results=cleaned))
    for row_id, parsed in conn.execute(sa.select(_SUBMISSIONS.c.id, _SUBMISSIONS.c.parsed)).all():
        cleaned = _without(parsed, "message")
        if cleaned != parsed:
            conn.execute(_SUBMISSIONS.update().where(_SUBMISSIONS.c.id == row_id)
                         .values(parsed=cleaned))


def downgrade() -> None:
    """Nothing to put back: the words are made from the codes when needed."""
