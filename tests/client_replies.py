"""Replies as real mail clients write them: the new text on top, the earlier mail below.

Shared by the order reader's tests (tests/parse) and the press cleaner's (tests/press):
one routine reads both, so both are tried on the same mails. ``reply(style, new, old)``
gives the body a client of that style sends when its user answers ``old`` with ``new``.
"""

from __future__ import annotations

from collections.abc import Callable


def _quoted(old: str) -> str:
    return "\n".join("> " + line if line else ">" for line in old.split("\n"))


_STYLES: dict[str, Callable[[str, str], str]] = {
    # Gmail, Italian: the attribution wraps before "ha scritto:"
    "gmail_it": lambda new, old: (
        f"{new}\n\nIl giorno lun 7 dic 2026 alle ore 10:00 Mario Rossi <m@x.it>\nha scritto:\n\n{_quoted(old)}\n"
    ),
    "gmail_en": lambda new, old: (
        f"{new}\n\nOn Mon, Dec 7, 2026 at 10:00 AM Mario Rossi <\nm@x.it> wrote:\n\n{_quoted(old)}\n"
    ),
    "gmail_forward_it": lambda new, old: (
        f"{new}\n\n---------- Messaggio inoltrato ---------\nDa: Mario Rossi <m@x.it>\n"
        f"Date: lun 7 dic 2026 alle ore 10:00\nSubject: ordini\nTo: <arbitro@x.org>\n\n\n{old}\n"
    ),
    # Outlook desktop and web: a rule, then the header block, the earlier mail without ">"
    "outlook_it": lambda new, old: (
        f"{new}\n\n________________________________\nDa: Mario Rossi <m@x.it>\n"
        f"Inviato: lunedì 7 dicembre 2026 10:00\nA: arbitro@x.org\nOggetto: ordini\n\n{old}\n"
    ),
    "outlook_en": lambda new, old: (
        f"{new}\n\nFrom: Mario Rossi <m@x.it>\nSent: Monday, December 7, 2026 10:00 AM\n"
        f"To: referee@x.org\nCc: gm@x.org\nSubject: RE: orders\n\n{old}\n"
    ),
    "outlook_mac_it": lambda new, old: (
        f"{new}\n\nDa: Mario Rossi <m@x.it>\nData: lunedì, 7 dicembre 2026 10:00\n"
        f"A: arbitro@x.org <arbitro@x.org>\nOggetto: ordini\n\n{old}\n"
    ),
    "outlook_original_it": lambda new, old: (
        f"{new}\n\n-----Messaggio originale-----\nDa: Mario Rossi [mailto:m@x.it]\n"
        f"Inviato: lunedì 7 dicembre 2026 10:00\nA: arbitro@x.org\nOggetto: ordini\n\n{old}\n"
    ),
    "outlook_original_en": lambda new, old: (
        f"{new}\n\n-----Original Message-----\nFrom: Mario Rossi [mailto:m@x.it]\n"
        f"Sent: Monday, December 7, 2026 10:00 AM\nTo: referee@x.org\nSubject: orders\n\n{old}\n"
    ),
    "outlook_mobile_it": lambda new, old: (
        f"{new}\n\nScarica Outlook per iOS<https://aka.ms/o0ukef>\n________________________________\n"
        f"Da: Mario Rossi <m@x.it>\nInviato: Monday, December 7, 2026 10:00:00 AM\n"
        f"A: arbitro@x.org <arbitro@x.org>\nOggetto: ordini\n\n{old}\n"
    ),
    # Apple Mail and the iPhone
    "apple_it": lambda new, old: (
        f"{new}\n\nInviato da iPhone\n\n"
        f"Il giorno 7 dic 2026, alle ore 10:00, Mario Rossi <m@x.it> ha scritto:\n\n{_quoted(old)}\n"
    ),
    "apple_en": lambda new, old: (
        f"{new}\n\nSent from my iPhone\n\n"
        f"> On 7 Dec 2026, at 10:00, Mario Rossi <m@x.it> wrote:\n>\n{_quoted(old)}\n"
    ),
    "apple_forward_it": lambda new, old: (
        f"{new}\n\nInizio messaggio inoltrato:\n\nDa: Mario Rossi <m@x.it>\n"
        f"Oggetto: ordini\nData: 7 dicembre 2026 10:00:00 CET\nA: arbitro@x.org\n\n{old}\n"
    ),
    # Thunderbird
    "thunderbird_it": lambda new, old: f"{new}\n\nIl 07/12/2026 10:00, Mario Rossi ha scritto:\n{_quoted(old)}\n",
    "thunderbird_en": lambda new, old: f"{new}\n\nOn 07/12/2026 10:00, Mario Rossi wrote:\n{_quoted(old)}\n",
    # Webmails that paste the earlier mail below the attribution without quote marks
    "yahoo_it": lambda new, old: (
        f"{new}\n\n\nIl lunedì 7 dicembre 2026, 10:00:00 CET, Mario Rossi <m@x.it> ha scritto:\n\n\n{old}\n"
    ),
    "webmail_en": lambda new, old: f"{new}\n\nOn Monday, December 7, 2026 10:00 AM, Mario Rossi wrote:\n{old}\n",
    # Android phones: the tagline, then the original under dashes
    "android_it": lambda new, old: (
        f"{new}\n\nInviato dal mio smartphone Samsung Galaxy.\n\n\n-------- Messaggio originale --------\n"
        f"Da: Mario Rossi <m@x.it>\nData: 07/12/26 10:00 (GMT+01:00)\nA: arbitro@x.org\nOggetto: ordini\n\n{old}\n"
    ),
    "android_en": lambda new, old: (
        f"{new}\n\nSent from my Galaxy\n\n\n-------- Original message --------\n"
        f"From: Mario Rossi <m@x.it>\nDate: 12/7/26 10:00 (GMT+01:00)\nTo: referee@x.org\nSubject: orders\n\n{old}\n"
    ),
}

STYLES = tuple(_STYLES)


def reply(style: str, new: str, old: str) -> str:
    return _STYLES[style](new, old)


def outlook_html(new_lines: list[str], old_lines: list[str]) -> str:
    """An Outlook HTML-only reply: the earlier mail under a bold header block, no blockquote."""
    new = "".join(f"<div>{x}</div>" for x in new_lines)
    old = "".join(f"<p class=MsoNormal>{x}</p>" for x in old_lines)
    return (
        "<html><body><div dir=\"ltr\">" + new + "</div><hr style=\"display:inline-block;width:98%\">"
        "<div id=\"divRplyFwdMsg\" dir=\"ltr\"><font face=\"Calibri\"><b>Da:</b> Mario Rossi "
        "&lt;m@x.it&gt;<br><b>Inviato:</b> lunedì 7 dicembre 2026 10:00<br><b>A:</b> "
        "arbitro@x.org<br><b>Oggetto:</b> ordini</font><div>&nbsp;</div></div>" + old + "</body></html>"
    )
