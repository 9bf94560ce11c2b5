"""Draws by secret vote, by mail against Dovecot and an SMTP sink (issue 17).

Seven powers, six players: one power is in civil disorder from the start and never
blocks. Five players vote for a draw (one changes their mind and back); the sixth holds
out, so the game goes on and nobody but each voter hears of a vote: every mail the sink
received is checked. The phase is processed and its results mail publishes the votes'
digests; then the hold-out votes and the game ends in a draw among all seven survivors.
The end-of-game mail reveals every vote with its salt, and the test recomputes each
digest and finds it in the results mail that committed to it.
"""

from __future__ import annotations

import hashlib
import re
from datetime import timedelta
from pathlib import Path

from harness import (
    GM,
    REFEREE,
    FakeClock,
    current_phase,
    daemon_config,
    order_mail,
    queued,
    received,
    run,
    seated,
    start_moment,
    to,
    until,
)
from mail.conftest import ImapAccount
from mail.servers import SmtpSink
from service.service_helpers import game_table

from arbitro.daemon import Daemon
from arbitro.store import GameStatus, PowerStatus

GAME = "voti"
GAME_ADDRESS = f"arbitro+{GAME}@example.org"
DIGEST = re.compile(r"\b[0-9a-f]{64}\b")


def password_of(address: str) -> str:
    return f"pw{address[1]}"


def is_italian(address: str) -> bool:
    return int(address[1]) % 2 == 0


def vote_word(address: str) -> str:
    return "PATTA" if is_italian(address) else "DRAW"


def is_vote_reply(subject: str) -> bool:
    return any(w in subject for w in ("Voto segreto registrato", "Secret vote recorded",
                                      "Voto non accettato", "Vote not accepted"))


def is_results(subject: str) -> bool:
    return "Risultati" in subject or "Results" in subject


def is_game_end(subject: str) -> bool:
    return "Fine della partita" in subject or "Game over" in subject


def test_a_unanimous_draw_by_secret_vote(imap_account: ImapAccount, smtp_sink: SmtpSink,
                                         tmp_path: Path) -> None:
    clock = FakeClock(start_moment())
    table = game_table(GAME, players=6, reminders=[], lateness_bank_days=0)
    config = daemon_config(imap_account, smtp_sink, tmp_path / "votes.sqlite3", table)

    def send(address: str, body: str, subject: str = "partita") -> None:
        imap_account.deliver(order_mail(address, body, password=password_of(address),
                                        to=GAME_ADDRESS, subject=subject))

    def replies(address: str) -> list:
        return [g for g in to(smtp_sink, address) if is_vote_reply(g.subject)]

    async def go() -> None:
        daemon = Daemon(config, clock=clock, tick_seconds=3600, imap_wait=2, drain_seconds=5,
                        imap_timeout=10)
        await daemon.start()
        try:
            store = daemon.store
            assert store is not None
            players = await seated(store, GAME, powers=6)
            with store.begin() as uow:
                statuses = {p: r.status for p, r in uow.powers.all(GAME).items()}
            (disorder,) = [p for p, s in statuses.items() if s is PowerStatus.CIVIL_DISORDER]
            voters = sorted(players)
            holdout = voters[-1]
            early = voters[:-1]
            await until(lambda: all(to(smtp_sink, a) for a in players.values()), what="welcomes")

            await until(lambda: queued(store) == 0, what="welcomes sent")
            holdout_mails = len(to(smtp_sink, players[holdout]))
            gm_mails = len(to(smtp_sink, GM))
            # Spring 1901: five vote for a draw (one in the subject); the first of them takes
            # the vote back and votes again; the hold-out does not vote.
            for i, power in enumerate(early):
                address = players[power]
                if i == 1:
                    send(address, "", subject=vote_word(address))
                else:
                    send(address, vote_word(address))
            await until(lambda: all(len(replies(players[p])) == 1 for p in early), what="votes")
            first = players[early[0]]
            send(first, "RITIRO VOTO" if is_italian(first) else "WITHDRAW")
            await until(lambda: len(replies(first)) == 2, what="withdrawn")
            send(first, vote_word(first))
            await until(lambda: len(replies(first)) == 3, what="voted again")
            await until(lambda: queued(store) == 0, what="replies sent")
            with store.begin() as uow:
                game = uow.games.get(GAME)
                assert game is not None and game.status is GameStatus.ACTIVE  # one hold-out
            for g in received(smtp_sink):
                if is_vote_reply(g.subject):
                    # Only the voter is answered (and the referee's own receipt copy).
                    assert set(g.rcpt) - {REFEREE} in ({a} for a in players.values()), g.rcpt
                    assert GM not in g.rcpt
                else:
                    assert "arbitro-vote:" not in g.body, g.subject
            assert not replies(players[holdout])
            # the hold-out and the GM heard nothing at all of the votes
            assert len(to(smtp_sink, players[holdout])) == holdout_mails
            assert len(to(smtp_sink, GM)) == gm_mails

            # The deadline passes (no lateness in this game): the results mail commits to
            # the seven votes cast in Spring, by digest only.
            spring = current_phase(store, GAME)
            clock.now = spring.deadline + timedelta(minutes=1)
            await daemon.reschedule()
            await until(lambda: current_phase(store, GAME).code == "F1901M", what="spring processed")
            await until(lambda: queued(store) == 0, what="results sent")
            spring_results = [g for g in received(smtp_sink) if is_results(g.subject)]
            assert spring_results
            committed = set()
            for g in spring_results:
                found = DIGEST.findall(g.body)
                assert len(found) == 7, (g.rcpt, g.body)  # 5 votes, 1 withdrawal, 1 vote again
                committed.add(tuple(found))
                for line in g.body.splitlines():
                    if DIGEST.search(line):  # nothing on a digest's line says whose it is
                        assert not any(name in line for name in ("Austria", "Francia", "France",
                                                                 "Germania", "Germany", "Italia",
                                                                 "Italy", "Inghilterra", "England",
                                                                 "Russia", "Turchia", "Turkey"))
            assert len(committed) == 1  # everyone sees the same list
            spring_digests = list(committed.pop())
            for g in received(smtp_sink):
                if not is_vote_reply(g.subject):
                    assert "arbitro-vote:" not in g.body, g.subject
            # Each voter can find their own digest, as their reply told them.
            for power in early:
                for reply in replies(players[power]):
                    (own,) = set(DIGEST.findall(reply.body))
                    assert own in spring_digests

            # Autumn: the hold-out agrees; the power in civil disorder never blocks.
            send(players[holdout], vote_word(players[holdout]))
            await until(lambda: any(is_game_end(g.subject) for g in received(smtp_sink)),
                        what="game end")
            await until(lambda: queued(store) == 0, what="end mails sent")
            with store.begin() as uow:
                game = uow.games.get(GAME)
                assert game is not None and game.status is GameStatus.FINISHED
                assert game.result is not None
                assert game.result["reason"] == "draw"
                assert sorted(game.result["tied"]) == sorted([*players, disorder])
            ends = [g for g in received(smtp_sink) if is_game_end(g.subject)]
            assert {a for g in ends for a in g.rcpt} >= set(players.values()) | {GM}
        finally:
            await daemon.stop()

        # Anyone can check the votes: every revealed text hashes to its digest, the Spring
        # digests are exactly the Spring votes, and the last vote is the hold-out's.
        for end in ends:
            texts = re.findall(r"'(arbitro-vote:[^']+)'", end.body)
            digests = DIGEST.findall(end.body)
            assert len(texts) == len(digests) == 8
            for text, digest in zip(texts, digests, strict=True):
                assert hashlib.sha256(text.encode()).hexdigest() == digest
            assert digests[:7] == spring_digests
            assert texts[-1].split(":")[3] == holdout
            assert texts[-1].split(":")[4] == "DRAW"
            assert [t.split(":")[2] for t in texts] == [str(n) for n in range(1, 9)]
            assert sum(":WITHDRAW:" in t for t in texts) == 1
        for address in players.values():
            (mine,) = [g for g in ends if address in g.rcpt]
            said = "Patta votata all'unanimità" if is_italian(address) else "Draw agreed by unanimous vote"
            assert said in mine.body, mine.body

    run(go())
