#!/usr/bin/env bash
# Install everything the tests need, then run the whole suite.
# Usage: bash scripts/test.sh [pytest args]
set -euo pipefail
cd "$(dirname "$0")/.."

# System packages: a real IMAP server (Dovecot) for the mail tests, openssl for the
# certificates of the TLS tests, headless Chromium and its driver for the web archive's
# browser test (Selenium is given both paths: nothing is downloaded).
if ! command -v dovecot >/dev/null 2>&1 || ! command -v openssl >/dev/null 2>&1 \
        || ! command -v chromium >/dev/null 2>&1 || ! command -v chromedriver >/dev/null 2>&1; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends dovecot-imapd dovecot-lmtpd openssl \
        chromium chromium-driver >/dev/null
fi
id vmail >/dev/null 2>&1 || useradd --system --no-create-home vmail

# PostgreSQL runs on these machines; start it if it stopped.
if command -v pg_ctlcluster >/dev/null 2>&1 && ! pg_isready -q -h 127.0.0.1 -p 5432; then
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start || true
fi

# Python packages in a project virtual environment.
if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv
fi
.venv/bin/python -m pip install -q --disable-pip-version-check -e '.[test]'

exec .venv/bin/python -m pytest -q "$@"
