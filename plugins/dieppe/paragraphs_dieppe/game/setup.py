"""Rule 3: setting up a game from the scenario."""

from __future__ import annotations

from paragraphs_raids.alert import AlertTrack
from paragraphs_raids.dice import Roller
from paragraphs_raids.journal import Journal
from paragraphs_raids.markers import ActivationMarkers, Container
from paragraphs_raids.stacks import GERMAN, Piece

from paragraphs_dieppe.game.state import GameState, Options
from paragraphs_dieppe.scenario import Scenario


def new_game(scenario: Scenario, roll: Roller, options: Options = Options(), journal: Journal | None = None) -> GameState:
    """A game at the start of turn 1 (rule 3).

    The posts (Flak, Hess, pillboxes) stand in their zones, the LCAs wait in G1 and G2
    with their cargo (content ``loading``), the garrison and the reinforcements are in
    their containers, the A and B markers are dealt face down per letter (ruling R4, each
    pick a journaled d6), the telephone markers are in the T zones and the alarm is on 0
    (2 under the optional rule Alarm!).
    """
    g = GameState(scenario=scenario, roll=roll, options=options, journal=journal or Journal())
    g.phase = "setup"
    g.alarm = AlertTrack(
        maximum=scenario.alarm_maximum,
        level=2 if options.alarm else 0,
        events=dict(scenario.alert_events),
        repeat=scenario.alert_repeat,
    )
    for cid, spec in scenario.counters.items():
        g.pieces[cid] = Piece(cid, spec.kind, spec.name, spec.group)
    for zone, counters in scenario.setup.items():
        placed = [g.pieces[cid] for cid in counters]
        if zone not in g.stacks and placed and all(p.side == GERMAN for p in placed):
            # What placing them one by one gives (each German placing sorts the stack
            # again, and the sort is stable), in one sort.
            for p in placed:
                p.zone = zone
            g.stacks[zone] = sorted(placed, key=g.german_key)
            g.board_version += 1
            g.sides_version += 1
            continue
        for p in placed:
            g.place(p, zone)
    for lca, cargo in scenario.loading.items():
        g.aboard[lca] = list(cargo)
    # A counter's type is its role. Read through the pieces rather than through ``g``: a
    # closure over the game would tie the game to itself, and a Monte Carlo series would
    # leave each finished game to the cyclic garbage collector instead of freeing it at once.
    role_of = _RoleOf(g.pieces)
    g.garrison = Container(scenario.group_counters("garrison"), role_of)
    g.reinforcements = Container(scenario.group_counters("reinforcements"), role_of)
    g.markers = ActivationMarkers.deal_with_roller(scenario.activation_zones(), scenario.marker_backs, roll)
    g.telephones = set(scenario.telephones)
    g.log_line(f"LCAs loaded in G1 and G2, posts manned, {len(g.markers)} A/B markers dealt face down; alarm {g.alarm.level}.")
    return g


class _RoleOf:
    """A counter id -> its piece's role (the containers' type of a counter)."""

    __slots__ = ("pieces",)

    def __init__(self, pieces: dict[str, Piece]) -> None:
        self.pieces = pieces

    def __call__(self, counter: str) -> str:
        return self.pieces[counter].role
