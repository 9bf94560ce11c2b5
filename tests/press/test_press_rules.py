"""Press modes, per-phase rules, authentication and refusals, through the mail handler
(issue 7, R-MAIL-3)."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

import pytest
from press.press_helpers import GM, NOW, Game, alias, handle, plain_mail, start_game
from service.service_helpers import FALL_1901, SPRING_1901, START

from arbitro.mail.outbound.compose import message_id_for
from arbitro.service.identity import trusted
from arbitro.service.press_archive import publish_press
from arbitro.service.submit import submit_orders
from arbitro.store import GameStatus, PowerStatus
from arbitro.store.models import OutboxMessage


def send(game: Game, power: str, to: str | list[str], text: str, *, password: bool = True,
         at: datetime = NOW, **kw: object) -> list[OutboxMessage]:
    """``power``'s player writes (at ``at``); what the referee queued in answer."""
    frm = game.holders[power]
    body = (f"PASSWORD {game.passwords[frm]}\n" if password else "") + text
    before = game.last_id()
    handle(game, plain_mail(frm, to, body, name=game.name_of(frm), **kw), at)  # type: ignore[arg-type]
    return game.outbox(before)


def relayed(rows: list[OutboxMessage]) -> dict[str, OutboxMessage]:
    """Relayed copies by recipient address."""
    return {r.recipients[0]: r for r in rows if r.idempotency_key.startswith("press:")
            and not r.idempotency_key.endswith((":gm", ":receipt"))}


def refusal(rows: list[OutboxMessage]) -> OutboxMessage:
    (row,) = [r for r in rows if r.idempotency_key.endswith(":press-refused")]
    return row


def test_none_refuses_with_an_explanation_and_relays_nothing(tmp_path: Path) -> None:
    game = start_game(tmp_path, "muto", "none")
    rows = send(game, "FRANCE", alias("muto", "germania"), "Alleanza?")
    assert relayed(rows) == {}
    row = refusal(rows)
    assert row.recipients == [game.holders["FRANCE"]]
    assert "press = none" in row.body and "muto" in row.body
    assert game.press_rows() == []


def test_white_press_shows_the_nation_and_goes_to_each_alias_and_the_gm(tmp_path: Path) -> None:
    game = start_game(tmp_path, "bianca", "white")
    rows = send(game, "FRANCE", alias("bianca", "germania"), "Alleanza contro l'Inghilterra?",
                cc=[alias("bianca", "italy")])
    out = relayed(rows)
    assert set(out) == {game.holders["GERMANY"], game.holders["ITALY"]}
    for row in out.values():
        assert row.sender == row.headers["Reply-To"] == "arbitro+bianca-francia@example.org"
        assert row.headers["From-Name"] in ("Francia", "France")
        assert "Alleanza contro l'Inghilterra?" in row.body
        assert "PASSWORD" not in row.body and "pw" not in row.body
    gm = [r for r in rows if r.idempotency_key.endswith(":gm")]
    assert len(gm) == 1 and gm[0].recipients == [GM] and game.holders["FRANCE"] in gm[0].body
    (press,) = game.press_rows()
    assert (press.from_power, press.to_powers, press.anonymous, press.phase) == \
        ("FRANCE", ["GERMANY", "ITALY"], False, "S1901M")


def test_white_press_refuses_anonymous_mail(tmp_path: Path) -> None:
    game = start_game(tmp_path, "bianca", "white")
    rows = send(game, "FRANCE", alias("bianca", "germania"), "ANONIMO\nChi sono?")
    assert relayed(rows) == {} and "anon" in refusal(rows).body.lower()


def test_broadcast_reaches_every_other_nation(tmp_path: Path) -> None:
    game = start_game(tmp_path, "bianca", "white")
    rows = send(game, "TURKEY", alias("bianca", "tutti"), "Pace a tutti.")
    out = relayed(rows)
    assert set(out) == {a for p, a in game.holders.items() if p != "TURKEY"}
    assert all("Pace a tutti." in r.body for r in out.values())
    assert game.press_rows()[0].broadcast


def test_grey_press_may_hide_the_nation_and_takes_no_replies(tmp_path: Path) -> None:
    game = start_game(tmp_path, "grigia", "grey")
    rows = send(game, "FRANCE", alias("grigia", "germania"), "Fidati di me.",
                subject="anonymous: un consiglio")
    (row,) = relayed(rows).values()
    assert row.sender == "arbitro+grigia-anonimo@example.org"
    assert row.headers["From-Name"] in ("Anonimo", "Anonymous")
    assert "Franc" not in row.body + row.subject and "un consiglio" in row.subject
    assert game.press_rows()[0].anonymous
    # Without the keyword the nation shows.
    (row,) = relayed(send(game, "FRANCE", alias("grigia", "germania"), "Sono io.")).values()
    assert row.sender == "arbitro+grigia-francia@example.org"
    # The anonymous alias cannot be answered.
    rows = send(game, "GERMANY", "arbitro+grigia-anonimo@example.org", "Chi sei?")
    assert relayed(rows) == {} and "anon" in refusal(rows).body.lower()


def test_al_buio_refuses_direct_contact_and_tells_the_gm(tmp_path: Path) -> None:
    game = start_game(tmp_path, "buio", "al_buio")
    other = game.holders["GERMANY"]
    rows = send(game, "FRANCE", alias("buio", "germania"), "Ciao", cc=[other])
    assert relayed(rows) == {}
    assert "al buio" in refusal(rows).body and "R-MAIL-3" not in refusal(rows).body  # no rule ids
    alerts = [r for r in rows if r.idempotency_key.endswith(":press-gm-alert")]
    assert len(alerts) == 1 and alerts[0].recipients == [GM]


def test_r_mail_2_press_needs_the_password_or_a_reply_to_press(tmp_path: Path) -> None:
    game = start_game(tmp_path, "buio", "al_buio")
    rows = send(game, "FRANCE", alias("buio", "germania"), "Ciao", password=False)
    assert relayed(rows) == {} and "PASSWORD" in refusal(rows).body
    rows = send(game, "FRANCE", alias("buio", "germania"), "PASSWORD sbagliata\nCiao",
                password=False)
    assert relayed(rows) == {}
    assert [r for r in rows if r.idempotency_key.endswith(":press-gm-alert")]
    before = game.last_id()
    handle(game, plain_mail("intruso@else.example", alias("buio", "germania"), "PASSWORD x\nCiao"))
    rows = game.outbox(before)
    assert relayed(rows) == {} and refusal(rows).recipients == ["intruso@else.example"]

    # A reply to the press Germany received needs no password...
    (first,) = relayed(send(game, "FRANCE", alias("buio", "germania"), "Alleati?")).values()
    msgid = message_id_for(first.idempotency_key, "arbitro@example.org")
    rows = send(game, "GERMANY", first.sender, "Sì.", password=False,
                headers={"In-Reply-To": msgid})
    (back,) = relayed(rows).values()
    assert back.recipients == [game.holders["FRANCE"]]
    assert back.sender == "arbitro+buio-germania@example.org"
    # ... but only from the nation it was delivered to.
    rows = send(game, "ITALY", first.sender, "Anch'io", password=False,
                headers={"In-Reply-To": msgid})
    assert relayed(rows) == {}


def test_unknown_alias_and_self_are_refused(tmp_path: Path) -> None:
    game = start_game(tmp_path, "buio", "al_buio")
    rows = send(game, "FRANCE", alias("buio", "spagna"), "Ciao")
    assert relayed(rows) == {} and "arbitro+buio" not in refusal(rows).body
    assert "germania" in refusal(rows).body or "germany" in refusal(rows).body
    rows = send(game, "FRANCE", alias("buio", "francia"), "Ciao")
    assert relayed(rows) == {}


def _play_to_the_autumn_retreats(game: Game) -> datetime:
    """The scripted 1901 (service_helpers), played through the service: in the Autumn the
    French army in Burgundy is dislodged, and the engine opens F1901R. When it opened."""
    at = START + timedelta(minutes=10)
    for orders in (SPRING_1901, FALL_1901):
        with game.referee.table(game.game_id, at) as table:
            for power, lines in orders.items():
                assert submit_orders(table, trusted(table, game.holders[power]), "\n".join(lines)).ok
        assert game.referee.tick(at)[0] == f"{game.game_id}:processed"  # all in: it runs early
        at += timedelta(minutes=10)
    with game.store.begin() as uow:
        phase = uow.phases.current(game.game_id)
        assert phase is not None and phase.code == "F1901R"
    return at


def test_no_press_during_retreats_when_the_gm_says_so(tmp_path: Path) -> None:
    game = start_game(tmp_path, "ritiri", "al_buio", press_in_retreats=False)
    assert relayed(send(game, "FRANCE", alias("ritiri", "germania"), "Ora sì", at=START))
    at = _play_to_the_autumn_retreats(game)
    rows = send(game, "FRANCE", alias("ritiri", "germania"), "Ora no", at=at)
    assert relayed(rows) == {} and "F1901R" in refusal(rows).body


def test_press_in_retreats_by_default(tmp_path: Path) -> None:
    game = start_game(tmp_path, "ritiri", "al_buio")
    at = _play_to_the_autumn_retreats(game)
    assert relayed(send(game, "FRANCE", alias("ritiri", "germania"), "Ciao", at=at))


@pytest.mark.parametrize("status", [PowerStatus.ELIMINATED, PowerStatus.CIVIL_DISORDER])
def test_an_eliminated_or_disordered_nation_cannot_write_or_be_written_to(
    tmp_path: Path, status: PowerStatus
) -> None:
    game = start_game(tmp_path, "fine", "al_buio")
    with game.store.begin() as uow:
        uow.powers.update("fine", "AUSTRIA", NOW, status=status)
    rows = send(game, "AUSTRIA", alias("fine", "italia"), "Aiuto")
    assert relayed(rows) == {}
    assert "Austria" in refusal(rows).body
    rows = send(game, "ITALY", alias("fine", "austria"), "Ciao")
    assert relayed(rows) == {}
    out = relayed(send(game, "ITALY", alias("fine", "tutti"), "A tutti"))
    assert game.holders["AUSTRIA"] not in out and len(out) == 5


def test_a_finished_game_has_no_press(tmp_path: Path) -> None:
    game = start_game(tmp_path, "fine", "al_buio")
    with game.store.begin() as uow:
        uow.games.get("fine").status = GameStatus.FINISHED  # type: ignore[union-attr]
    rows = send(game, "FRANCE", alias("fine", "germania"), "Ciao")
    assert relayed(rows) == {}


def test_random_delay_and_rounded_date(tmp_path: Path) -> None:
    game = start_game(tmp_path, "lenta", "al_buio", press_delay="2h")
    rows = send(game, "FRANCE", alias("lenta", "tutti"), "Piano piano")
    out = list(relayed(rows).values())
    (press,) = game.press_rows()
    assert NOW <= press.deliver_at <= NOW + timedelta(hours=2)
    for row in out:
        assert row.next_attempt_at == press.deliver_at  # all at once: no order to read
        assert row.created_at.minute == row.created_at.second == 0
        assert row.created_at <= row.next_attempt_at < row.created_at + timedelta(hours=1)
    gm = [r for r in rows if r.idempotency_key.endswith(":gm")]
    assert gm[0].next_attempt_at == NOW


def test_archive_is_published_at_the_end_when_the_gm_chooses(tmp_path: Path) -> None:
    game = start_game(tmp_path, "pubblica", "grey", press_publish_at_end=True)
    send(game, "FRANCE", alias("pubblica", "germania"), "Primo messaggio")
    send(game, "ITALY", alias("pubblica", "tutti"), "ANONIMO\nSecondo messaggio")
    before = game.last_id()
    with game.referee.table("pubblica", NOW) as table:
        assert publish_press(table) == 8
        assert publish_press(table) == 0  # once
    rows = game.outbox(before)
    assert {r.recipients[0] for r in rows} == {*game.holders.values(), GM}
    for row in rows:
        assert "Primo messaggio" in row.body and "Secondo messaggio" in row.body
        assert "Itali" not in row.body.split("Secondo")[0].rsplit("=====", 1)[-1]
        assert not any(a in row.body for a in game.holders.values())


def test_archive_stays_private_by_default(tmp_path: Path) -> None:
    game = start_game(tmp_path, "privata", "al_buio")
    send(game, "FRANCE", alias("privata", "germania"), "Segreto")
    with game.referee.table("privata", NOW) as table:
        assert publish_press(table) == 0


def test_images_are_relayed_only_when_the_gm_allows(tmp_path: Path) -> None:
    import email
    import email.policy
    import io

    from PIL import Image

    picture = io.BytesIO()
    Image.new("RGB", (4, 4), (1, 2, 3)).save(picture, format="PNG")
    for allowed in (True, False):
        game = start_game(tmp_path, f"foto{int(allowed)}", "al_buio", press_images=allowed)
        frm = game.holders["FRANCE"]
        raw = plain_mail(frm, alias(game.game_id, "germania"),
                         f"PASSWORD {game.passwords[frm]}\nMappa")
        msg = email.message_from_bytes(raw, policy=email.policy.default)
        msg.add_attachment(picture.getvalue(), maintype="image", subtype="png",
                           filename=f"{game.name_of(frm)}.png")
        before = game.last_id()
        handle(game, bytes(msg))
        (row,) = relayed(game.outbox(before)).values()
        if allowed:
            assert [a.filename for a in row.attachments] in (["immagine-1.jpg"], ["image-1.jpg"])
        else:
            assert row.attachments == []
