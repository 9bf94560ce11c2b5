"""HTML mail bodies to text: one block per line, blockquotes quoted ("> "), so the quoted
history of an HTML-only reply is found by the same routine as a text one."""

from __future__ import annotations

import re
from html.parser import HTMLParser

_BLOCK = frozenset({
    "p", "div", "br", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "table", "ul", "ol",
    "pre", "hr", "blockquote", "dd", "dt",
})
_SKIP = frozenset({"script", "style", "head", "title"})
_TAG = re.compile(r"<(br|div|p|html|body)\b[^>]*>")


class _TextOf(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.out: list[str] = []
        self.skip = 0
        self.quote = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _SKIP:
            self.skip += 1
        elif tag == "blockquote":
            self.out.append("\n")
            self.quote += 1
        elif tag in _BLOCK:
            self.out.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in _SKIP:
            self.skip = max(0, self.skip - 1)
        elif tag == "blockquote":
            self.quote = max(0, self.quote - 1)
            self.out.append("\n")
        elif tag in _BLOCK:
            self.out.append("\n")

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _BLOCK:
            self.out.append("\n")

    def handle_data(self, data: str) -> None:
        if not self.skip:
            self.out.append(text_run(data, quoted=self.quote > 0))


def text_run(data: str, *, quoted: bool) -> str:
    """One run of an HTML document's text, on one line; marked "> " inside a quote."""
    text = data.replace("\r", "").replace("\n", " ").replace("\xa0", " ")
    return "> " + text if quoted and text.strip() else text


def tidy_lines(text: str) -> str:
    """Blanks collapsed and trimmed on every line; runs of empty lines made one."""
    lines = [re.sub(r"[ \t]+", " ", ln).strip() for ln in text.split("\n")]
    out: list[str] = []
    for ln in lines:
        if ln or (out and out[-1]):
            out.append(ln)
    return "\n".join(out).strip("\n")


def looks_like_html(body: str) -> bool:
    if "<" not in body:
        return False  # no tag at all: the usual plain-text mail
    head = body.lstrip()[:2000].lower()
    return head.startswith(("<!doctype", "<html", "<body", "<div", "<p>", "<p ", "<meta", "<table")) or bool(
        _TAG.search(head)
    ) and "</" in body.lower()


def html_to_text(body: str) -> str:
    """Text of an HTML body, one block per line; blockquotes come out quoted."""
    parser = _TextOf()
    try:
        parser.feed(body)
        parser.close()
    except Exception:  # noqa: BLE001 — html.parser is lenient; never let a mail break the reader
        return re.sub(r"<[^>]*>", " ", body)
    return tidy_lines("".join(parser.out))
