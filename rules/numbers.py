"""Whole numbers as players type them: the digits 0 to 9 only, and no larger than Discord's integer options go.

`str.isdigit` is true for '¹' and '١', and `int` reads '١' and '１' but not '¹': reading a number through this
module, which accepts exactly what it converts, is the one way the engine and the bot read a typed number.
"""

from __future__ import annotations

import re

from rules.errors import InvalidActionError
from rules.words import echo

MAX_NUMBER = 2**53  # the largest whole number a Discord integer option holds
MAX_DIGITS = len(str(MAX_NUMBER))
DIGITS = "[0-9]"  # for patterns: '\d' also matches other scripts' digits
_DIGITS = re.compile("[0-9]+")
NOT_DIGITS = "is not a number I can read: write numbers with the digits 0 to 9"
TOO_LARGE = f"is too large a number: numbers go up to {MAX_NUMBER}"  # what `whole` says of a number over `most`


def is_number(text: str, most: int = MAX_NUMBER) -> bool:
    """Whether text is a whole number written with the digits 0 to 9, no larger than `most`."""
    return bool(_DIGITS.fullmatch(text)) and len(text) <= len(str(most)) and int(text) <= most


def fits(value: int) -> bool:
    """Whether a number (a Discord integer option's) is within what a typed number may be."""
    return -MAX_NUMBER <= value <= MAX_NUMBER


def problem(text: str) -> str | None:
    """Why some typed text holds a number that cannot be read (a digit other than 0-9, a number too large), or None;
    the reason reads after the quoted text: "'¹' is not a number I can read…"."""
    if any(c.isdigit() and not c.isascii() for c in text):
        return NOT_DIGITS
    if any(len(run) > MAX_DIGITS or int(run) > MAX_NUMBER for run in _DIGITS.findall(text)):
        return TOO_LARGE
    return None


def whole(text: str, signed: bool = False, most: int = MAX_NUMBER) -> int:
    """A typed whole number (signed: a leading '-' allowed; at most `most`), or InvalidActionError saying why not."""
    negative = signed and text.startswith("-")
    digits = text[1:] if negative else text
    if not is_number(digits, most):
        over = bool(_DIGITS.fullmatch(digits))
        reason = TOO_LARGE.replace(str(MAX_NUMBER), str(most)) if over else problem(digits) or "is not a number"
        raise InvalidActionError(f"'{echo(text, 24)}' {reason}")
    return -int(digits) if negative else int(digits)
