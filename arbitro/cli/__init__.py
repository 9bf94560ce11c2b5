"""The ``arbitro`` command: one module per subcommand, wired here."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

# Subcommand modules (arbitro/cli/<name>.py), each with add_parser() and run().
COMMANDS = ("run", "dev", "check_config", "adjudicate", "parse", "render", "variant", "gm", "site", "oauth",
            "clock")


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The parser; with ``only``, just that subcommand's module is imported (fast start)."""
    parser = argparse.ArgumentParser(prog="arbitro", description="Play-by-email Diplomacy referee")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS if only is None else (only,):
        try:
            module = importlib.import_module(f"arbitro.cli.{name}")
        except ModuleNotFoundError as exc:
            if exc.name == f"arbitro.cli.{name}":
                continue  # that subcommand is not part of this build
            raise
        command = module.add_parser(sub)
        command.set_defaults(handler=module.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    first = argv[0].replace("-", "_") if argv else ""
    parser = build_parser(first if first in COMMANDS else None)
    args = parser.parse_args(argv)
    if not getattr(args, "handler", None):
        parser.print_help()
        return 2
    return int(args.handler(args) or 0)


if __name__ == "__main__":
    sys.exit(main())
