"""Game options: readings a faction or a mode lets the table choose (docs/rulings.md names the section of each).

A faction or mode declares its options (`Faction.game_options`, `Mode.game_options`), each with the values it
takes, the default first. Setup refuses any other value; the bot reads them from text at /root create, and the
command reference lists them from these declarations.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules.errors import RulesError

STANDARD = "standard"
"""The mode of a game whose options name none."""

Value = bool | int | str


def word(value: Value) -> str:
    """A value as a player types it: true/false, a number, a word."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


@dataclass(frozen=True, slots=True)
class GameOption:
    """One option: its name in the game's options, the values it takes (the default first), what it chooses and
    the section of the rules it reads."""

    name: str
    values: tuple[Value, ...]
    what: str
    section: str

    @property
    def default(self) -> Value:
        """The value a game has when the option is not given."""
        return self.values[0]

    def allows(self, value: object) -> bool:
        """Whether a value is one of the option's own (a bool is never read as a number)."""
        return any(type(value) is type(v) and value == v for v in self.values)

    def read(self, text: str) -> Value | None:
        """The value a player's text names (case-insensitive), or None when it names none."""
        typed = text.strip().lower()
        return next((v for v in self.values if word(v).lower() == typed), None)

    def choices(self) -> str:
        """The values in words, in order: 'near or adjacent'."""
        return " or ".join(word(v) for v in sorted(self.values, key=word))

    def check(self, options: dict[str, Any]) -> None:
        """Refuse a value the option does not take (absent or None: the default)."""
        value = options.get(self.name)
        if value is not None and not self.allows(value):
            raise RulesError(f"{self.name} must be {self.choices()}, not {value!r}")


def check_all(declared: tuple[GameOption, ...], options: dict[str, Any]) -> None:
    """Refuse any declared option given a value it does not take."""
    for option in declared:
        option.check(options)


def mode_id(options: Mapping[str, Any]) -> str:
    """The id of the mode a game's options choose (the standard game when they name none)."""
    return str(options.get("mode") or STANDARD)
