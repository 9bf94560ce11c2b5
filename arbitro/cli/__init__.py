"""The ``arbitro`` command: one module per subcommand, wired here."""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence
from typing import Any

# Bytecode is written whatever the environment says (PYTHONDONTWRITEBYTECODE would leave an
# editable install compiling every module at every start): the modules below this package
# are imported after this line.
sys.dont_write_bytecode = False

# Subcommand modules (arbitro/cli/<name>.py), each with add_parser() and run().
COMMANDS = ("run", "dev", "check_config", "adjudicate", "parse", "render", "variant", "gm", "site", "oauth",
            "aae", "clock")


class _Formatter(argparse.HelpFormatter):
    """argparse's help, its width read without importing shutil (and, through it, zlib,
    bz2 and lzma) at every start: argparse makes a formatter for every argument added."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
                 width: int | None = None) -> None:
        if width is None:
            try:
                width = int(os.environ.get("COLUMNS", "")) - 2
            except ValueError:
                try:
                    width = os.get_terminal_size().columns - 2
                except OSError:
                    width = 78
        super().__init__(prog, indent_increment, max_help_position, width)


class _Parser(argparse.ArgumentParser):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The parser; with ``only``, just that subcommand's module is imported (fast start)."""
    parser = _Parser(prog="arbitro", description="Play-by-email Diplomacy referee")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
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
    try:
        code = int(args.handler(args) or 0)
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader went away (output piped into head): nothing more to say, and no
        # traceback; stdout pointed at /dev/null so the interpreter's last flush is quiet.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    return code


if __name__ == "__main__":
    sys.exit(main())
