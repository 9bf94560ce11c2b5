"""Typed access to one TOML table that records problems instead of stopping at the first."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from .errors import Problem

T = TypeVar("T")
REQUIRED: Any = object()


class Table:
    def __init__(self, data: dict[str, Any], path: str, file: str, problems: list[Problem]) -> None:
        self.data = data
        self.path = path
        self.file = file
        self.problems = problems
        self._used: set[str] = set()

    def key(self, name: str) -> str:
        return f"{self.path}.{name}" if self.path else name

    def problem(self, name: str | None, message: str) -> None:
        self.problems.append(Problem(self.file, self.key(name) if name else self.path, message))

    def has(self, name: str) -> bool:
        return name in self.data

    def raw(self, name: str, default: Any = REQUIRED) -> Any:
        """The value as written; a missing key gives ``default`` (None and a problem when
        it is required)."""
        self._used.add(name)
        if name in self.data:
            return self.data[name]
        if default is REQUIRED:
            self.problem(name, "is required")
            return None
        return default

    def typed(
        self, name: str, kind: type | tuple[type, ...], label: str, default: Any = REQUIRED
    ) -> Any:
        value = self.raw(name, default)
        if name not in self.data:
            return value
        # bool is an int in Python; TOML keeps them apart and so do we
        if not isinstance(value, kind) or (isinstance(value, bool) and bool not in _kinds(kind)):
            self.problem(name, f"must be {label}, not {_show(value)}")
            return None if default is REQUIRED else default
        return value

    def text(
        self,
        name: str,
        default: Any = REQUIRED,
        *,
        choices: tuple[str, ...] = (),
        allow_empty: bool = False,
    ) -> Any:
        value = self.typed(name, str, "a string", default)
        if isinstance(value, str) and name in self.data:  # defaults are trusted
            if not value.strip() and not allow_empty:
                self.problem(name, "must not be empty")
            elif choices and value not in choices:
                self.problem(name, f"must be one of {', '.join(map(repr, choices))}, not {value!r}")
                return None if default is REQUIRED else default
        return value

    def integer(
        self,
        name: str,
        default: Any = REQUIRED,
        *,
        minimum: int | None = None,
        maximum: int | None = None,
    ) -> Any:
        value = self.typed(name, int, "a whole number", default)
        if isinstance(value, int) and name in self.data:
            if minimum is not None and value < minimum:
                self.problem(name, f"must be at least {minimum}, not {value}")
            if maximum is not None and value > maximum:
                self.problem(name, f"must be at most {maximum}, not {value}")
        return value

    def boolean(self, name: str, default: Any = REQUIRED) -> Any:
        return self.typed(name, bool, "true or false", default)

    def convert(self, name: str, parse: Callable[[Any], T], default: Any = REQUIRED) -> Any:
        """Apply a parser from ``values``; its ValueError becomes a problem at this key."""
        value = self.raw(name, default)
        if name not in self.data:
            return value
        try:
            return parse(value)
        except ValueError as exc:
            self.problem(name, str(exc))
            return None

    def items(self, name: str, parse: Callable[[Any], T], default: Any = REQUIRED) -> Any:
        """A list whose elements each go through ``parse``; bad ones are reported by index."""
        value = self.raw(name, default)
        if name not in self.data:
            return value
        if not isinstance(value, list):
            self.problem(name, f"must be a list, not {_show(value)}")
            return None
        out = []
        for i, element in enumerate(value):
            try:
                out.append(parse(element))
            except ValueError as exc:
                self.problems.append(Problem(self.file, f"{self.key(name)}[{i + 1}]", str(exc)))
        return out

    def table(self, name: str, *, required: bool = False) -> Table | None:
        value = self.raw(name, REQUIRED if required else None)
        if value is None:
            return None
        if not isinstance(value, dict):
            self.problem(name, f"must be a table ([{self.key(name)}]), not {_show(value)}")
            return None
        return Table(value, self.key(name), self.file, self.problems)

    def tables(self, name: str) -> list[Table]:
        """An array of tables ([[name]]); elements are keyed name[1], name[2]..."""
        value = self.raw(name, [])
        if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
            self.problem(name, f"must be an array of tables ([[{self.key(name)}]])")
            return []
        return [
            Table(v, f"{self.key(name)}[{i + 1}]", self.file, self.problems)
            for i, v in enumerate(value)
        ]

    def finish(self) -> None:
        """Report keys nobody asked for: usually typos."""
        for name in sorted(set(self.data) - self._used):
            self.problem(name, "unknown key")


def _kinds(kind: type | tuple[type, ...]) -> tuple[type, ...]:
    return kind if isinstance(kind, tuple) else (kind,)


def _show(value: Any) -> str:
    names = {
        str: "a string",
        bool: "a boolean",
        int: "a number",
        float: "a number",
        list: "a list",
        dict: "a table",
    }
    return f"{names.get(type(value), type(value).__name__)} ({value!r})"
