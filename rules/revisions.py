"""Rules revisions: what each earlier engine did differently, so that the records it wrote replay and its digests
can be checked (docs/architecture.md, "Versions of records and states").

A record carries the revision it was written under (`Record.rules`; none when written before records kept it: see
`identify` in rules.record). Replaying a record of an older revision follows that revision's differences, and
`rules.migrate.written` turns today's state tree into the tree that revision's engine wrote, for comparing with a
state or a digest it saved.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
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
    contraband_when_all_abroad: bool = False
    """A 3x3 craft was contraband only when all the seat's crafting pieces stood on the rival map, laid in the first
    of its clearings there (one with a warrior to carry it first); 1fb5f82 looks at the pieces that pay for it."""
    isolation_needs_a_way: bool = False
    """Imperial Isolation skipped a Decree card only when some way of resolving it existed, all reaching the rival map
    (53a3304 also skips it when its only targets lie there and no way exists, as with no Eyrie warriors there)."""
    wings_into_roost: bool = False
    """Wings of the Alliance let an ally leave a clearing the enemy rules when its move began or ended in a roost
    clearing, and such a move owed the Eyrie a card (b49c36b: only a move out of a roost clearing)."""
    bridge_fee_unruled: bool = False
    """A bridge fee went to the rival team where it had 5+ warriors at an entrance, whoever ruled it (86ac103: only
    where the rival team rules the entrance)."""
    overgrowth_at_growth: bool = False
    """Two mushrooms removed enemy buildings and tokens only when a growth brought the clearing to two (9155c06 reads
    TS.2.3 as a standing condition unless the game option spore_overgrowth says 'growth')."""
    first_response_to_allies: bool = False
    """First Response outside battle answered removals by the Spinners or an ally only, counting the pieces the same
    effect removed (6a9efc9 answers any foe's, never one's own, with a warrior and a web the effect leaves)."""
    setup_skips_cornered: bool = False
    """A corner faction with no corner of its setup region left was skipped in setup (its decision dropped), a first
    roost needed no open slot, and Turmoil deposed the missing leader of an Eyrie never set up (a3f33da sets such a
    faction up in an edge clearing: Mode.corner_fallback)."""
    slip_fee_unchecked: bool = False
    """The Vagabond's Slip was offered across a 3x3 bridge whose fee he held no card for, and the fee was then
    dropped unpaid (b052b0f checks the fee like every other move, so whether it is asked no longer hangs on the
    hand)."""
    hospital_after_diversion: bool = False
    """Shared Field Hospitals (3x3.9.1) was offered for an ally's warriors removed in battle that went to an area
    instead of the supply (the Lizard Cult's Acolytes box by Revenge, the Spinners' Ward), and the card then brought
    as many other warriors of that ally from its supply to the keep (revision 9 offers it only for warriors that
    reached the supply)."""
    battle_diversions_unkept: bool = field(default=False, metadata=WRITTEN)
    """A battle's removed pieces did not name the area they went to instead of the supply (revision 9 keeps it as a
    fourth element, [seat, piece, count, area], so that listeners hear where they went)."""
    hideout_in_clearings: bool = False
    """The Ranger's Hideout (V.3) was offered only in a clearing (revision 10 offers it in a forest too: the Law asks
    for no clearing)."""
    coerce_anywhere: bool = False
    """The Jailor's coerced card (V.12) stood in for an item wherever he took it, even after he left the clearing it
    matched (revision 10: it lapses once he leaves that clearing unused)."""
    glide_past_snare: bool = False
    """The Harrier's Glide (V.8) flew out of a clearing with the Corvids' face-up snare (revision 10: a Glide is a
    move, and the snare keeps enemy pieces from moving out, 13.7.2)."""
    instigate_no_friendly_fire: bool = False
    """In the 3x3 mode the Vagrant's Instigate never made a rival battle its own teammate (revision 10: the seed's
    friendly fire, 3x3.5, lets an opposing ability make allies battle each other)."""
    vagabond_pays_first_items: bool = False
    """The Vagabond's payment for a Riverfolk service exhausted his first face-up items (revision 10: he chooses
    which, 11.2.6.3, when more are ready than the price and they are not all alike)."""
    coerce_not_for_services: bool = False
    """The Jailor could not coerce to pay for the Riverfolk's services (V.12, 11.2.6.3; revision 10 offers Coerce while
    the services are on offer to him, and offers them when a coerced card could pay)."""
    warlord_moved_by_others: bool = False
    """The Hundreds' warlord was moved and placed by others' rules like any warrior: the Spore moved it infected,
    First Response carried it in any battle, a discharge, Triage into the clearing and the 3x3 Shared Field Hospitals
    placed it, and Triage returned it before their plain warriors (76ad3f8, a93a8f4: only the Hundreds move it, in
    their own turn, and only setup and Anoint place it, 14.2.2)."""
    strike_on_warlord: bool = False
    """The Vagabond's Strike was offered on the Hundreds' warlord, which only battle removes (c5ab522 offers only the
    warriors a Strike can remove, and nothing of the Hundreds' beside a standing warlord)."""
    granted_moves_plain: bool = False
    """A move Cobbler grants was a plain move of warriors along paths: the Hundreds could not lead the warlord with it
    (76ad3f8), nor the Duchy go through the Burrow (237a0c3)."""
    hoard_counted_at_start: bool = False
    """Command and Prowess were counted once, as the step that spends them began: an item the Hundreds gained in it
    (looted) added no action (76ad3f8 counts them as they stand, 14.5.2-3)."""
    raze_takes_first: bool = False
    """A Raze took the first item under a ruin, unmarked as a ruin item, even one of a kind the Hoard already held
    from a ruin, and rolled the mob die as Raze ended (76ad3f8: of two items the Hundreds choose, never a second ruin
    item of a kind, the item marked, the die rolled once every choice is made)."""
    recruit_in_order: bool = False
    """With too few warriors for every stronghold, Recruit placed them in clearing order (76ad3f8 lets the Hundreds
    choose the strongholds)."""
    no_mercenaries: bool = False
    """The Riverfolk offered hand cards and riverboats only, its offer's prompt naming those two (4ba4cd8 offers
    mercenaries too, 11.2.7.3)."""
    export_any_paid: bool = False
    """The Riverfolk could export any card its open spaces and funds paid for, an item gone from the supply or a
    second copy of a persistent effect too (cef7558: only a card it could craft, the FAQ on 11.5.3)."""
    post_where_ruled: bool = False
    """A trade post could be established where the Company may not place a token, such as the keep's clearing
    (cef7558 asks for a place it may place one, 11.5.6)."""
    no_first_choice: bool = False
    """The Company could not choose whose funds go first: the most plentiful owner's always went (af888e6 offers
    `first FACTION` in Daylight, 11.2.4; a record of this revision never chose)."""
    services_pawn_twice: bool = False
    """The Vagabond's pawn in a trade post clearing counted twice towards the services he could buy, and any piece
    key of a buyer's there counted, even one at none (cef7558: each such clearing once, 11.2.6.2)."""
    price_per_favor_clearing: bool = False
    """A Favor removing Duchy buildings in several clearings cost a Price of Failure for each clearing (a2053da: one,
    the pieces being removed at once, 12.2.3)."""
    royal_claim_map_only: bool = False
    """Royal Claim counted only the map's clearings for the Duchy: a record of this revision never set the game
    option duchy_royal_claim, and its absence reads as 'map' (237a0c3 counts the Burrow by default, 12.2.2)."""
    parliament_pays_no_search: bool = False
    """In 3x3 the moves and battles of the Duchy's ministers in Parliament paid for no search or seizure, and a
    minister whose only use was one was not offered (a2053da)."""
    ruin_lone_choice_taken: bool = False
    """With two item sets, the item under a ruin was taken for the one taking it (the Vagabond exploring, the Hundreds
    razing) when only one kind could be taken, two alike included, and nothing was taken unasked when none could: the
    table learned what lay there (revision 13 asks whenever an item lies there)."""
    strike_on_mycelium: bool = False
    """The Vagabond's Strike was offered on the Spore's mycelium, which only battle removes, exhausting the crossbow
    for nothing (revision 13 offers a Strike only on pieces it can remove)."""
    marquise_places_anywhere: bool = False
    """The Marquise recruited, placed wood at her sawmills, overworked and used Field Hospitals in clearings where
    another faction forbids placing pieces (a Corvid face-up snare, overgrowth, a torch); revision 12 keeps to them."""
    corvids_recruit_in_order: bool = False
    """The Corvids' recruit, short of warriors, filled the clearings of its suit in the order of their numbers
    (revision 12 lets the Corvids choose which get the warriors left, 1.5.4)."""
    relic_edits_unkept: bool = False
    """A moderator's edit placing a Keepers relic face down with no face-down value left for it gave it none (it
    turned up worth 1), and relic edits were not checked against the box (revision 14 deals it, at random, one of its
    kind's values in no other place, keeps face-down relics in the forests and checks the values against the box)."""
    edge_by_position: bool = False
    """A faction starting in a corner with none open to it (a 3x3 setup region, the Spinners, SOM.3.2) was offered the
    clearings drawn near the map's border as its edge, which left out Autumn's 7 and Winter's 8 (revision 15 takes the
    Law's map edge, 21, from the paths and forests: `Board.edge`)."""


OLDER_SETUPS = ("spore", "tinker")  # the factions whose data did not keep their setup stage before a3f33da
_TODAY = Revision(15, "05180f6", 2, "today's rules")
# Each older revision is the next newer one with its own differences added: a flag holds on every revision before
# the change that ended it. Main gave several rules the same number while branches merged into it (see MISNUMBERED),
# so revisions 11 and 12 stand between others: 11 is what main played under the number 9 from 1189e2e until 10 came,
# 12 what it played under the number 10 from ca344f1; a record of 9 or 10 is identified from what it saved.
_BEFORE_EDGE = replace(
    _TODAY, number=14, since="de85a58",
    note="before revision 15, a faction starting in a corner with none open to it was offered the clearings drawn "
    "near the map's border as the map edge, leaving out Autumn's 7 and Winter's 8; its replay offers them so",
    edge_by_position=True,
)
_BEFORE_RELIC_EDITS = replace(
    _BEFORE_EDGE, number=13, since="ed1d41c",
    note="before revision 14, a moderator's edit placing a Keepers relic face down with no face-down value left for "
    "it gave it none, and relic edits were not checked against the box; its replay edits them so",
    relic_edits_unkept=True,
)
_BEFORE_RUIN_CHOICE = replace(
    _BEFORE_RELIC_EDITS, number=12, since="513cc21",
    note="before revision 13, with two item sets the engine took the only kind of item a ruin allowed for the "
    "Vagabond exploring and the Hundreds razing (and nothing, unasked, when none), and the Vagabond could strike the "
    "Spore's mycelium; its replay plays them so",
    ruin_lone_choice_taken=True, strike_on_mycelium=True,
)
_BEFORE_SNARE = replace(
    _BEFORE_RUIN_CHOICE, number=10, since="359933c",
    note="before revision 12, the Marquise recruited, placed wood and overworked where another faction forbids placing "
    "pieces (a Corvid face-up snare, overgrowth, a torch), Field Hospitals sent warriors to such a keep, and the "
    "Corvids' recruit short of warriors filled its clearings in number order; with two item sets the engine took the "
    "only kind of item a ruin allowed for the Vagabond and the Hundreds, and the Vagabond could strike the Spore's "
    "mycelium; its replay plays them so",
    marquise_places_anywhere=True, corvids_recruit_in_order=True,
)
_BEFORE_VB_REVIEW = replace(
    _BEFORE_SNARE, number=11, since="4ba4cd8",
    note="before revision 10 (main numbered these games 9), the Ranger's Hideout was offered only in a clearing, the "
    "Jailor's coerced card stood in for an item after he left its clearing and could not pay for the Riverfolk's "
    "services, the Harrier glided out of a clearing with a face-up snare, a 3x3 Vagrant could not make a rival battle "
    "its own teammate, and the Vagabond's first face-up items paid for a service; the Marquise placed where a snare "
    "forbids it and a short Corvid recruit went in number order; with two item sets the engine took the only kind of "
    "item a ruin allowed for the Vagabond and the Hundreds, and the Vagabond could strike the Spore's mycelium; its "
    "replay plays them so",
    hideout_in_clearings=True,
    coerce_anywhere=True,
    glide_past_snare=True,
    instigate_no_friendly_fire=True,
    vagabond_pays_first_items=True,
    coerce_not_for_services=True,
)
_BEFORE_NEWCOMERS = replace(
    _BEFORE_VB_REVIEW, number=9, since="a841156",
    note="before revisions 11 and 10, the Lord of the Hundreds, the Underground Duchy and the Riverfolk Company played "
    "older readings: others moved and placed the warlord, the Vagabond could strike it, Cobbler moved warriors only, "
    "Command and Prowess were counted as their step began, a Raze took the ruin's first item and Recruit placed in "
    "clearing order; a Favor cost a Price of Failure per clearing, Royal Claim left out the Burrow and 3x3 ministers "
    "paid no search; the Riverfolk sold no mercenaries, exported any card paid for, posted where it may not place, "
    "chose no funds to go first and counted the Vagabond's pawn twice; the Vagabonds' characters and the ruins of two "
    "item sets as in revision 11; its replay plays them so",
    warlord_moved_by_others=True, strike_on_warlord=True, granted_moves_plain=True, hoard_counted_at_start=True,
    raze_takes_first=True, recruit_in_order=True, no_mercenaries=True, export_any_paid=True, post_where_ruled=True,
    no_first_choice=True, services_pawn_twice=True, price_per_favor_clearing=True, royal_claim_map_only=True,
    parliament_pays_no_search=True,
)
_BEFORE_REVENGE = replace(
    _BEFORE_NEWCOMERS, number=8, since="b052b0f",
    note="before revision 9, the 3x3 Shared Field Hospitals was offered for an ally's warriors that went to the "
    "Cult's Acolytes box or the Spinners' Ward instead of the supply, and brought other warriors of that ally to the "
    "keep; its replay offers it so",
    hospital_after_diversion=True, battle_diversions_unkept=True,
)
_BEFORE_b052b0f = replace(
    _BEFORE_REVENGE, number=7, since="2141e2f",
    note="before b052b0f, the Vagabond could slip across a 3x3 bridge without a card for its fee, and the fee was "
    "dropped; its replay lets him so",
    slip_fee_unchecked=True,
)
_BEFORE_2141E2F = replace(
    _BEFORE_b052b0f, number=6, since="2decdef",
    note="before 2141e2f, a bridge fee or the Wings feed with one card that fits was paid for the player even with "
    "other cards in hand; its replay pays it so",
    lone_card_answered=True,
)
_BEFORE_A3F33DA = replace(
    _BEFORE_2141E2F, number=5, since="1baa1fb",
    note="before a3f33da, a faction that starts in a corner was skipped in setup when no corner of its region was "
    "left, and The Spore and the Tinker did not keep their setup stage in the saved game; its replay skips it so",
    setup_unkept_by=OLDER_SETUPS, setup_skips_cornered=True,
)
_BEFORE_1BAA1FB = replace(
    _BEFORE_A3F33DA, number=4, since="ff0bdb2",
    note="before the readings merged at 1baa1fb: two Vagabonds in a standard game had each other on the relationship "
    "chart, the Tinker counted his own pieces for the clearing with the fewest, two mushrooms overgrew only at a "
    "growth, First Response outside battle answered only the Spinners' and their allies' removals, and the 3x3 "
    "contraband, Imperial Isolation, Wings of the Alliance and bridge fee followed older readings; its replay plays "
    "them so",
    vagabonds_on_chart=True, tinker_counts_own=True, contraband_when_all_abroad=True, isolation_needs_a_way=True,
    wings_into_roost=True, bridge_fee_unruled=True, overgrowth_at_growth=True, first_response_to_allies=True,
)
_BEFORE_FF0BDB2 = replace(
    _BEFORE_1BAA1FB, number=3, since="c3a2b9f",
    note="before ff0bdb2, two Vagabonds shared one set of ruin items and items found in a ruin were not marked; "
    "its replay deals and keeps them so",
    one_ruin_set=True, unmarked_ruin_items=True,
)
_BEFORE_C3A2B9F = replace(
    _BEFORE_FF0BDB2, number=2, since="b4b8814", schema=1,
    note="before the engine seams of c3a2b9f: states of schema 1, and a game ended by its round limit showed the "
    "next round's number",
    round_after_limit=True,
)
_BEFORE_B4B8814 = replace(
    _BEFORE_C3A2B9F, number=1, since="3fc75be",
    note="before the flow change of b4b8814, steps in which a player could do nothing went by unasked; its replay "
    "goes past them the same way",
    skips_idle_steps=True,
)
REVISIONS = (
    _BEFORE_B4B8814, _BEFORE_C3A2B9F, _BEFORE_FF0BDB2, _BEFORE_1BAA1FB, _BEFORE_A3F33DA, _BEFORE_2141E2F,
    _BEFORE_b052b0f, _BEFORE_REVENGE, _BEFORE_NEWCOMERS, _BEFORE_VB_REVIEW, _BEFORE_SNARE, _BEFORE_RUIN_CHOICE,
    _BEFORE_RELIC_EDITS, _BEFORE_EDGE, _TODAY,
)
CURRENT = REVISIONS[-1].number
"""Raise it (adding a Revision) whenever a rule change means an older record no longer replays as it was."""
MISNUMBERED = (6, 9, 10)
"""Revisions a record may carry for rules it was not played under when it has no `rules_until`: 397dc9b gave the
games it began revision 6, then today's, though its engine already played as revision 7 (2141e2f came with it); main
from 1189e2e until 10 came (c5494a7) gave the games it began revision 9 though its engine played the Hundreds',
Duchy's and Riverfolk's finishes, revision 11 (main at 01daab9 played 9); main from ca344f1 gave them 10 though it
played the snare against the Marquise and the Corvids' short recruit, revision 12 (c5494a7 played 10). Such a record is
identified as one written before records carried a revision (see `unsure`)."""


def unsure(number: int | None, until: int | None) -> bool:
    """Whether a record's revision must be found from what it was saved with: none given, or one an engine gave
    records it played otherwise (MISNUMBERED, with no count of older lines: every revision given since counts
    them)."""
    return number is None or (number in MISNUMBERED and until is None)


def unbounded(number: int | None, until: int | None) -> bool:
    """Whether a record of a sure older revision does not yet count its lines: once its game plays on under today's
    rules, the lines after those must replay as today's (`Record.rules_until`)."""
    return number is not None and number < CURRENT and until is None and not unsure(number, until)


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
