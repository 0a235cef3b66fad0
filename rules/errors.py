"""The one small hierarchy of errors the rules engine raises; messages are written for players."""

from __future__ import annotations


class RulesError(ValueError):
    """Base of every refusal; the state it was raised on is left untouched."""


class InvalidActionError(RulesError):
    """The text could not be read as an action."""


class OtherWordError(InvalidActionError):
    """The text begins with another of Root's words for an action ('march' for moves): it names the verb to use."""

    def __init__(self, word: str, verb: str) -> None:
        super().__init__(f"there is no action '{word}': use '{verb}' for it")
        self.word, self.verb = word, verb


class IllegalActionError(RulesError):
    """The action is well formed but not legal now."""


class AmbiguousActionError(RulesError):
    """The text matches more than one legal action."""

    def __init__(self, message: str, candidates: list[str]) -> None:
        super().__init__(message)
        self.candidates = candidates


class NotYourTurnError(RulesError):
    """The seat is not the one that must decide now."""


class GameOverError(RulesError):
    """The game has ended; nothing more can be played."""


class SetupError(RulesError):
    """A line-up, or a setup choice, would leave a faction with nowhere to set up."""


class StaleStateError(RulesError):
    """The action was meant for an older version of the game."""


class UndoRefusedError(RulesError):
    """Undo is not allowed across hidden information, randomness or another seat's action."""
