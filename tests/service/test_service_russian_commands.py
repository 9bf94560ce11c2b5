"""Russian players' commands, through the mail handler (the door a mail comes in by): every
command has Russian words that no other command, order word, power-level order word or
name of the board shares, and a Russian table waits, votes, takes a time zone and an
absence in its own words, and is answered in Russian."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from player_mail import player_mail
from service_helpers import BOARD, START, game_table, make_config
from sqlalchemy import select

from arbitro.diplomacy.names import key_of, name_index
from arbitro.spelling.folding import fold, words_of
from arbitro.diplomacy.order_words import KINDS, VERBS
from arbitro.diplomacy.phase_words import read_phase
from arbitro.diplomacy.power_words import POWER_WORDS
from arbitro.mail.intake.commands import COMMANDS, by_words
from arbitro.mail.intake.handler import MailHandler
from arbitro.service import Referee
from arbitro.store import GameStatus, Store
from arbitro.store.models import OutboxMessage

NOW = START + timedelta(hours=1)


def _cyrillic(word: str) -> bool:
    return any("\u0400" <= ch <= "\u04ff" for ch in word)


def test_no_two_commands_share_a_word() -> None:
    owners: dict[str, set[str]] = {}
    for command in COMMANDS:
        for word in command.words:
            owners.setdefault(fold(word), set()).add(command.name)
    shared = {w: names for w, names in owners.items() if len(names) > 1}
    assert not shared, shared


def test_every_player_command_has_russian_words_found_in_any_case() -> None:
    lacking = [c.name for c in COMMANDS if not any(_cyrillic(w) for w in c.words)]
    assert not lacking, f"give these commands Russian words: {lacking}"
    for command in COMMANDS:
        for word in filter(_cyrillic, command.words):
            for written in (word.upper(), word.capitalize()):
                found = by_words(written.split() + ["Франция"])
                assert found is not None and found[0] is command, written


def test_russian_command_words_are_not_order_words_or_names() -> None:
    """A mail's first line may be an order: no Russian command word may begin one."""
    index = name_index(BOARD)
    power_words = {fold(w) for spellings in POWER_WORDS.values() for w in spellings.get("ru", ())}
    for command in COMMANDS:
        for word in filter(_cyrillic, command.words):
            first, *rest = fold(word).split()
            key = key_of(words_of(word))
            # "новый пароль": a build verb first, but no unit or place after it
            assert first not in KINDS and (rest or first not in VERBS), (command.name, word)
            assert not any(w in KINDS or index.lookup(w, "ru") for w in rest), (command.name, word)
            assert fold(word) not in power_words and first not in power_words, (command.name, word)
            assert not index.lookup(key, "ru") and index.power(key) is None, (command.name, word)


def test_russian_phases_in_commands() -> None:
    assert read_phase(["весна", "1902"]) == read_phase(["S1902"])
    assert read_phase(["1901", "Осень"]) == read_phase(["F1901"])
    assert read_phase(["зимой", "1901"]) == read_phase(["W1901"])
    assert read_phase(["осень", "1901", "отступления"]) == read_phase(["F1901R"])
    assert read_phase(["лето", "1901"]) is None


# -- a Russian table by mail ---------------------------------------------------------------


def _table(game: str, **options: Any) -> dict[str, Any]:
    table = game_table(game, reminders=[], language="ru", **options)
    for player in table["players"]:
        player["language"] = "ru"
    return table


def _setup(store: Store, game: str, **options: Any) -> tuple[MailHandler, dict[str, str]]:
    referee = Referee(store, make_config(_table(game, **options)))
    referee.tick(START)
    with store.begin() as uow:
        holders = {p: pl.address for p, pl in uow.assignments.current(game).items()}
    return MailHandler(referee), holders


def _send(handler: MailHandler, game: str, address: str, body: str, subject: str = "партия",
          now: datetime = NOW) -> None:
    text = f"PASSWORD pw{address[1]}\n{body}"
    mail = player_mail(address, f"arbitro+{game}@example.org", text, subject=subject)
    assert handler.handle(mail, now) == "processed"


def _mails(store: Store, game: str, to: str) -> list[OutboxMessage]:
    with store.begin() as uow:
        rows = uow.session.scalars(select(OutboxMessage).where(OutboxMessage.game_id == game)
                                   .order_by(OutboxMessage.id))
        return [m for m in rows if m.recipients == [to]]


def test_a_russian_player_waits_and_stops_waiting(store: Store) -> None:
    game = "zhdat"
    handler, holders = _setup(store, game)
    address = holders["RUSSIA"]
    before = len(_mails(store, game, address))
    _send(handler, game, address, "", subject="ЖДАТЬ")
    (wait,) = _mails(store, game, address)[before:]
    assert "Просьба ЖДАТЬ записана" in wait.subject
    assert "фаза не будет обработана до срока" in wait.body
    _send(handler, game, address, "Не ждать")
    last = _mails(store, game, address)[-1]
    assert "Просьба ЖДАТЬ отменена" in last.subject
    assert "может быть обработана досрочно" in last.body


def test_a_russian_table_concedes_in_russian(store: Store) -> None:
    game = "sdayus"
    handler, holders = _setup(store, game)
    others = [p for p in sorted(holders) if p != "FRANCE"]
    # the power's name in the case a sentence wants, and in the nominative
    for power in others[:-1]:
        _send(handler, game, holders[power], "СДАЮСЬ Франции")
    reply = _mails(store, game, holders[others[0]])[-1]
    assert "Тайный голос записан" in reply.subject and "победа державе Франция" in reply.body
    _send(handler, game, holders[others[-1]], "", subject="уступаю Франция")
    with store.begin() as uow:
        row = uow.games.get(game)
        assert row is not None
        assert row.status is GameStatus.FINISHED and row.result["winner"] == "FRANCE"
    end = _mails(store, game, holders["FRANCE"])[-1]
    assert "Партия окончена" in end.subject
    assert "ТАЙНЫЕ ГОЛОСА ЗА ОКОНЧАНИЕ ПАРТИИ" in end.body


def test_a_refused_russian_vote_says_how_to_write_it(store: Store) -> None:
    game = "nichya"
    handler, holders = _setup(store, game)
    address = holders["ITALY"]
    _send(handler, game, address, "НИЧЬЯ Франция Германия")
    reply = _mails(store, game, address)[-1]
    assert "Голос не принят" in reply.subject and "напишите просто НИЧЬЯ" in reply.body
    _send(handler, game, address, "ОТОЗВАТЬ ГОЛОС")
    assert "нет голоса, который можно отозвать" in _mails(store, game, address)[-1].body


def test_a_russian_player_sets_a_time_zone_and_an_absence(store: Store) -> None:
    game = "poyas"
    handler, holders = _setup(store, game, absences=True, absence_notice_days=0)
    address = holders["TURKEY"]
    _send(handler, game, address, "ЧАСОВОЙ ПОЯС Europe/Moscow")
    zone = _mails(store, game, address)[-1]
    assert "Ваш часовой пояс: Europe/Moscow" in zone.subject
    assert "(Europe/Moscow)" in zone.body
    _send(handler, game, address, "ОТСУТСТВИЕ с 20/03 по 22/03")
    absence = _mails(store, game, address)[-1]
    assert "Записано отсутствие: с 20 марта 2025 по 22 марта 2025" in absence.subject, absence.body
    _send(handler, game, address, "отсутствие отменить")
    cancelled = _mails(store, game, address)[-1]
    assert "Отсутствия отменены" in cancelled.subject
    assert "с 20 марта 2025 по 22 марта 2025" in cancelled.body
    _send(handler, game, address, "ОТСУТСТВИЕ с завтра")
    refused = _mails(store, game, address)[-1]
    assert "«завтра» — не дата" in refused.body


def test_a_russian_address_move_is_confirmed_by_replying(store: Store) -> None:
    game = "adres"
    handler, holders = _setup(store, game)
    address = holders["GERMANY"]
    _send(handler, game, address, "АДРЕС novyj@dom.example")
    asked = _mails(store, game, "novyj@dom.example")[-1]
    assert asked.subject.split()[1:3] == ["Подтвердите", "адрес"] and "ПОДТВЕРДИТЬ " in asked.body
    # the new address answers the mail as it came, by its subject
    assert handler.handle(player_mail("novyj@dom.example", f"arbitro+{game}@example.org", "да",
                                      subject=f"Re: {asked.subject}"), NOW) == "processed"
    with store.begin() as uow:
        assert uow.players.by_address(game, "novyj@dom.example") is not None
        assert uow.players.by_address(game, address) is None
    done = _mails(store, game, "novyj@dom.example")[-1]
    assert "теперь ваш адрес в партии — novyj@dom.example" in done.body


def test_a_cyrillic_subject_keeps_its_spaces_before_plain_words() -> None:
    """Python's mail generator folds "Подтвердите адрес f4b2" as an encoded-word, a line
    break and the plain token: read back, the token stays a word of its own."""
    from arbitro.mail.mime.message import parse_inbound

    subject = "Re: [adres] Подтвердите адрес f4b29cdf3bb1"
    raw = player_mail("a@x.example", "b@y.example", "да", subject=subject)
    assert b"=?utf-8?" in raw
    assert parse_inbound(raw).subject == subject


def test_votes_ballots_and_preferences_read_russian_power_names() -> None:
    from arbitro.config.game import power_key

    assert [power_key(BOARD, n) for n in ("Франции", "турция", "ГЕРМАНИЮ", "Francia", "fra")] == [
        "FRANCE", "TURKEY", "GERMANY", "FRANCE", "FRANCE"]
    for unknown in ("Атлантида", "Xyz"):
        try:
            power_key(BOARD, unknown)
        except ValueError:
            continue
        raise AssertionError(unknown)
