"""From outcomes and positions to what players read: template context and rendered mails."""

from .judge import judge_results
from .results import (
    PhaseReport,
    adjustment_rows,
    centre_table,
    dislodged_units,
    order_groups,
    results_context,
)
from .templates import TEMPLATES_DIR, MailTemplates, RenderedMail, TemplateContext
from .words import lang_of, order_text, phase_name, power_name, when

__all__ = [
    "TEMPLATES_DIR",
    "MailTemplates",
    "PhaseReport",
    "RenderedMail",
    "TemplateContext",
    "adjustment_rows",
    "centre_table",
    "dislodged_units",
    "judge_results",
    "lang_of",
    "order_groups",
    "order_text",
    "phase_name",
    "power_name",
    "results_context",
    "when",
]
