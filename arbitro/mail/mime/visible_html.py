"""HTML to the text its reader saw: stricter than the order reader's conversion.

Hidden text is dropped (``display:none``, ``visibility:hidden``, zero font size or
opacity, the ``hidden`` attribute, comments, scripts, styles, templates), and so are the
blocks mail clients mark as quotes or signatures (``gmail_quote``, ``moz-signature``...),
which carry names and addresses. Links keep their words, never their targets; images
and everything else from the web are gone.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

from .html_text import text_run, tidy_lines

_DROP = frozenset(
    ["script", "style", "head", "title", "template", "noscript", "svg", "math", "object", "iframe", "embed", "select", "textarea", "button", "audio", "video", "canvas", "map"]
)
_VOID = frozenset(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr"])
_BLOCK = frozenset(
    ["p", "div", "br", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "table", "ul", "ol", "pre", "hr", "dd", "dt", "section", "article", "header", "footer", "address"]
)
_HIDDEN_STYLE = re.compile(
    r"display\s*:\s*none|visibility\s*:\s*(hidden|collapse)|"
    r"(?<![-\w])font-size\s*:\s*0*\.?0+\s*(px|pt|em|rem|%)?\s*(;|$|!)|"
    r"(?<![-\w])opacity\s*:\s*0*\.?0+\s*(;|$|!)|"
    r"max-(height|width)\s*:\s*0+\s*(px|pt|em|rem|%)?\s*(;|$|!)|"
    r"mso-hide\s*:\s*all|"
    r"clip\s*:\s*rect\(\s*0",
    re.IGNORECASE,
)
# Outlook's header block (divRplyFwdMsg) stays visible: the earlier mail follows it outside
# the block, and the "Da:/Inviato:" lines are what tells cut_history to drop the rest.
_QUOTE_MARKS = re.compile(
    r"gmail_quote|gmail_signature|gmail_attr|moz-cite-prefix|moz-signature|"
    r"appendonsend|^signature$|yahoo_quoted|protonmail_quote|"
    r"protonmail_signature|outlook_signature|x_signature",
    re.IGNORECASE,
)


def _hidden(tag: str, attrs: list[tuple[str, str | None]]) -> bool:
    if tag in _DROP:
        return True
    for name, value in attrs:
        name = name.lower()
        value = value or ""
        if name == "hidden":
            return True
        if name == "style" and _HIDDEN_STYLE.search(value):
            return True
        if name == "type" and tag == "blockquote" and value.lower() == "cite":
            return True
        if name in ("class", "id") and any(_QUOTE_MARKS.search(v) for v in value.split()):
            return True
    return False


class _Visible(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.out: list[str] = []
        self.stack: list[tuple[str, bool]] = []  # (tag, hides its content)
        self.hiding = 0
        self.quoting = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        tag = tag.lower()
        if tag in _BLOCK:
            self.out.append("\n")
        if tag in _VOID:
            return
        hides = _hidden(tag, attrs)
        self.stack.append((tag, hides))
        self.hiding += hides
        if tag == "blockquote":
            self.quoting += 1
            self.out.append("\n")

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag.lower() in _BLOCK:
            self.out.append("\n")

    def handle_endtag(self, tag: str) -> None:
        tag = tag.lower()
        if tag in _BLOCK or tag == "blockquote":
            self.out.append("\n")
        if not any(t == tag for t, _ in self.stack):
            return  # a stray end tag closes nothing
        while self.stack:  # unclosed inner tags end with their parent
            open_tag, hides = self.stack.pop()
            self.hiding -= hides
            if open_tag == "blockquote":
                self.quoting -= 1
            if open_tag == tag:
                break

    def handle_data(self, data: str) -> None:
        if not self.hiding:
            self.out.append(text_run(data, quoted=self.quoting > 0))


def visible_text(html: str) -> str:
    """The text a reader of ``html`` saw; quoted blocks come out as "> " lines."""
    parser = _Visible()
    try:
        parser.feed(html)
        parser.close()
    except Exception:  # noqa: BLE001 — html.parser rarely raises; then keep nothing unsure
        return ""
    return tidy_lines("".join(parser.out))
