"""Rule 17: victory, at the end of turn 13 or once every British unit has left the map.

Victory points (content ``victory_points``): 10 for the dismantled Würzburg embarked, 2 per
captured radar operator embarked, 1 for the Villa destroyed, 1 per unit at full or reduced
strength embarked. The success level comes from content table ``success_levels``.

Rulings:

* The printed levels ("greater than 20", "10 to 19", "less than 10") leave exactly 20 VP
  uncovered. 20 VP counts as a **complete** success, as in the sibling Dieppe rules ("20
  or more").
* "Unit at full or reduced strength" means the counters with two strength levels whose
  kind the scenario lists in ``vp_units`` (paratroopers and engineers); officers, prisoners
  and Commandos (rule 18) earn nothing for themselves.
* Embarked means aboard an LCA, whether it has sailed or still waits at the end.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from paragraphs.records import Table
from paragraphs_raids import victory

if TYPE_CHECKING:
    from paragraphs_bruneval.game.state import GameState

COMPLETE = "complete"
PARTIAL = "partial"
FAILURE = "failure"
LEVELS = (COMPLETE, PARTIAL, FAILURE)


def success_level(vp: int, table: Table) -> str:
    """The level for ``vp`` (ruling: 20 is complete; the lookup is the raid layer's)."""
    return victory.success_level(vp, table)


@dataclass
class Score:
    """Victory points, the level, and the reasons behind them."""

    vp: int = 0
    level: str = FAILURE
    reasons: list[str] = field(default_factory=list)


def embarked_units(g: GameState) -> list[str]:
    """Ids of every piece aboard an LCA, sailed or still waiting."""
    out = list(g.sailed)
    for cargo in g.aboard.values():
        out.extend(cargo)
    return out


def score(g: GameState) -> Score:
    """Count the victory points of the game as it stands (rule 17)."""
    vp_table = g.scenario.victory_points
    s = Score()
    embarked = embarked_units(g)
    carried = [obj for pid in embarked for obj in g.pieces[pid].carrying]
    if g.wurzburg.status == "embarked":
        s.vp += vp_table["wurzburg"]
        s.reasons.append(f"the dismantled Würzburg is embarked: +{vp_table['wurzburg']}")
    else:
        state = {"intact": "still intact at W", "dismantled": "dismantled but left ashore", "lost": "lost at sea"}.get(g.wurzburg.status, g.wurzburg.status)
        s.reasons.append(f"the Würzburg is {state}: +0")
    prisoners = [o for o in carried if o != "wurzburg"]
    if prisoners:
        s.vp += vp_table["radar_operator"] * len(prisoners)
        s.reasons.append(f"{len(prisoners)} captured radar operator(s) embarked: +{vp_table['radar_operator'] * len(prisoners)}")
    else:
        s.reasons.append("no radar operator brought back: +0")
    if g.villa_destroyed:
        s.vp += vp_table["villa"]
        s.reasons.append(f"the Villa is destroyed: +{vp_table['villa']}")
    else:
        s.reasons.append("the Villa still stands: +0")
    units = [pid for pid in embarked if g.pieces[pid].kind.id in g.params.vp_units]
    s.vp += vp_table["unit"] * len(units)
    lost = sum(1 for c in g.eliminated if g.pieces[c].kind.id in g.params.vp_units)
    s.reasons.append(f"{len(units)} unit(s) embarked: +{vp_table['unit'] * len(units)} ({lost} lost)")
    s.level = success_level(s.vp, g.scenario.tables["success_levels"])
    return s
