"""What a faction or a mode declares for the examples of docs/commands.md (tools/docexamples.py reads them): who
plays the faction there, and the games its verbs are looked for in."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rules.state import GameState

Edits = Callable[["GameState"], list[str]]
"""Moderator edits ('!place 5 spore:mycelium x1') made once a game's setup is over: what some verbs need first."""


@dataclass(frozen=True)
class RareExample:
    """A verb the example walks don't reach: its command (typed by the one to act then), the verb at whose moment
    it is shown refused instead, what the refusal says, and when the verb is asked (docs/commands.md says so)."""

    command: str
    at: str
    why: str
    when: str


@dataclass(frozen=True)
class ExampleGame:
    """A game the command examples are looked for in: the factions `/root create` lists (one per seat, in that
    order), the order their players join (default: the same; with a team each in a team mode), the verbs (or whole
    notations, such as `character ronin`) a walk plays whenever it may (to reach moments a uniform walk rarely does),
    edits made once the setup is over, the verbs its walks don't reach, shown refused at a moment of this game, and
    its map (`/root create map:`, when not the default). A mode's games are games of that mode; a faction's, of the
    standard game."""

    factions: tuple[str, ...]
    joins: tuple[str, ...] = ()
    teams: tuple[str, ...] = ()
    prefer: tuple[str, ...] = ()
    edits: Edits | None = None
    rare: Mapping[str, RareExample] = field(default_factory=dict)
    board: str | None = None

    @property
    def seated(self) -> tuple[str, ...]:
        """The factions in the order their players join."""
        return self.joins or self.factions


@dataclass(frozen=True)
class Examples:
    """A faction's part in the examples: the console user who plays it ('carol'), the games that show its verbs
    (those the two-seat game of the Marquise and the Eyrie never allows), where its games come among every
    faction's (a verb is shown in the first game that allows it; ties in the registry's order), and verbs no walk
    reaches, shown refused at a moment of any example game."""

    player: str
    games: tuple[ExampleGame, ...] = ()
    order: int = 100
    rare: Mapping[str, RareExample] = field(default_factory=dict)
