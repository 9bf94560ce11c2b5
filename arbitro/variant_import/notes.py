"""What an importer could not translate, or translated by a choice, with where it read it."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Note:
    file: str  # file name as given in the variant folder
    line: int  # 1-based; 0 when the note is about the variant as a whole
    message: str

    def __str__(self) -> str:
        return (
            f"{self.file}:{self.line}: {self.message}"
            if self.line
            else f"{self.file}: {self.message}"
        )


class ImportFailed(ValueError):
    """The files cannot be made into a variant at all (the notes say why)."""

    def __init__(self, message: str, notes: tuple[Note, ...] = ()) -> None:
        super().__init__(message)
        self.notes = notes
