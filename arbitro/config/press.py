"""The press options of a [[game]] section (issue 7): flat ``press_*`` keys, all optional."""

from __future__ import annotations

from datetime import timedelta

from . import values
from .model import LANGUAGES, PressOptions
from .reader import Table

MAX_PRESS_DELAY = timedelta(days=1)  # longer would make press useless within a phase


def press_delay(text: object) -> timedelta:
    """ "0", "0m" or a duration ("30m", "2h"): the most random delay before delivery."""
    cleaned = str(text).strip().lower()
    if cleaned in ("0", "0m", "0h", "0d"):
        return timedelta(0)
    value = values.duration(cleaned)
    if value > MAX_PRESS_DELAY:
        raise ValueError(f"{text!r} is longer than {MAX_PRESS_DELAY.days}d")
    return value


def read_press_options(t: Table) -> PressOptions:
    default = PressOptions()
    return PressOptions(
        in_retreats=t.boolean("press_in_retreats", default.in_retreats),
        in_adjustments=t.boolean("press_in_adjustments", default.in_adjustments),
        images=t.boolean("press_images", default.images),
        delay=t.convert("press_delay", press_delay, default.delay) or timedelta(0),
        publish_at_end=t.boolean("press_publish_at_end", default.publish_at_end),
        alias_language=t.text("press_aliases", default.alias_language, choices=LANGUAGES)
        or default.alias_language,
        receipts=t.boolean("press_receipts", default.receipts),
    )
