"""``arbitro aae battle|step|verify``: Axis & Allies Europe's contract (AAE_CONTRACT.md), one
JSON document on stdin, one on stdout. Exit 0 for any well-formed input (refusals are data),
2 with one line on stderr when it is not of the contract's shape; never a traceback."""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections.abc import Callable
from typing import Any

from ..aae_contract.shapes import ContractError

# command -> (module of arbitro.aae_contract, its function from the input's JSON to the output's)
_COMMANDS = {
    "battle": ("battle", "battle_json", "fight one battle to its end"),
    "step": ("step", "step_json", "run or check one step of a power's turn"),
    "verify": ("verify", "verify_json", "check the dice of a game from its revealed keys"),
}


def add_parser(sub: Any) -> argparse.ArgumentParser:
    p: argparse.ArgumentParser = sub.add_parser(
        "aae", help="Axis & Allies Europe: a battle, a step, or a game's dice (JSON on stdin)")
    p.add_argument("what", choices=sorted(_COMMANDS), help="; ".join(
        f"{name}: {doc}" for name, (_, _, doc) in sorted(_COMMANDS.items())))
    return p


def _handler(what: str) -> Callable[[Any], dict[str, Any]]:
    module_name, function, _ = _COMMANDS[what]
    try:
        module = importlib.import_module(f"arbitro.aae_contract.{module_name}")
    except ModuleNotFoundError as exc:
        if exc.name == f"arbitro.aae_contract.{module_name}":
            raise ContractError(f"'{what}' is not part of this build") from exc
        raise
    handler: Callable[[Any], dict[str, Any]] = getattr(module, function)
    return handler


def answer(what: str, text: str) -> dict[str, Any]:
    """The output for one input text; ContractError when it is not of the contract's shape."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ContractError(f"input is not valid JSON: {exc.msg} at line {exc.lineno}") from exc
    except RecursionError as exc:
        raise ContractError("input is not valid JSON: nested too deeply") from exc
    return _handler(what)(data)


def _one_line(text: str) -> str:
    return " ".join(text.split())


def run(args: argparse.Namespace) -> int:
    try:
        out = answer(args.what, sys.stdin.read())
    except ContractError as exc:
        print(f"arbitro aae {args.what}: {_one_line(str(exc))}", file=sys.stderr)
        return 2
    except RecursionError:
        print(f"arbitro aae {args.what}: input nested too deeply", file=sys.stderr)
        return 2
    except Exception as exc:  # noqa: BLE001 — a one-line message, never a traceback
        print(f"arbitro aae {args.what}: internal error: {type(exc).__name__}: "
              f"{_one_line(str(exc))}", file=sys.stderr)
        return 1
    json.dump(out, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0
