"""Draws and concessions by secret vote (issue 17), through the mail handler (the door a
mail comes in by), on SQLite and PostgreSQL: concessions, named draws, refusals, and who
is told what."""

from __future__ import annotations

import hashlib
from datetime import datetime, timedelta
from typing import Any

import pytest
from player_mail import player_mail
from service_helpers import START, game_table, make_config
from sqlalchemy import select

from arbitro.diplomacy.votes import (
    CONCEDE,
    DRAW,
    WITHDRAW,
    Verdict,
    Vote,
    canonical,
    digest,
    verdict,
)
from arbitro.mail.intake.handler import MailHandler
from arbitro.service import Referee, gm
from arbitro.service.identity import game_master
from arbitro.store import GameStatus, PowerStatus, Store
from arbitro.store.models import EndVote, OutboxMessage

NOW = START + timedelta(hours=1)
GM = "gm@example.org"


def setup_game(store: Store, game: str, **options: Any) -> tuple[MailHandler, dict[str, str]]:
    config = make_config(game_table(game, **options))
    referee = Referee(store, config)
    referee.tick(START)
    with store.begin() as uow:
        holders = {p: pl.address for p, pl in uow.assignments.current(game).items()}
    return MailHandler(referee), holders


def send(handler: MailHandler, game: str, address: str, body: str, subject: str = "partita",
         now: datetime = NOW) -> None:
    text = f"PASSWORD pw{address[1]}\n{body}"
    assert handler.handle(player_mail(address, f"arbitro+{game}@example.org", text, subject=subject),
                          now) == "processed"


def mails(store: Store, game: str) -> list[OutboxMessage]:
    with store.begin() as uow:
        return list(uow.session.scalars(select(OutboxMessage).where(OutboxMessage.game_id == game)
                                        .order_by(OutboxMessage.id)))


def status(store: Store, game: str) -> tuple[GameStatus, Any]:
    with store.begin() as uow:
        row = uow.games.get(game)
        assert row is not None
        return row.status, row.result


def test_a_concession_ends_the_game_when_every_other_player_concedes(store: Store) -> None:
    game = "cede1"
    handler, holders = setup_game(store, game, players=6)
    with store.begin() as uow:
        disorder = [p for p, r in uow.powers.all(game).items() if r.status is PowerStatus.CIVIL_DISORDER]
    assert len(disorder) == 1
    winner = sorted(holders)[0]
    others = [p for p in sorted(holders) if p != winner]
    before = len(mails(store, game))
    for power in others[:-1]:
        address = holders[power]
        send(handler, game, address, "", subject=f"CONCEDO {winner.title()}")
    assert status(store, game)[0] is GameStatus.ACTIVE
    new = mails(store, game)[before:]
    # one answer per vote, each to its voter alone
    assert sorted(m.recipients[0] for m in new) == sorted(holders[p] for p in others[:-1])
    assert all(len(m.recipients) == 1 for m in new)
    last = holders[others[-1]]
    send(handler, game, last, f"CONCEDE {winner}")
    state, result = status(store, game)
    assert state is GameStatus.FINISHED
    assert result["reason"] == "concession" and result["winner"] == winner and result["tied"] == []
    ends = [m for m in mails(store, game) if "Fine della partita" in m.subject or "Game over" in m.subject]
    assert {m.recipients[0] for m in ends} == set(holders.values()) | {GM}
    for m in ends:
        if m.recipients[0] in holders.values():
            italian = int(m.recipients[0][1]) % 2 == 0
            said = "concesso la vittoria" if italian else "by the concession of every other player"
            assert said in m.body, m.body


def test_a_named_draw_needs_the_same_powers_from_everyone(store: Store) -> None:
    game = "named1"
    handler, holders = setup_game(store, game, votes_named_draws=True)
    powers = sorted(holders)
    a, b = powers[0], powers[1]
    for power in powers[:-1]:
        send(handler, game, holders[power], f"PATTA {a} {b}")
    send(handler, game, holders[powers[-1]], "PATTA")  # every survivor: not the same draw
    assert status(store, game)[0] is GameStatus.ACTIVE
    send(handler, game, holders[powers[-1]], f"DRAW {b}, {a}")
    state, result = status(store, game)
    assert state is GameStatus.FINISHED
    assert result["reason"] == "draw" and sorted(result["tied"]) == sorted([a, b])


@pytest.mark.parametrize(("options", "body", "says"), [
    ({}, "PATTA FRANCIA GERMANIA", "sempre fra tutte le nazioni superstiti"),
    ({"votes": False}, "PATTA", "non ha previsto voti"),
    ({}, "RITIRO VOTO", "non hai un voto in corso"),
    ({}, "CONCEDO", "seguito da una sola nazione"),
    ({}, "CONCEDO Atlantide", "nazione sconosciuta Atlantide"),
    ({"votes_named_draws": True}, "PATTA FRANCIA", "almeno due nazioni"),
])
def test_refused_votes_are_answered_to_the_voter_alone(store: Store, options: dict[str, Any],
                                                       body: str, says: str) -> None:
    game = "nope1"
    handler, holders = setup_game(store, game, **options)
    italian = holders[next(p for p, a in holders.items() if int(a[1]) % 2 == 0)]
    before = len(mails(store, game))
    send(handler, game, italian, body)
    (reply,) = mails(store, game)[before:]
    assert reply.recipients == [italian]
    assert "Voto non accettato" in reply.subject and says in reply.body, reply.body
    with store.begin() as uow:
        assert uow.votes.of_game(game) == []


def test_conceding_to_oneself_is_refused(store: Store) -> None:
    game = "self1"
    handler, holders = setup_game(store, game)
    power, address = next((p, a) for p, a in holders.items() if int(a[1]) % 2 == 1)  # English
    before = len(mails(store, game))
    send(handler, game, address, f"CONCEDE {power}")
    (reply,) = mails(store, game)[before:]
    assert "Vote not accepted" in reply.subject and "your own power" in reply.body


def test_the_voter_can_check_their_own_digest(store: Store) -> None:
    game = "check1"
    handler, holders = setup_game(store, game)
    address = holders["FRANCE"]
    before = len(mails(store, game))
    send(handler, game, address, "PATTA")
    (reply,) = mails(store, game)[before:]
    with store.begin() as uow:
        (row,) = [v for v in uow.session.scalars(select(EndVote)) if v.game_id == game]
    text = f"arbitro-vote:{game}:1:FRANCE:DRAW:ALL:{row.salt}"
    assert row.digest == hashlib.sha256(text.encode()).hexdigest()
    assert text in reply.body and row.digest in reply.body


# -- the rule itself (pure) ---------------------------------------------------------------

ALL = {"AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"}


def test_verdicts() -> None:
    draw = {p: Vote(p, DRAW) for p in ALL}
    assert verdict(draw, ALL, ALL) == Verdict(DRAW, tuple(sorted(ALL)))
    # civil disorder and abandoned powers do not vote and do not block
    playing = ALL - {"TURKEY", "ITALY"}
    some = {p: draw[p] for p in playing}
    assert verdict(some, playing, ALL) == Verdict(DRAW, tuple(sorted(ALL)))
    assert verdict({**some, "FRANCE": Vote("FRANCE", WITHDRAW)}, playing, ALL) is None
    assert verdict({p: some[p] for p in list(playing)[1:]}, playing, ALL) is None
    # a named draw equal to every survivor is the same draw as DIAS
    named = {**some, "FRANCE": Vote("FRANCE", DRAW, tuple(sorted(ALL)))}
    assert verdict(named, playing, ALL) == Verdict(DRAW, tuple(sorted(ALL)))
    # an eliminated power drops out of a named draw
    pair = {p: Vote(p, DRAW, ("FRANCE", "ENGLAND", "TURKEY")) for p in ("FRANCE", "ENGLAND")}
    assert verdict(pair, {"FRANCE", "ENGLAND"}, {"FRANCE", "ENGLAND"}) == Verdict(DRAW, ("ENGLAND", "FRANCE"))
    # a concession: every other playing power; the winner's own vote does not matter
    cede = {p: Vote(p, CONCEDE, ("FRANCE",)) for p in playing - {"FRANCE"}}
    assert verdict(cede, playing, ALL) == Verdict(CONCEDE, ("FRANCE",))
    assert verdict({**cede, "FRANCE": Vote("FRANCE", DRAW)}, playing, ALL) == Verdict(CONCEDE, ("FRANCE",))
    assert verdict({**cede, "GERMANY": Vote("GERMANY", CONCEDE, ("ENGLAND",))}, playing, ALL) is None
    assert verdict({}, {"FRANCE"}, ALL) is None  # a lone player still has to vote


def test_the_committed_text() -> None:
    vote = Vote("FRANCE", DRAW, ("GERMANY", "FRANCE"))
    text = canonical("g1", 4, vote, "00ff")
    assert text == "arbitro-vote:g1:4:FRANCE:DRAW:FRANCE+GERMANY:00ff"
    assert digest(text) == hashlib.sha256(text.encode()).hexdigest()
    assert canonical("g1", 5, Vote("ITALY", CONCEDE, ("FRANCE",)), "ab").endswith(":ITALY:CONCEDE:FRANCE:ab")
    assert canonical("g1", 6, Vote("ITALY", WITHDRAW), "ab").endswith(":ITALY:WITHDRAW:ab")


def test_a_hold_out_falling_into_civil_disorder_no_longer_blocks(store: Store) -> None:
    game = "drop1"
    handler, holders = setup_game(store, game)
    holdout = sorted(holders)[-1]
    for power in sorted(holders)[:-1]:
        send(handler, game, holders[power], "PATTA")
    assert status(store, game)[0] is GameStatus.ACTIVE
    gm = player_mail(GM, f"arbitro+{game}@example.org", "PASSWORD gm-secret", subject=f"ESPELLI {holdout}")
    handler.handle(gm, NOW)
    handler.referee.tick(NOW + timedelta(minutes=1))
    state, result = status(store, game)
    assert state is GameStatus.FINISHED and result["reason"] == "draw"
    assert sorted(result["tied"]) == sorted(holders)  # a power in civil disorder still survives


def test_a_replacement_player_does_not_inherit_the_vote(store: Store) -> None:
    game = "heir1"
    handler, holders = setup_game(store, game)
    send(handler, game, holders["FRANCE"], "PATTA")
    late = "GERMANY"
    for power in sorted(holders):
        if power not in ("FRANCE", late):
            send(handler, game, holders[power], "PATTA")
    with handler.referee.table(game, NOW + timedelta(minutes=1)) as table:
        assert gm.eject(table, game_master(table.config), "FRANCE").ok
        assert gm.replace(table, game_master(table.config), "FRANCE", f"p9@{game}.example", name="Nuovo", password="pw9").ok
    send(handler, game, holders[late], "DRAW", now=NOW + timedelta(minutes=2))
    assert status(store, game)[0] is GameStatus.ACTIVE  # France's new player has not voted
    send(handler, game, f"p9@{game}.example", "PATTA", now=NOW + timedelta(minutes=3))
    assert status(store, game)[0] is GameStatus.FINISHED
