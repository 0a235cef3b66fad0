"""Argument types for the project's command-line tools: a bad number is one argparse error line, not a traceback."""

from __future__ import annotations

import argparse
from collections.abc import Callable


def at_least(low: int) -> Callable[[str], int]:
    """An argparse type: a whole number no smaller than `low`."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if value < low:
            raise argparse.ArgumentTypeError(f"{value} is too small: it must be at least {low}")
        return value

    return parse


def _number(text: str, what: str) -> float:
    """A number read from an argument, or the argparse error naming what was wanted."""
    try:
        return float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not {what}") from None


def share(text: str) -> float:
    """An argparse type: a share from 0 to 1."""
    value = _number(text, "a number")
    if not 0 <= value <= 1:
        raise argparse.ArgumentTypeError(f"{text} is not a share from 0 to 1")
    return value


def positive_seconds(text: str) -> float:
    """An argparse type: a number of seconds above zero."""
    value = _number(text, "a number of seconds")
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"{text} is not a number of seconds above zero")
    return value
