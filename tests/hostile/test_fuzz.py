"""Fuzzing the intake (parse_inbound, then the whole MailHandler on a real store) and the
order parser with hypothesis (issue 10): no exception, no hang (a deadline per example).

CI: a few hundred examples each. Long (``ARBITRO_LONG=1`` or ``pytest -m long``): 50,000
mails for parse_inbound, 50,000 texts for the parser, 5,000 mails through the handler
(over 100,000 inputs); ``ARBITRO_FUZZ_SCALE`` multiplies them.
"""

from __future__ import annotations

import os
from datetime import timedelta

import pytest
from faults.longrun import note, sized
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from service.service_helpers import START, game_table, make_config

from arbitro.diplomacy.position import start_position
from arbitro.diplomacy.reading.lines import parse_orders
from arbitro.mail.intake.guards import RateLimiter
from arbitro.mail.intake.handler import MailHandler
from arbitro.mail.mime.message import parse_inbound
from arbitro.service import Referee
from arbitro.store import InboundStatus, open_store
from arbitro.variants import load_board

SCALE = float(os.environ.get("ARBITRO_FUZZ_SCALE", "1"))
BOARD = load_board("standard")
POSITION = start_position(BOARD)
GAME = "fuzz"
PLAYERS = [f"p{i}@{GAME}.example" for i in range(7)]


RUN = {"parse_inbound": 0, "parser": 0, "handler": 0}  # inputs tried, for the summary


@pytest.fixture(scope="module", autouse=True)
def _count_inputs():  # type: ignore[no-untyped-def]
    yield
    total = sum(RUN.values())
    if total:
        tried = ", ".join(f"{k} {v:,}" for k, v in RUN.items())
        note("fuzzing", f"{total:,} generated inputs tried ({tried}); see the test outcomes")


def examples(ci: int, long: int) -> int:
    return max(1, int(sized(ci, long) * SCALE))


def fuzz_settings(n: int, deadline_ms: int) -> settings:
    return settings(max_examples=n, deadline=timedelta(milliseconds=deadline_ms),
                    suppress_health_check=list(HealthCheck), derandomize=False, database=None)


# -- mails ----------------------------------------------------------------------------
HEADER_NAMES = ["From", "To", "Cc", "Subject", "Message-ID", "Content-Type",
                "Content-Transfer-Encoding", "MIME-Version", "Reply-To", "Auto-Submitted",
                "Precedence", "List-Id", "Return-Path", "Delivered-To", "In-Reply-To", "X-Loop",
                "X-Arbitro-Receipt"]
header_value = st.one_of(
    st.text(max_size=80),
    st.sampled_from(PLAYERS + ["arbitro@example.org", f"arbitro+{GAME}@example.org",
                               'multipart/mixed; boundary="b"', "text/plain; charset=utf-8",
                               "base64", "quoted-printable", "=?utf-8?b?QUFB?=", "<>", "",
                               "1.00112233445566778899aabbccddeeff", "99999999999999999999.x"]),
    st.binary(max_size=40).map(lambda b: b.decode("latin-1")),
)
body_line = st.one_of(
    st.text(max_size=60),
    st.sampled_from(["PASSWORD pw0", "--b", "--b--", "Content-Type: text/html", "A PAR - BUR",
                     "F BRE - MAO", "STATO", "VOTO FRANCIA", "> quoted", "=?utf-8?q?x?=",
                     "<p>html</p>", "\x00", "=ZZ", ""]),
)


@st.composite
def mails(draw: st.DrawFn) -> bytes:
    headers = draw(st.lists(st.tuples(st.sampled_from(HEADER_NAMES), header_value), max_size=12))
    body = "\r\n".join(draw(st.lists(body_line, max_size=20)))
    raw = "".join(f"{k}: {v}\r\n" for k, v in headers) + "\r\n" + body
    data = raw.encode("utf-8", "surrogatepass")
    if draw(st.booleans()):  # some bytes flipped anywhere
        flips = draw(st.lists(st.tuples(st.integers(0, max(0, len(data) - 1)),
                                        st.integers(0, 255)), max_size=5))
        buf = bytearray(data)
        for i, b in flips:
            if buf:
                buf[i] = b
        data = bytes(buf)
    return data


@pytest.mark.long
@given(st.one_of(mails(), st.binary(max_size=2000)))
@fuzz_settings(examples(300, 50_000), 2000)
def test_parse_inbound_never_raises(raw: bytes) -> None:
    RUN["parse_inbound"] += 1
    mail = parse_inbound(raw)
    assert isinstance(mail.body, str) and isinstance(mail.from_address, str)


# -- the order parser -----------------------------------------------------------------
WORDS = ["A", "F", "ARMY", "FLEET", "PAR", "BUR", "MAR", "SPA", "BRE", "MAO", "STP", "/SC",
         "NC", "-", "S", "C", "H", "VIA", "CONVOY", "SUPPORT", "sostiene", "convoglia",
         "resta", "ritira", "costruisci", "disband", "Parigi", "Borgogna", "Marsiglia", "->",
         "=>", ",", ";", ".", "(", ")", "1.", "*", "ordini", "PASSWORD", "\t", "  ", "ä", "🚢"]
order_text = st.one_of(
    st.lists(st.lists(st.sampled_from(WORDS), max_size=10).map(" ".join), max_size=20)
    .map("\n".join),
    st.text(max_size=400),
)


@pytest.mark.long
@given(order_text, st.sampled_from(sorted(BOARD.powers)), st.sampled_from(["it", "en"]))
@fuzz_settings(examples(300, 50_000), 2000)
def test_order_parser_never_raises(text: str, power: str, lang: str) -> None:
    RUN["parser"] += 1
    report = parse_orders(BOARD, text, power=power, position=POSITION, lang=lang)
    assert report is not None


# -- the whole handler on a real store ------------------------------------------------
@pytest.fixture(scope="module")
def fuzz_handler(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    db = tmp_path_factory.mktemp("fuzz") / "fuzz.sqlite3"
    store = open_store(f"sqlite:///{db}")
    referee = Referee(store, make_config(game_table(GAME)))
    referee.tick(START)
    handler = MailHandler(referee)
    handler.limiter = RateLimiter(10**9)
    yield store, handler
    store.close()


_uid = iter(range(1, 10**9))


@pytest.mark.long
@given(mails())
@fuzz_settings(examples(150, 5_000), 5000)
def test_handler_closes_every_mail(fuzz_handler, raw: bytes) -> None:  # type: ignore[no-untyped-def]
    store, handler = fuzz_handler
    RUN["handler"] += 1
    uid = next(_uid)
    outcome = handler.handle(raw, START + timedelta(hours=1), uidvalidity=1, uid=uid,
                             size=len(raw))
    assert outcome in ("processed", "quarantine", "sent")
    with store.begin() as uow:
        row = uow.inbound.find(folder="INBOX", uidvalidity=1, uid=uid)
        mid = parse_inbound(raw).message_id
        if row is None and mid:
            row = uow.inbound.find(message_id=mid[:500].strip())  # a repeated Message-ID
        assert row is not None
        assert row.status is not InboundStatus.RECEIVED

