"""Rules revisions: what each earlier engine did differently, so that the records it wrote replay and its digests
can be checked (docs/architecture.md, "Versions of records and states").

A record carries the revision it was written under (`Record.rules`; none when written before records kept it: see
`identify` in rules.record). Replaying a record of an older revision follows that revision's differences, and
`rules.migrate.written` turns today's state tree into the tree that revision's engine wrote, for comparing with a
state or a digest it saved.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

WRITTEN = {"written": True}  # a difference only in the tree the engine wrote, not in how a record replays


@dataclass(frozen=True)
class Revision:
    """One revision of the rules, from the commit that began it, and what differs from today's."""

    number: int
    since: str
    schema: int
    note: str
    skips_idle_steps: bool = False
    """The flow went past a step in which the seat could do nothing, judged from its hidden hand (b4b8814 made the
    game wait in such steps whenever public information allows a choice, so the record lacks those answers)."""
    one_ruin_set: bool = False
    """Two Vagabonds shared one set of ruin items, one under each ruin (ff0bdb2 deals both sets)."""
    unmarked_ruin_items: bool = field(default=False, metadata=WRITTEN)
    """Items found in a ruin were not marked as ruin items in the satchel (ff0bdb2 marks them)."""
    round_after_limit: bool = field(default=False, metadata=WRITTEN)
    """A game ended by its round limit showed the next round's number (c3a2b9f shows the last round played)."""
    vagabonds_on_chart: bool = False
    """Two Vagabonds had each other on the relationship chart, Indifferent (3bc3850 leaves the other off it)."""
    tinker_counts_own: bool = False
    """The Tinker's clearing with the fewest pieces counted his own pieces (7ac4157 leaves them out, OMT.4)."""
    setup_unkept_by: tuple[str, ...] = field(default=(), metadata=WRITTEN)
    """Factions whose data did not keep their setup stage ("setup": a3f33da keeps it for every faction with choices)."""
    lone_card_answered: bool = False
    """A decision answered from the hand (a 3x3 bridge fee, the Wings feed) took the only card that fits for the
    player even when the hand held others (2141e2f asks whenever the hand holds more than one card)."""


OLDER_SETUPS = ("spore", "tinker")  # the factions whose data did not keep their setup stage before a3f33da
REVISIONS = (
    Revision(
        1, "3fc75be", 1,
        "before the flow change of b4b8814, steps in which a player could do nothing went by unasked; its replay "
        "goes past them the same way",
        skips_idle_steps=True, one_ruin_set=True, unmarked_ruin_items=True, round_after_limit=True,
        vagabonds_on_chart=True, tinker_counts_own=True, setup_unkept_by=OLDER_SETUPS, lone_card_answered=True,
    ),
    Revision(
        2, "b4b8814", 1,
        "before the engine seams of c3a2b9f: states of schema 1, and a game ended by its round limit showed the "
        "next round's number",
        one_ruin_set=True, unmarked_ruin_items=True, round_after_limit=True, vagabonds_on_chart=True,
        tinker_counts_own=True, setup_unkept_by=OLDER_SETUPS, lone_card_answered=True,
    ),
    Revision(
        3, "c3a2b9f", 2,
        "before ff0bdb2, two Vagabonds shared one set of ruin items and items found in a ruin were not marked; "
        "its replay deals and keeps them so",
        one_ruin_set=True, unmarked_ruin_items=True, vagabonds_on_chart=True, tinker_counts_own=True,
        setup_unkept_by=OLDER_SETUPS, lone_card_answered=True,
    ),
    Revision(
        4, "ff0bdb2", 2,
        "before the readings merged at 1baa1fb: two Vagabonds in a standard game had each other on the relationship "
        "chart, and the Tinker counted his own pieces for the clearing with the fewest; its replay plays them so",
        vagabonds_on_chart=True, tinker_counts_own=True, setup_unkept_by=OLDER_SETUPS, lone_card_answered=True,
    ),
    Revision(
        5, "1baa1fb", 2,
        "before a3f33da, The Spore and the Tinker did not keep their setup stage in the saved game",
        setup_unkept_by=OLDER_SETUPS, lone_card_answered=True,
    ),
    Revision(
        6, "2decdef", 2,
        "before 2141e2f, a bridge fee or the Wings feed with one card that fits was paid for the player even with "
        "other cards in hand; its replay pays it so",
        lone_card_answered=True,
    ),
    Revision(7, "2141e2f", 2, "today's rules"),
)
CURRENT = REVISIONS[-1].number
"""Raise it (adding a Revision) whenever a rule change means an older record no longer replays as it was."""


def replayed_alike(rev: Revision) -> tuple[Any, ...]:
    """What a record's replay under a revision depends on: revisions alike in it replay a record to one state."""
    about = ("number", "since", "schema", "note")
    return tuple(getattr(rev, f.name) for f in fields(rev) if f.name not in about and not f.metadata.get("written"))


def revision(number: int | None) -> Revision:
    """A revision by number (today's for None); a number this engine does not know is refused."""
    if number is None:
        return REVISIONS[-1]
    for rev in REVISIONS:
        if rev.number == number:
            return rev
    raise ValueError(f"this record was written under rules revision {number}; this engine knows 1 to {CURRENT}")


def newest_first() -> tuple[Revision, ...]:
    """Every revision, today's first."""
    return tuple(reversed(REVISIONS))
