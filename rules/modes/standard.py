"""The standard game: the Mode interface's own behaviour, registered under its id."""

from __future__ import annotations

from rules.modes.base import Mode
from rules.registry import register_mode

register_mode(Mode())
