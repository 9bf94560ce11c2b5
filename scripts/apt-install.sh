#!/usr/bin/env bash
# Install Debian packages, waiting for any other apt/dpkg process to let go of the package
# lock first (an unattended upgrade on a fresh machine holds it for minutes).
# Usage: bash scripts/apt-install.sh PACKAGE...
# APT_LOCK_WAIT: seconds to wait for the lock (default 900); APT_LOCKS: the lock files
# (default apt's own); APT_GET: the apt-get command (tests point it elsewhere).
set -euo pipefail
[ "$#" -gt 0 ] || exit 0

wait_s=${APT_LOCK_WAIT:-900}
locks=${APT_LOCKS:-"/var/lib/dpkg/lock-frontend /var/lib/dpkg/lock /var/lib/apt/lists/lock /var/cache/apt/archives/lock"}
apt_get=${APT_GET:-apt-get}

# A lock is held when a POSIX record lock (what dpkg and apt take) cannot be shared at
# once; files that do not exist are free.
held() {
    local f
    for f in $locks; do
        [ -e "$f" ] || continue
        if ! python3 -c 'import fcntl, sys
with open(sys.argv[1], "rb") as fh:
    fcntl.lockf(fh, fcntl.LOCK_SH | fcntl.LOCK_NB)' "$f" 2>/dev/null; then
            echo "$f"
            return 0
        fi
    done
    return 1
}

deadline=$((SECONDS + wait_s))
said=""
while lock=$(held); do
    if [ "$SECONDS" -ge "$deadline" ]; then
        echo "apt-install: $lock still held after ${wait_s}s; giving up" >&2
        exit 1
    fi
    if [ -z "$said" ]; then
        echo "apt-install: waiting for another package manager to release $lock ..." >&2
        said=1
    fi
    sleep 2
done

export DEBIAN_FRONTEND=noninteractive
# apt's own wait as well, for a process that takes the lock between our check and apt-get.
lock_opt="-o DPkg::Lock::Timeout=$wait_s"
$apt_get $lock_opt update -qq
$apt_get $lock_opt install -y -qq --no-install-recommends "$@"
