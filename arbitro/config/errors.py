"""Configuration problems, all collected before reporting."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    file: str
    key: str  # dotted path, e.g. "game[2].deadlines.movement" (games counted from 1)
    message: str

    def __str__(self) -> str:
        return (
            f"{self.file}: {self.key}: {self.message}"
            if self.key
            else f"{self.file}: {self.message}"
        )


class ConfigError(Exception):
    def __init__(self, problems: list[Problem]) -> None:
        self.problems = tuple(problems)
        super().__init__("\n".join(str(p) for p in self.problems))
