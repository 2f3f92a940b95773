"""Rule 4: the sequence of play, and a whole automatic game.

Each of the 13 turns runs phases A (unexpected events, turns 1-2), B (boats, from turn
10), C (British actions: arrivals, then the policy), D (alert level), E (German combat,
movement, reinforcements), F (markers off, dismantling counted, turn marker on) and G
(victory: the game also ends once no British unit is left on the map or to come).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from paragraphs_raids.dice import PrngRoller, Roller
from paragraphs_raids.stacks import BRITISH

from paragraphs_raids.journal import GameResult, Journal
from paragraphs_bruneval.game.setup import new_game
from paragraphs_bruneval.game.state import GameState, Options
from paragraphs_bruneval.rules import alert, boats, drop, events, german_combat, german_movement, objectives, reinforcements, stacking, victory
from paragraphs_bruneval.scenario import Scenario


TITLE = "bruneval"


class BritishPlayer(Protocol):
    """What the game asks of a British policy: play phase C of the current turn."""

    def british_phase(self, g: GameState) -> None: ...


def phase_c_arrivals(g: GameState) -> None:
    """Drops due this turn (rule 7) and late groups entering at 5C (rule 5c)."""
    for turn, groups in g.params.drop_waves:
        if turn != g.turn:
            continue
        jumping = [grp for grp in groups if grp not in g.lost_groups]
        alert.jumps(g, jumping)
        for group in jumping:
            if group in g.late_entries:
                g.log(f"{g.scenario.groups[group].get('name', group)} jumps off course; it will come in on turn {g.late_entries[group]}.")
                continue
            drop.drop_group(g, group)
    for group, turn in sorted(g.late_entries.items()):
        if turn == g.turn:
            enter_late(g, group)


def enter_late(g: GameState, group: str) -> None:
    """Rule 5c: the late group comes in at 5C with its action taken.

    Ruling: if German units hold 5C the group waits one more turn.
    """
    zone = g.scenario.entry("5C")
    if g.side_in(zone) == "german":
        g.late_entries[group] = g.turn + 1
        g.log(f"Germans hold {zone}: {group} waits a turn.")
        return
    for cid in g.lookups.counters_of_group(group):
        if cid in g.eliminated:
            continue
        piece = g.pieces[cid]
        g.place(piece, zone)
        piece.acted = True
    g.dropped_groups.add(group)
    del g.late_entries[group]
    g.log(f"{g.scenario.groups[group].get('name', group)} comes in at {zone}.")


def end_of_turn(g: GameState) -> None:
    """Phase F: count the dismantling turn, lift every action marker."""
    objectives.count_dismantling_turn(g)
    for p in g.pieces_of_side():  # (every piece, as a list kept for the game)
        p.acted = False
    g.capacity.clear()
    g.boats_fought.clear()


def british_left(g: GameState) -> bool:
    """Whether any British unit is still on the map or still to arrive."""
    # The British counters, not every piece on the map (asked every turn): a piece is on
    # the map exactly when it has a zone.
    pieces = g.pieces
    for cid in g.lookups.counters_of_side(BRITISH):
        p = pieces.get(cid)
        if p is not None and p.zone and p.side == BRITISH and p.role != "boat":
            return True
    waiting = [grp for t, groups in g.params.drop_waves for grp in groups if t > g.turn and grp not in g.lost_groups]
    return bool(waiting) or any(t > g.turn for t in g.late_entries.values())


def play_turn(g: GameState, player: BritishPlayer) -> None:
    """Phases A to F of the current turn.

    With ``g.check_stacking`` (under the default surplus ruling) the stacking limits are
    checked after every phase: :class:`~paragraphs_bruneval.rules.stacking.StackingBroken`
    stops the game where a limit broke.
    """
    p = g.params
    check = g.check_stacking and g.ruling("german_surplus") == stacking.STEP_BACK
    if g.turn in p.event_turns and g.options.events:
        g.phase = "A"
        events.phase_a(g)
    g.phase = "B"
    boats.phase_b(g)
    if check:
        stacking.check_stacking(g)
    g.phase = "C"
    phase_c_arrivals(g)
    g.in_w_at_start = objectives.eligible_in_w(g)
    player.british_phase(g)
    if check:
        stacking.check_stacking(g)
    g.phase = "D"
    alert.adjust(g)
    g.phase = "E"
    german_combat.german_combat(g)
    if check:
        stacking.check_stacking(g)
    german_movement.german_movement(g)
    if check:
        stacking.check_stacking(g)
    reinforcements.german_reinforcements(g)
    if check:
        stacking.check_stacking(g)
    g.phase = "F"
    end_of_turn(g)


def play_game(
    scenario: Scenario,
    seed: int,
    player: BritishPlayer,
    options: Options = Options(),
    *,
    record: bool = True,
    roller: Roller | None = None,
    policy: str = "default",
    check: bool = False,
    finished: Callable[[GameState], None] | None = None,
) -> GameResult:
    """A whole automatic game; the same seed gives the same game.

    ``check`` verifies the stacking limits after every phase (see :func:`play_turn`);
    ``finished`` is given the final state (``play --auto --svg`` draws it).
    """
    journal = Journal(enabled=record)
    roll = roller or PrngRoller(seed, scenario.conventions, journal.notes if record else None)
    g = new_game(scenario, roll, options, journal)
    g.check_stacking = check
    turns = 0
    for turn in range(1, scenario.params.turns + 1):
        g.turn = turn
        turns = turn
        play_turn(g, player)
        if not british_left(g):
            g.phase = "G"
            g.log("No British unit is left on the map: the game ends.")
            break
    g.phase = "G"
    s = victory.score(g)
    g.log(f"Victory: {s.vp} VP, {s.level} ({'; '.join(s.reasons)}).")
    if finished is not None:
        finished(g)
    return GameResult(TITLE, seed, s.vp, s.level, s.reasons, turns, journal, options.to_json(), policy)
