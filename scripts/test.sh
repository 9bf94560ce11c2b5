#!/usr/bin/env bash
# Install everything the tests need, then run the whole suite.
# Usage: bash scripts/test.sh [pytest args]
set -euo pipefail
cd "$(dirname "$0")/.."

# System packages: a real IMAP server (Dovecot) for the mail tests, openssl for the
# certificates of the TLS tests, PostgreSQL where the machine has none, headless Chromium
# and its driver for the web archive's browser test (Selenium is given both paths: nothing
# is downloaded). apt-install.sh waits for another package manager's lock.
need=()
command -v dovecot >/dev/null 2>&1 || need+=(dovecot-imapd dovecot-lmtpd)
command -v openssl >/dev/null 2>&1 || need+=(openssl)
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v chromedriver >/dev/null 2>&1 || need+=(chromium-driver)
fresh_pg=""
if ! command -v pg_ctlcluster >/dev/null 2>&1 && ! pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then
    need+=(postgresql)
    fresh_pg=1
fi
if [ "${#need[@]}" -gt 0 ]; then
    echo "test.sh: installing ${need[*]}" >&2
    bash scripts/apt-install.sh "${need[@]}"
fi
id vmail >/dev/null 2>&1 || useradd --system --no-create-home vmail

# PostgreSQL: start it if it stopped. A server we installed ourselves trusts loopback
# connections, as the tests expect (an existing server's authentication is left alone).
if command -v pg_ctlcluster >/dev/null 2>&1; then
    cluster=$(ls /etc/postgresql | head -n1)
    if [ -n "$fresh_pg" ]; then
        hba="/etc/postgresql/$cluster/main/pg_hba.conf"
        sed -i -E 's/^(host\s+all\s+all\s+(127\.0\.0\.1\/32|::1\/128)\s+)\S+/\1trust/' "$hba"
        pg_ctlcluster --skip-systemctl-redirect "$cluster" main reload 2>/dev/null || true
    fi
    if ! pg_isready -q -h 127.0.0.1 -p 5432; then
        pg_ctlcluster --skip-systemctl-redirect "$cluster" main start || true
    fi
fi
if ! pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then
    echo "test.sh: WARNING: no PostgreSQL at 127.0.0.1:5432; its tests will be SKIPPED (listed at the end)" >&2
fi

# Python packages in a project virtual environment.
if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv
fi
.venv/bin/python -m pip install -q --disable-pip-version-check -e '.[test]'

# -rs: every skipped test is listed at the end with its reason.
exec .venv/bin/python -m pytest -q -rs "$@"
