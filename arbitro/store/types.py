"""Column types shared by the models: aware UTC datetimes and JSON documents."""

from __future__ import annotations

from datetime import UTC, datetime
from enum import StrEnum
from typing import Any

from sqlalchemy import JSON, DateTime, Enum
from sqlalchemy.engine import Dialect
from sqlalchemy.types import TypeDecorator

# JSON documents are plain dicts/lists; positions are converted by arbitro.contract, not here.
# Python None is stored as SQL NULL. Columns do not track in-place mutation: assign a new value.
JsonDoc = JSON(none_as_null=True)


def status_type(enum: type[StrEnum]) -> Enum:
    """A VARCHAR holding an enum's values, checked in Python only (no DB enum to migrate)."""
    return Enum(
        enum,
        native_enum=False,
        create_constraint=False,
        length=20,
        values_callable=lambda members: [m.value for m in members],
    )


class UtcDateTime(TypeDecorator[datetime]):
    """Stores UTC; returns aware UTC datetimes; refuses naive ones.

    SQLite keeps no time zone, so every value is normalised to naive UTC on the way in
    and made aware again on the way out, the same on every backend.
    """

    impl = DateTime(timezone=False)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None or value.utcoffset() is None:
            raise ValueError(f"naive datetime {value!r}: pass an aware datetime (time is injected)")
        return value.astimezone(UTC).replace(tzinfo=None)

    def process_result_value(self, value: Any, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        moment = datetime.fromisoformat(value) if isinstance(value, str) else value
        if not isinstance(moment, datetime):
            raise TypeError(f"expected a datetime from the database, got {value!r}")
        return moment.replace(tzinfo=UTC)
