"""A quick start for every command: the code that ``dataclasses`` writes for each value
class (its ``__init__``, ``__eq__``, ``__hash__``...) compiled once and kept.

Python compiles those methods from text each time a module defining a dataclass is
imported: with some forty value classes on the command-line contracts' path that is about
half of their start. ``install()`` keeps the compiled code of each text (the same text
gives the same code) in a file of the derived-files cache (arbitro/cache_files.py), read
at the start of the next command; the methods themselves, and so the classes, are exactly
what ``dataclasses`` makes. Only where ``dataclasses`` builds methods as this module
expects (Python 3.11 and 3.12); elsewhere nothing changes.
"""

from __future__ import annotations

import atexit
import dataclasses
import marshal
import sys
from typing import Any

from ..cache_files import cache_folder, read_derived, store_derived

_VERSIONS = ((3, 11), (3, 12))


def install() -> None:
    """Route ``dataclasses``' method building through the kept compiled code."""
    original = getattr(dataclasses, "_create_fn", None)
    if sys.version_info[:2] not in _VERSIONS or original is None or getattr(original, "kept", False):
        return
    path = cache_folder("code") / f"dataclass-methods-{sys.implementation.cache_tag}-{sys.version_info.micro}.marshal"
    kept: dict[str, Any] = {}
    data = read_derived(path)
    if data is not None:
        try:
            kept = marshal.loads(data)
        except (EOFError, ValueError, TypeError):
            kept = {}
    new: dict[str, Any] = {}
    missing = dataclasses.MISSING

    # dataclasses._create_fn of Python 3.11/3.12, the compiled code looked up by its text.
    def create_fn(name: str, args: list[str], body: list[str], *, globals: Any = None,  # noqa: A002
                  locals: Any = None, return_type: Any = missing) -> Any:  # noqa: A002
        if locals is None:
            locals = {}
        return_annotation = ""
        if return_type is not missing:
            locals["_return_type"] = return_type
            return_annotation = "->_return_type"
        text = f" def {name}({','.join(args)}){return_annotation}:\n" + "\n".join(f"  {b}" for b in body)
        text = f"def __create_fn__({', '.join(locals.keys())}):\n{text}\n return {name}"
        code = kept.get(text)
        if code is None:
            code = new[text] = compile(text, "<string>", "exec")
        ns: dict[str, Any] = {}
        exec(code, globals, ns)  # noqa: S102 - the very text dataclasses would exec
        return ns["__create_fn__"](**locals)

    create_fn.kept = True  # type: ignore[attr-defined]
    dataclasses._create_fn = create_fn  # type: ignore[attr-defined]

    def save() -> None:
        if new:
            store_derived(path, marshal.dumps({**kept, **new}))

    atexit.register(save)
