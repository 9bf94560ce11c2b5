"""Typed to the edges (issue 15): reports, maps and mails take the rules' own values; JSON
is read and written only at the store's codec and the command line's contract."""

from __future__ import annotations

import ast
from pathlib import Path

from PIL import ImageChops

from arbitro.contract import adjudicate_json, outcome_from_json, position_to_json
from arbitro.diplomacy.orders import Move, Support, format_order
from arbitro.diplomacy.phases import play
from arbitro.diplomacy.position import start_position
from arbitro.render import render_position
from arbitro.reports import PhaseReport, results_context
from arbitro.variants import load_board

PACKAGE = Path(__file__).resolve().parents[2] / "arbitro"
INNER = ("reports", "render", "service", "mail", "press")
BOARD = load_board("standard")


def _modules():
    for name in INNER:
        for path in sorted((PACKAGE / name).rglob("*.py")):
            yield path, ast.parse(path.read_text(encoding="utf-8"))


def test_no_order_is_turned_into_text_and_read_back_above_the_store():
    """Order texts are read back by the store's codec (and the CLI's contract) only; above
    them orders are only written out, in the reader's notation."""
    found = []
    for path, tree in _modules():
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                names = {a.name for a in node.names}
                if names & {"read_order", "position_from_json", "position_to_json"} \
                        or (node.module or "").endswith("contract"):
                    found.append(f"{path.relative_to(PACKAGE)}: {ast.unparse(node)}")
    assert not found, found


def test_no_loose_json_parameter_except_at_the_edges():
    """The edges: a template's context (TemplateContext), a geometry file's JSON and an
    OAuth2 provider's JSON answer."""
    edges = {("render/geometry_files.py", "geometry_from_dict"),
             ("mail/outbound/oauth/login.py", "_token_answer"), ("mail/outbound/oauth/login.py", "save_login")}
    found = []
    for path, tree in _modules():
        rel = str(path.relative_to(PACKAGE))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and (rel, node.name) not in edges:
                for arg in node.args.args + node.args.kwonlyargs:
                    text = ast.unparse(arg.annotation) if arg.annotation is not None else ""
                    if "Mapping[str, Any]" in text or "dict[str, Any]" in text:
                        found.append(f"{rel}: {node.name}({arg.arg}: {text})")
    assert not found, found


def test_a_map_from_the_outcome_is_the_map_from_the_command_line_json():
    """R-MOV: a bounce, a supported move and a plain one; the typed path draws what
    `arbitro render --orders` draws from the adjudicate output."""
    position = start_position(BOARD)
    orders = {"FRANCE": [Move("FRANCE", "A", "PAR", "BUR")],
              "GERMANY": [Move("GERMANY", "A", "MUN", "BUR"), Move("GERMANY", "F", "KIE", "HOL")],
              "AUSTRIA": [Move("AUSTRIA", "A", "VIE", "TYR"), Support("AUSTRIA", "A", "BUD", "A", "VIE", "TYR")]}
    outcome = play(BOARD, position, orders)
    text = {p: [format_order(o) for o in os] for p, os in orders.items()}
    doc = adjudicate_json(BOARD, {**position_to_json(position), "orders": text})
    typed = render_position(BOARD, None, position, outcome, width=400)
    edge = render_position(BOARD, None, position, outcome_from_json(BOARD, position, doc), width=400)
    assert ImageChops.difference(typed.convert("RGB"), edge.convert("RGB")).getbbox() is None


def test_results_context_reads_the_outcome_itself():
    """R-MOV: a bounce reported per power, with the player's words for the order."""
    position = start_position(BOARD)
    outcome = play(BOARD, position, {"FRANCE": [Move("FRANCE", "A", "PAR", "BUR")],
                                     "GERMANY": [Move("GERMANY", "A", "MUN", "BUR")]})
    context = results_context(BOARD, PhaseReport(position.phase, position, outcome,
                                                 nmr={"ITALY": "first"}), "en")
    france = next(g for g in context["orders"] if g["power"] == "FRANCE")
    assert [line["ok"] for line in france["lines"]] == [False]
    assert "Bur" in france["lines"][0]["reason"]
    assert france["lines"][0]["order"] == "A PAR - BUR"  # English notation
    assert context["nmr"] == [{"name": "Italy", "reason": "first"}]
    assert context["dislodged"] == [] and context["adjustments"] == []
