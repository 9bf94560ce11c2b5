"""The absence options of a [[game]] section (issue 17): flat ``absence*`` keys, all optional."""

from __future__ import annotations

from .model import AbsenceOptions
from .reader import Table


def read_absence_options(t: Table) -> AbsenceOptions:
    default = AbsenceOptions()
    options = AbsenceOptions(
        enabled=t.boolean("absences", default.enabled),
        days_per_year=t.integer("absence_days_per_year", default.days_per_year, minimum=1),
        longest_days=t.integer("absence_longest_days", default.longest_days, minimum=1),
        notice_days=t.integer("absence_notice_days", default.notice_days, minimum=0),
        name_absent=t.boolean("absence_name_absent", default.name_absent),
    )
    if options.longest_days > options.days_per_year:
        t.problem("absence_longest_days",
                  f"{options.longest_days} is more than absence_days_per_year ({options.days_per_year})")
    return options
