"""The password a mail carries (R-MAIL-2): read once, and kept away from everything else.

Who the sender is, and whether the password or a reply token proves it, is the service's
(``service/access.py``: the ``Caller``, resolved from these plain values).
"""

from __future__ import annotations

import re

_PASSWORD = re.compile(
    r"^\s*\*?(?:password|passwd|pwd|parola(?:\s+d['’]ordine)?|parolachiave|chiave)\*?"
    r"\s*[:=]?\s*(\S+)\s*$",
    re.IGNORECASE,
)


def take_password(body: str) -> tuple[str | None, str]:
    """The password written in the body, and the body without any password line.

    The first unquoted line counts; every other one (quoted with ``>``, or pasted
    history below the new text) is removed too, so no password ever reaches the order
    parser, the stored order text, the archive or a reply.
    """
    password = None
    kept = []
    for line in body.split("\n"):
        bare = line.lstrip(" \t>")
        m = _PASSWORD.match(bare)
        if m:
            if password is None and not line.lstrip().startswith(">"):
                password = m.group(1)
            continue
        kept.append(line)
    return password, "\n".join(kept)
