"""Reading the config for a command: the config, or every problem said once on stderr."""

from __future__ import annotations

import sys

from ..config import Config, ConfigError, load_config

EXIT_BAD_CONFIG = 2


def read_config(path: str, program: str) -> Config | None:
    """``path`` read and checked; None after printing each problem (file: key: what is
    wrong) under one line that names the program, so the caller exits EXIT_BAD_CONFIG."""
    try:
        return load_config(path)
    except ConfigError as exc:
        count = len(exc.problems)
        print(f"{program}: {path}: the config is not valid "
              f"({count} problem{'s' if count != 1 else ''}):", file=sys.stderr)
        for problem in exc.problems:
            print(f"  {problem}", file=sys.stderr)
        return None
