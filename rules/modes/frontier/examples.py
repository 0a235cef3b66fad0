"""The 3x3 mode's part in the examples of docs/commands.md (`rules.examples`): six players in two teams, and the
verbs of its deeper moments, which the example walks don't reach (shown refused at another moment of the turn)."""

from __future__ import annotations

from rules.examples import ExampleGame, RareExample

NOT_NOW = "is not possible now"
NO_SWORD = "no contraband sword lies in clearing 1"
RARE = {
    "search": RareExample(
        "/search clearing:1 item:sword", "move", NO_SWORD, "a 3x3 contraband item lying where one has a warrior"
    ),
    "seize": RareExample(
        "/seize clearing:1 item:sword", "battle", NO_SWORD, "a 3x3 contraband item lying on one's home map"
    ),
    "keeper": RareExample(
        "/keeper faction:tinker", "pay", NOT_NOW,
        "a 3x3 bridge fee owed to two rivals with as many warriors at the bridge entrance",
    ),
    "skip": RareExample(
        "/skip column:battle suit:fox", "decree", NOT_NOW,
        "an Eyrie Decree card in rounds 1-2 that only the rival map could carry out",
    ),
    "legend": RareExample(
        "/legend ability:forest-ghost", "loot", NOT_NOW,
        "the first 3x3 Vagabond with 3 ruins explored and 3 quests completed",
    ),
    "reroll": RareExample("/reroll", "loot", NOT_NOW, "the roll of a Looting by a Vagabond who chose War Veteran"),
    "vanguard": RareExample(
        "/vanguard from:1 to:2 faction:marquise", "loot", NOT_NOW, "a move by a Vagabond who chose Vanguard Leader"
    ),
}
GAMES = (  # search, seize, loot, legends...
    ExampleGame(
        ("marquise", "eyrie", "vagabond", "tinker", "spinners", "vagabond2"),
        teams=("A", "A", "A", "B", "B", "B"),
        rare=RARE,
    ),
)
