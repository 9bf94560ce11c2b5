#!/usr/bin/env bash
# Install into .venv (as scripts/test.sh does), then run the referee on embedded defaults:
# `arbitro dev` = SQLite in var/dev, built-in mail servers on 127.0.0.1, a demo game.
# Usage: bash scripts/start.sh [arbitro dev options], e.g. --play ITALY
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv
fi
# The embedded IMAP and SMTP servers (pymap, aiosmtpd) come with the dev extra.
.venv/bin/python -m pip install -q --disable-pip-version-check -e '.[dev]'

exec .venv/bin/arbitro dev "$@"
