"""The golden rules' plug-ins the 3x3 mode makes on first use (`Frontier.patches`).

Each of these modules imports its faction's own module, so it is imported only when a 3x3 game first seats the
faction: importing a faction registers it, and the registry lists factions (in lobbies, in refusals) in the order
they registered, which an import made while the modes are discovered would change. (The Eyrie's golden rules are
imported with the mode: the mode's own verbs for Imperial Isolation and Wings of the Alliance live beside them.)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rules.factions.base import Faction


def marquise() -> Faction:
    """The Marquise de Cat under her golden rules (3x3.9.1)."""
    from rules.modes.frontier.marquise import FrontierMarquise  # on first use: see the docstring

    return FrontierMarquise()


def alliance() -> Faction:
    """The Woodland Alliance under its golden rules (3x3.9.3)."""
    from rules.modes.frontier.alliance import FrontierAlliance  # on first use: see the docstring

    return FrontierAlliance()


def vagabond() -> Faction:
    """The Vagabond under his golden rules (3x3.6, 3x3.7)."""
    from rules.modes.frontier.vagabond import FrontierVagabond  # on first use: see the docstring

    return FrontierVagabond()


def second_vagabond() -> Faction:
    """The Second Vagabond under the same golden rules."""
    from rules.modes.frontier.vagabond import FrontierSecondVagabond  # on first use: see the docstring

    return FrontierSecondVagabond()
