"""Rule 3: setting up a game from the scenario."""

from __future__ import annotations

from paragraphs_raids.alert import AlertTrack
from paragraphs_raids.dice import Roller
from paragraphs_raids.markers import ActivationMarkers
from paragraphs_raids.stacks import Piece

from paragraphs_raids.journal import Journal
from paragraphs_bruneval.game.state import GameState, Options, Wurzburg
from paragraphs_bruneval.scenario import Scenario


def new_game(scenario: Scenario, roll: Roller, options: Options = Options(), journal: Journal | None = None) -> GameState:
    """A game at the start of turn 1: posts set up, markers dealt, the British in the air.

    Rule 3.1 puts the posts on the map and deals six A and four B markers face down at
    random (the picks are rolled with a d6 and journaled). Rule 18 swaps the LCAs for the
    lighter ones and puts a Commando aboard each.
    """
    g = GameState(scenario=scenario, roll=roll, options=options, journal=journal or Journal())
    g.phase = "setup"
    g.alert = AlertTrack(level=0, minimum=0, maximum=scenario.alert_maximum, events=dict(scenario.alert_events))
    for cid, spec in scenario.counters.items():
        if spec.group == "commandos" and not options.commando:
            continue
        kind = spec.kind
        if spec.group == "boats" and options.commando and "lca_light" in scenario.kinds:
            kind = scenario.kinds["lca_light"]
        g.pieces[cid] = Piece(cid, kind, spec.name, spec.group)
    for placement in scenario.setup:
        for cid in placement.counters:
            g.place(g.pieces[cid], placement.zone)
    g.holds_post = scenario.holds_post()
    g.wurzburg = Wurzburg("intact", scenario.wurzburg_zone, None)
    g.garrison_pool = [c for c in scenario.group_counters("garrison")]
    g.reinforcement_pool = [c for c in scenario.group_counters("reinforcements")]
    if options.commando:
        boats = scenario.group_counters("boats")
        for boat, commando in zip(boats, scenario.group_counters("commandos"), strict=False):
            g.aboard.setdefault(boat, []).append(commando)
    # (deal_with_roller: deal with a picking closure, written out; the same picks and words)
    g.markers = ActivationMarkers.deal_with_roller(
        scenario.activation_zones(),
        {letter: list(ms.backs) for letter, ms in scenario.marker_sets.items()},
        roll,
        "set-up",
    )
    g.log(f"Posts manned, {len(g.markers)} activation markers dealt face down; alert 0.")
    return g
