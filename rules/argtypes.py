"""Argument types for the project's command-line tools: a bad number is one argparse error line, not a traceback."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from rules.errors import InvalidActionError
from rules.numbers import whole
from rules.words import echo


def whole_number(text: str) -> int:
    """An argparse type: a whole number written with the digits 0 to 9 (int() also reads '١' and '１')."""
    try:
        return whole(text.strip(), signed=True)
    except InvalidActionError:
        raise argparse.ArgumentTypeError(f"{echo(text, 24)!r} is not a whole number (digits 0-9)") from None


def number(text: str) -> float:
    """An argparse type: a number written with the digits 0 to 9."""
    return _number(text, "a number")


def at_least(low: int) -> Callable[[str], int]:
    """An argparse type: a whole number no smaller than `low`."""

    def parse(text: str) -> int:
        value = whole_number(text)
        if value < low:
            raise argparse.ArgumentTypeError(f"{value} is too small: it must be at least {low}")
        return value

    return parse


def _number(text: str, what: str) -> float:
    """A number read from an argument, or the argparse error naming what was wanted."""
    try:
        if not text.isascii():  # float() also reads '١' and '１'
            raise ValueError(text)
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


def counts(low: int) -> Callable[[str], tuple[int, ...]]:
    """An argparse type: whole numbers separated by commas ('1,2'), each no smaller than `low`."""
    one = at_least(low)

    def parse(text: str) -> tuple[int, ...]:
        parts = text.split(",")
        if not text.strip() or any(not p.strip() for p in parts):
            raise argparse.ArgumentTypeError(f"{echo(text, 24)!r} is not a list of whole numbers such as 1,2")
        return tuple(one(p) for p in parts)

    return parse
