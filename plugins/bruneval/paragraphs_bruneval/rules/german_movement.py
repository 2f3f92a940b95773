"""Rule 8.2: automatic German movement (the second German action of phase E).

Every German unit gets the alert level halved, rounded down (0,0,1,1,2,2,3 PM). Units
without movement (machine guns, pillboxes, radar operators, and the posts set up in rule
3.1, see the ruling) stay put; the others must move, toward the first goal of this list
that they can reach:

1. the nearest British stack, the one with the most stacking points among equally near;
2. the nearest British unit;
3. the nearest German stack with the most stacking points, joining it if stacking allows
   (a full stack stays the goal: the unit stops next to it);
4. the nearest German unit, joining it if stacking allows;
5. a beach zone;
6. the Würzburg radar.

They follow the cheapest route; equal goals and equal routes are settled with a d6 (odd
to the first option, even to the second in the example). A German unit never enters a
British zone nor the sea; it stops short when the next line costs more than it has left.
Passing through a zone with a face-down marker activates it at once: the garrison it shows
is placed there and acts on its own. When the units that arrive would break the stacking
limit where they stop, the surplus stays in the zone they came from, or, when that one is
full too, steps further back along the path (ruling ``german_surplus``, see
:mod:`paragraphs_bruneval.rules.stacking`).

Rulings:

* "garrison" in the rule's list of units that never move is read as the units set up at
  their posts in rule 3.1 (the Luftwaffe guard at W, the Beach Fortress' coastal unit):
  the example moves activated Luftwaffe units, so garrison units in general do move.
* "Nearest" comes first and stacking points break ties, as in the example, where both
  targets cost the same.
* The units of a zone move together as one stack; stacks move in order of stacking points
  (most first), then map order. The surplus left behind is the weakest units.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from paragraphs_raids.german_ai import Candidate, Priority, choose_goal, next_to_move, surplus, walk_toward
from paragraphs_raids.stacks import BRITISH, GERMAN, Piece

from paragraphs_bruneval.rules.activation import activate
from paragraphs_bruneval.rules.alert import german_allowance
from paragraphs_bruneval.rules.stacking import place_surplus

from paragraphs_bruneval.game.state import GERMAN_ORDER

if TYPE_CHECKING:
    from paragraphs_bruneval.game.state import GameState


def can_move(g: GameState, p: Piece) -> bool:
    return p.side == GERMAN and p.kind.mobile and not p.acted and p.id not in g.holds_post


def sea(g: GameState) -> frozenset[str]:
    return g.scenario.boat_only_zones


def priorities(g: GameState, start: str, movers: Sequence[Piece]) -> list[Priority]:
    """The rule 8.2 list for a stack in ``start``, each line offering its reachable goals."""
    british = frozenset(z for z in g.british_zones() if z not in sea(g))
    costs = g.zmap.path_costs(start, impassable=sea(g), stop_in=british)

    order = g.zmap.order.__getitem__

    def british_goals(with_points: bool) -> list[Candidate]:
        # Map order, never set order: ties are rolled for in list order (reproducible).
        out = []
        for z in sorted(british, key=order):
            if z in costs:
                points = g.points_in(z)
                if points > 0 or not with_points:
                    out.append(Candidate(z, costs[z], points))
        return out

    def german_goals(stacks: bool) -> list[Candidate]:
        out = []
        for z in sorted(g.german_zones(), key=order):
            if z == start or z not in costs:
                continue
            n = len(g.stacks[z])
            # A full stack stays a goal: the unit heads for it and joins only if there is room.
            if (n > 1) == stacks:
                out.append(Candidate(z, costs[z], g.points_in(z)))
        return out

    def beaches() -> list[Candidate]:
        return [Candidate(z, costs[z]) for z in g.scenario.zones_tagged("beach") if z in costs and g.side_in(z) != BRITISH]

    def radar() -> list[Candidate]:
        where = _radar_zone(g)
        return [Candidate(where, costs[where])] if where is not None and where in costs else []

    return [
        Priority("nearest British stack with the most stacking points", lambda: british_goals(True), enter=False),
        Priority("nearest British unit", lambda: british_goals(False), enter=False),
        Priority("nearest German stack to join", lambda: german_goals(True), enter=True),
        Priority("nearest German unit to join", lambda: german_goals(False), enter=True),
        Priority("a beach zone", beaches, enter=True),
        Priority("the Würzburg radar", radar, enter=True),
    ]


def _radar_zone(g: GameState) -> str | None:
    w = g.wurzburg
    if w.status == "intact":
        return g.scenario.wurzburg_zone
    if w.status == "dismantled":
        if w.carrier is not None:
            return g.pieces[w.carrier].zone or None
        return w.zone
    return None


def move_stack(g: GameState, start: str, movers: list[Piece], allowance: int) -> None:
    """Move one German stack by the priority list (see the module docstring)."""
    chosen = choose_goal(priorities(g, start, movers), g.roll)
    for p in movers:
        p.acted = True
    # The journal's words, only when a journal is kept (a series keeps none).
    names = ", ".join(p.label() for p in movers) if g.journal.enabled else ""
    if chosen is None:
        g.log(f"{names} in {start}: no goal within reach, they stay.")
        return
    priority, goal = chosen
    blocked = sea(g) | g.british_zones()
    enter = priority.enter and (g.side_in(goal.zone) != GERMAN or any(g.room_for(goal.zone, [p]) for p in movers))
    path = walk_toward(g.zmap, start, goal.zone, allowance, g.roll, impassable=blocked, enter_goal=enter)
    if not path:
        g.log(f"{names} in {start} head for {goal.zone} ({priority.name}) but cannot move closer.")
        return
    for zone in path:
        g.move_pieces(movers, zone)
        if zone in g.markers:
            activate(g, zone, f"{names} moving through")
    surplus = _surplus(g, path[-1], movers)
    back = [*reversed(path[:-1]), start]
    placed = place_surplus(g, surplus, back)
    if not g.journal.enabled:
        return
    g.log(
        f"{names} move {start} -> {' -> '.join(path)} toward {goal.zone} ({priority.name})"
        + (f"; over the stacking limit, {_where(placed)}" if placed else "")
        + "."
    )


def _where(placed: list[tuple[Piece, str]]) -> str:
    """``a, b stay in X; c stays in Y`` (zones in the order reached)."""
    by_zone: dict[str, list[str]] = {}
    for p, zone in placed:
        by_zone.setdefault(zone, []).append(p.label())
    return "; ".join(f"{', '.join(names)} stay in {zone}" for zone, names in by_zone.items())


def _surplus(g: GameState, zone: str, movers: list[Piece]) -> list[Piece]:
    """The weakest of the arriving units, as few as needed to respect the limit."""
    return surplus(movers, g.points_in(zone) - g.zmap.zone(zone).stacking, GERMAN_ORDER)


def german_movement(g: GameState) -> None:
    """Phase E.2: every mobile German stack that has not fought moves (rule 8.2)."""
    allowance = german_allowance(g.alert.level, dict(g.scenario.alert_movement))
    if allowance == 0:
        g.log(f"Alert {g.alert.level}: the Germans have no movement points.")
        return
    holds = g.holds_post
    while True:
        # Rebuilt after every stack's move: a marker it activates places units that may
        # move too. can_move inlined, acted first (most pieces have, once stacks moved).
        ready = {}
        for zone, stack in g.stacks.items():
            if not stack:
                continue
            movers = [p for p in stack if not p.acted and p.side == GERMAN and p.kind.mobile and p.id not in holds]
            if movers:
                ready[zone] = movers
        first = next_to_move(ready, g.zmap.order)
        if first is None:
            return
        move_stack(g, first, ready[first], allowance)
