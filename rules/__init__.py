"""The rules of Root as a pure library: state, legal actions, applying actions, views."""

from rules import factions as _factions  # noqa: F401  (registers every faction)
from rules.actions import Action, format_action
from rules.edits import apply_edit, is_edit
from rules.engine import (
    apply,
    apply_unchecked,
    check_turn,
    default_action,
    explain,
    is_legal,
    legal_actions,
    parse,
    to_act,
    waiting_for,
)
from rules.errors import (
    AmbiguousActionError,
    GameOverError,
    IllegalActionError,
    InvalidActionError,
    NotYourTurnError,
    OtherWordError,
    RulesError,
    StaleStateError,
    UndoRefusedError,
)
from rules.invariants import problems
from rules.record import Record, digest_as, identify, replay, undo, undo_refusal
from rules.revisions import CURRENT as RULES_REVISION
from rules.setup import new_game
from rules.state import Event, GameState
from rules.view import view_for

__all__ = [
    "Action",
    "AmbiguousActionError",
    "Event",
    "GameOverError",
    "GameState",
    "IllegalActionError",
    "InvalidActionError",
    "NotYourTurnError",
    "OtherWordError",
    "RULES_REVISION",
    "Record",
    "RulesError",
    "StaleStateError",
    "UndoRefusedError",
    "apply",
    "apply_edit",
    "apply_unchecked",
    "check_turn",
    "default_action",
    "digest_as",
    "explain",
    "format_action",
    "identify",
    "is_edit",
    "is_legal",
    "legal_actions",
    "new_game",
    "parse",
    "problems",
    "replay",
    "to_act",
    "undo",
    "undo_refusal",
    "view_for",
    "waiting_for",
]
