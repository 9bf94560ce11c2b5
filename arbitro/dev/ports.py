"""The demo's ports on 127.0.0.1, said once for ``arbitro dev`` and its command line.

The archive's port must be one a browser opens: every demo results mail links there, and
Chromium and Firefox refuse a few ports outright (10080 among them) with an error page
that says nothing of arbitro."""

from __future__ import annotations

DEFAULT_IMAP_PORT = 10143
DEFAULT_SMTP_PORT = 10025
DEFAULT_SITE_PORT = 18080

# Chromium's restricted ports (net/base/port_util.cc, kRestrictedPorts) and Firefox's
# default banned ports (netwerk/base/nsIOService.cpp, gBadPortList), which are the same
# list today: a page on one of them never loads.
BROWSER_BLOCKED_PORTS = frozenset({
    1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95,
    101, 102, 103, 104, 109, 110, 111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161,
    179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556, 563,
    587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060,
    5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
})


def site_port(port: int) -> int:
    """``port`` for the archive, or ValueError when browsers would refuse to open it."""
    if port in BROWSER_BLOCKED_PORTS:
        raise ValueError(f"port {port} is one that Chromium and Firefox refuse to open: "
                         f"choose another (the default is {DEFAULT_SITE_PORT}; 0 = any free port)")
    if not 0 <= port <= 65535:
        raise ValueError(f"port {port}: a port is a number from 0 to 65535")
    return port
