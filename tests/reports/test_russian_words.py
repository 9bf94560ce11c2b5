"""Russian as the forum's players write it (issue 29 point 9): a retreat goes "в Варшаву",
a retreat or winter mail never says that units without orders hold, a date after "до" is
in the genitive ("до субботы"), and the provinces a power owns under the forum's rules are
listed in the results and the status, with how each was taken. (A subject keeps every space
when folded into encoded-words: tests/mail/test_mail_compose.py.)"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from mail_contexts import variants

from arbitro.reports import MailTemplates
from arbitro.words.dates import when

TEMPLATES = MailTemplates(strict=True)


def _body(name: str, i: int = 0, **extra: Any) -> str:
    mail = TEMPLATES.render(name, "ru", {**variants(name, "ru")[i], **extra})
    return mail.subject + "\n" + mail.body


def test_a_retreat_goes_into_its_province() -> None:
    assert "А Бургундия отступает в Пикардию" in _body("results", 2)


def test_retreat_and_winter_mails_do_not_say_units_hold() -> None:
    for i in (5, 6):  # a retreat phase's confirmation, a winter one
        body = _body("order_confirmation", i)
        assert "стоят" not in body and "по правилам" in body, body
    assert "стоят" in _body("order_confirmation", 4)  # spring: units without orders do hold
    assert "отступят по правилам арбитра" in _body("reminder", 1)


def test_a_date_after_do_is_in_the_genitive() -> None:
    saturday = when(datetime(2025, 3, 8, 17, 0, tzinfo=UTC), "Europe/Moscow", "ru")
    body = _body("onp_notice", deadline=saturday)
    assert "до субботы 8 марта 2025 в 20:00" in body and "до суббота" not in body
    call = _body("replacement_call", resume_at=saturday)
    assert "приостановлена до субботы 8 марта" in call


def test_owned_territories_are_listed_in_the_results_and_the_status() -> None:
    results = _body("results", 5)
    table = results[results.index("ТЕРРИТОРИИ"):]
    assert "Россия: захвачены: Армения (Арм) (подарок державы Турция), Галиция (Гал) (уникальным оружием)" in table
    assert "Германия: захвачены: Тироль (Тир)" in table and "Австрия: потеряны: Галиция (Гал), Тироль (Тир)" in table
    status = _body("status", 1)
    assert "Ваши территории (" in status and "Галиция (Гал)" in status
