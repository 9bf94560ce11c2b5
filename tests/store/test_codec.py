"""The store's codec: the rules' values in and out of the JSON columns, in the shape
databases already hold (documents written before the codec existed still load)."""

from __future__ import annotations

from arbitro.diplomacy.orders import Move
from arbitro.diplomacy.phases import play
from arbitro.diplomacy.position import Unit, make_position, start_position
from arbitro.diplomacy.reading.lines import parse_orders
from arbitro.store import PowerStatus
from arbitro.store.codec import (
    PowerBefore,
    orders_of,
    phase_result_json,
    played_of,
    position_json,
    position_of,
    powers_before_of,
    submission_json,
    submission_orders,
)
from arbitro.variants import load_board

BOARD = load_board("standard")

# A bounce (R-MOV) as the results column holds it: the shape databases hold, the reason
# as its code and details only (no words: migration 0013 took the English ones out).
STORED_RESULTS = [
    {"power": "FRANCE", "order": "A PAR - BUR", "result": "fails",
     "code": "bounced", "detail": ["BUR"], "source": "player"},
    {"power": "GERMANY", "order": "A MUN - BUR", "result": "fails",
     "code": "bounced", "detail": ["BUR"], "source": "player"},
    {"power": "ITALY", "order": "A VEN - PIE", "result": "succeeds", "code": None,
     "detail": [], "source": "player"},
]


def _bounce():
    position = start_position(BOARD)
    orders = {"FRANCE": [Move("FRANCE", "A", "PAR", "BUR")],
              "GERMANY": [Move("GERMANY", "A", "MUN", "BUR")],
              "ITALY": [Move("ITALY", "A", "VEN", "PIE")]}
    return position, play(BOARD, position, orders)


def test_results_column_keeps_the_shape_databases_hold():
    _, outcome = _bounce()
    before = {"FRANCE": PowerBefore(PowerStatus.PLAYING, 0, 7),
              "TURKEY": PowerBefore(PowerStatus.CIVIL_DISORDER, 2, None)}
    doc = phase_result_json("S1901M", outcome, nmr={"TURKEY": "civil_disorder"}, eliminated=[],
                            winner=None, powers_before=before, lateness={"ITALY": 1})
    assert doc == {
        "phase": "S1901M",
        "results": STORED_RESULTS,
        "next": {**position_json(outcome.next), "adjustments": {}, "winner": None},
        "nmr": {"TURKEY": "civil_disorder"},
        "eliminated": [],
        "winner": None,
        "powers_before": {
            "FRANCE": {"status": "playing", "onp_streak": 0, "holder": 7},
            "TURKEY": {"status": "civil_disorder", "onp_streak": 2, "holder": None},
        },
        "lateness": {"ITALY": 1},
    }
    assert powers_before_of(doc) == before  # what a rollback restores, read back


def test_a_stored_document_loads_back_as_values():
    _, outcome = _bounce()
    stored = position_json(outcome.next)
    assert position_of(BOARD, stored) == outcome.next
    old = {"powers_before": {"ITALY": {"status": "abandoned", "onp_streak": "2", "holder": "3"}}}
    assert powers_before_of(old) == {"ITALY": PowerBefore(PowerStatus.ABANDONED, 2, 3)}
    assert powers_before_of(None) == {}


def test_stored_orders_are_read_once_here_and_unreadable_texts_left_out():
    assert orders_of(BOARD, "FRANCE", ["A PAR - BUR", "no such order"]) == [
        Move("FRANCE", "A", "PAR", "BUR")]
    parsed = [{"status": "ok", "order": "A PAR - BUR"}, {"status": "void", "order": "A MAR - BUR"},
              {"status": "ignored", "order": None}]
    assert submission_orders(BOARD, "FRANCE", parsed) == [Move("FRANCE", "A", "PAR", "BUR")]


def test_a_played_phase_reads_back_with_reasons_sources_and_the_services_decisions():
    """What the web archive shows of a phase comes from its stored results: every order
    with its result, reason code, details and source, and the NMR, eliminations, winner."""
    position, outcome = _bounce()
    doc = phase_result_json("S1901M", outcome, nmr={"TURKEY": "first"}, eliminated=["AUSTRIA"],
                            winner=None, powers_before={}, lateness={})
    played = played_of(BOARD, position, doc)
    assert played.outcome.results == outcome.results
    assert played.outcome.next == outcome.next
    assert (dict(played.nmr), played.eliminated, played.winner) == ({"TURKEY": "first"}, ("AUSTRIA",), None)
    # a document of older days, with no code, detail or source: results still read
    old = {"results": [{"power": "FRANCE", "order": "A PAR - BUR", "result": "fails"}]}
    (line,) = played_of(BOARD, position, old).outcome.results
    assert (line.result.value, line.reason, line.source.value) == ("fails", None, "player")
    assert played_of(BOARD, position, old).outcome.next == position


def test_an_order_mail_is_stored_as_codes_and_read_back_here():
    """The reader's judgement of each line is kept as its codes and arguments; the words
    are made for each reader when a mail is rendered (never stored)."""
    position = start_position(BOARD)
    report = parse_orders(BOARD, "A Par - Bur\nA Mar - Ber\nciao", power="FRANCE",
                          position=position, lang="it")
    stored = submission_json(report)
    assert [line["status"] for line in stored] == ["ok", "void", "ignored"]
    assert all("message" not in line for line in stored)
    void = stored[1]
    assert void["code"] and void["notes"] and void["notes"][0][0] == void["code"]
    assert submission_orders(BOARD, "FRANCE", stored) == [Move("FRANCE", "A", "PAR", "BUR")]


def test_a_processed_phase_has_one_reader_with_or_without_the_position_after():
    """The map of a past phase (MAPPA) and the archive read the same column with the same
    reader; with the ``position_after`` column, units dislodged with nowhere to go stand
    in the position right after the phase, as the results map drew them."""
    before = make_position("F1901M", [Unit("FRANCE", "A", "BUR"), Unit("GERMANY", "A", "RUH"),
                                      Unit("GERMANY", "A", "MUN"), Unit("GERMANY", "A", "BEL"),
                                      Unit("GERMANY", "A", "PIC"), Unit("GERMANY", "A", "MAR"),
                                      Unit("GERMANY", "A", "PAR"),
                                      Unit("GERMANY", "A", "GAS")], {"PAR": "FRANCE"})
    orders = {"GERMANY": [Move("GERMANY", "A", "RUH", "BUR"),
                          *[_support(loc) for loc in ("MUN", "BEL", "PIC", "MAR", "PAR", "GAS")]]}
    outcome = play(BOARD, before, orders)
    assert outcome.after is not None and outcome.after.dislodged  # nowhere to retreat
    doc = phase_result_json("F1901M", outcome, nmr={}, eliminated=[], winner=None,
                            powers_before={}, lateness={})
    played = played_of(BOARD, before, doc, position_json(outcome.next))
    assert played.outcome.next == outcome.next
    shown = played.outcome.after
    assert shown is not None and (shown.phase, shown.units, shown.dislodged) == (
        outcome.after.phase, outcome.after.units, outcome.after.dislodged)
    assert played.outcome.results == outcome.results
    assert played_of(BOARD, before, doc).outcome.results == outcome.results


def _support(location: str) -> object:
    from arbitro.diplomacy.orders import Support

    return Support("GERMANY", "A", location, "A", "RUH", "BUR")
