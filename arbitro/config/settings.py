"""A game's options as JSON, for the games.settings column (no secrets, no players)."""

from __future__ import annotations

from typing import Any

from .model import GameConfig


def game_settings(game: GameConfig) -> dict[str, Any]:
    return {
        "timezone": game.timezone,
        "start": game.start.isoformat() if game.start else None,
        "assignment": game.assignment,
        "deadlines": {
            "movement": game.deadlines.movement.text,
            "retreat": game.deadlines.retreat.text,
            "adjustment": game.deadlines.adjustment.text,
            "first_movement": game.deadlines.first_movement.text,
        },
        "days_off": {
            "weekdays": sorted(game.days_off.weekdays),
            "dates": sorted(d.isoformat() for d in game.days_off.dates),
            "holidays": sorted(game.days_off.holidays),
        },
        "absences": {
            "enabled": game.absences.enabled,
            "days_per_year": game.absences.days_per_year,
            "longest_days": game.absences.longest_days,
            "notice_days": game.absences.notice_days,
            "name_absent": game.absences.name_absent,
        },
        "reminders_seconds": [int(r.total_seconds()) for r in game.reminders],
        "lateness_bank_days": game.lateness_bank_days,
        "lateness_max_per_turn": game.lateness_max_per_turn,
        "press": game.press,
        "end": {
            "condition": game.end.condition,
            "centres": game.end.centres,
            "date": game.end.date.isoformat() if game.end.date else None,
        },
        "defaults": game.defaults,
        "rules": game.rules,
        "strict_support": game.strict_support,
        "infer_single_coast": game.infer_single_coast,
        "hold_support_cut": game.hold_support_cut,
        "automatic_builds": game.automatic_builds,
        "early_processing": game.early_processing,
        "gm_address": game.gm_address,
        "mailing_list": game.mailing_list,
        "votes": game.vote_options.enabled,
        "votes_named_draws": game.vote_options.named_draws,

        "observers": game.observers,
    }
