"""Whole mails: quotes, signatures, Italian text around the orders, HTML-only bodies."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from argparse import Namespace
from pathlib import Path

from arbitro.cli import parse as parse_cli
from arbitro.diplomacy.orders import ENGLISH, format_order
from arbitro.diplomacy.position import start_position
from arbitro.diplomacy.reading.lines import parse_orders
from arbitro.diplomacy.reading.reports import IGNORED, OK, VOID
from arbitro.mail.mime.history import line_kinds, mail_lines
from arbitro.mail.mime.html_text import html_to_text
from arbitro.variants import load_board

BOARD = load_board("standard")
REPO = Path(__file__).resolve().parents[2]

MESSY = """Ciao Arbitro!

scusa il ritardo, ecco finalmente gli ordini dell'Austria per la primavera.
Ho deciso di fidarmi dell'Italia (per ora...).

ORDINI AUSTRIA - PRIMAVERA 1901
1) A Vie - Gal
2) A Bud APP A Vie - Gal
3) F Tri XXX
A Bud APP A Gal

p.s. se l'italiano mi attacca a Trieste giuro che... vabbè.
Grazie mille e a presto,

-- 
Franz Joseph
Imperatore d'Austria e Re d'Ungheria
A Vie - Boe

Il giorno lun 3 mar 2025 alle ore 10:12 Mario <mario@example.org> ha scritto:
> Ricordo a tutti la scadenza di domenica.
> A Ven - Tri
"""


def test_messy_real_looking_mail_parses() -> None:
    report = parse_orders(BOARD, MESSY, power="AUSTRIA", position=start_position(BOARD), classify=line_kinds)
    assert [format_order(o, ENGLISH) for o in report.orders] == ["A VIE - GAL", "A BUD S A VIE - GAL", "F TRI H"]
    by_line = {r.line: r for r in report.lines}
    # R-ORD-4: unclear support; nobody stands in Galicia, the mail moves Vienna there
    assert (by_line[10].status, by_line[10].code) == (VOID, "support_unclear")
    assert by_line[10].suggestion == "A BUD S A VIE - GAL"
    statuses = {r.status for r in report.lines}
    assert statuses == {OK, VOID, IGNORED}
    # nothing after the signature or in the quote is an order
    assert all(r.status == IGNORED for r in report.lines if r.line >= 15)
    assert all(r.status == IGNORED for r in report.lines if r.line <= 5)


def test_html_only_body_is_read_as_text() -> None:
    html = (
        "<html><head><style>p{color:red}</style></head><body><div>Ciao,</div>"
        "<p>ORDINI&nbsp;FRANCIA</p><p>A Par - Bor<br>A Mar APP A Par &ndash; Bor<br/>F Bre - MAN</p>"
        "<blockquote><p>A Par - Pic</p></blockquote><div>-- <br>Luigi</div></body></html>"
    )
    report = parse_orders(BOARD, html_to_text(html), power="FRANCE", position=start_position(BOARD), classify=line_kinds)
    assert [format_order(o, ENGLISH) for o in report.orders] == ["A PAR - BUR", "A MAR S A PAR - BUR", "F BRE - ENG"]
    assert any(r.code == "quoted" for r in report.lines)
    assert "color" not in html_to_text(html)


def test_lines_are_classified() -> None:
    kinds = [(m.number, m.kind) for m in mail_lines("A\n> b\n\nOn Mon, Mar 3 Mario wrote:\n> c\nd\n-- \ne")]
    assert kinds == [(1, "text"), (2, "quoted"), (4, "reply_header"), (5, "quoted"), (6, "text"),
                     (7, "signature"), (8, "signature")]
    # the earlier mail pasted without ">" below the attribution: all of it is history
    kinds = [(m.number, m.kind) for m in mail_lines("A\nOn Mon, Mar 3 Mario wrote:\nc\n-- \nd")]
    assert kinds == [(1, "text"), (2, "reply_header"), (3, "quoted"), (4, "quoted"), (5, "quoted")]


def _cli(body: str, *argv: str) -> tuple[int, dict]:  # type: ignore[type-arg]
    proc = subprocess.run(
        [sys.executable, "-m", "arbitro", "parse", "--variant", "standard", *argv],
        input=body.encode(), capture_output=True, cwd=REPO, timeout=60, check=False,
    )
    return proc.returncode, json.loads(proc.stdout) if proc.returncode == 0 else {"stderr": proc.stderr.decode()}


def test_cli_prints_the_contract_json(tmp_path: Path) -> None:
    pos = tmp_path / "pos.json"
    pos.write_text(json.dumps({"variant": "standard", "phase": "S1901M",
                               "units": {"AUSTRIA": ["A VIE", "A BUD", "F TRI"], "ITALY": ["A VEN"]}}))
    code, out = _cli(MESSY, "--position", str(pos), "--power", "AUSTRIA", "--lang", "it")
    assert code == 0
    assert out["orders"] == ["A VIE - GAL", "A BUD S A VIE - GAL", "F TRI H"]
    unclear = next(x for x in out["lines"] if x["text"] == "A Bud APP A Gal")
    assert unclear["status"] == "void" and unclear["suggestion"] == "A BUD S A VIE - GAL" and unclear["message"]
    assert {"line", "text", "status"} <= set(out["lines"][0])
    assert all(x["status"] in ("ok", "void", "ignored") for x in out["lines"])


def test_cli_bad_position_is_exit_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    code, out = _cli("A Ven - Tri", "--position", str(bad))
    assert code == 2 and "parse" in out["stderr"]


def test_cli_run_directly_on_binary_garbage(monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    class In:
        buffer = io.BytesIO(b"\xff\xfe A Ven - Tri \x00\x01 <br> F Nap - ION\n")

    monkeypatch.setattr(sys, "stdin", In)
    args = Namespace(variant="standard", position=None, power=None, lang="en")
    assert parse_cli.run(args) == 0
    out = json.loads(capsys.readouterr().out)
    assert "F NAP - ION" in out["orders"]


def test_arbitro_parse_reads_an_html_only_body() -> None:
    # the CLI converts HTML in the mail layer before the reader sees it; the output is
    # the same as when the reader converted it itself (quoted lines reported ignored)
    html = "<html><body><div>A Par - Bur</div><blockquote><p>A Mar XXX</p></blockquote></body></html>"
    proc = subprocess.run(
        [sys.executable, "-m", "arbitro", "parse", "--variant", "standard", "--power", "FRANCE"],
        input=html.encode(), capture_output=True, timeout=60, check=True,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])},
    )
    out = json.loads(proc.stdout)
    assert out["orders"] == ["A PAR - BUR"]
    assert [(x["line"], x["status"]) for x in out["lines"]] == [(1, "ok"), (3, "ignored")]
