"""Fixtures for the Bruneval tests: the installed title's scenario, and small made-up boards."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from types import SimpleNamespace

import pytest

from paragraphs.plugins import PluginHost, make_plugin_manager
from paragraphs_raids.alert import AlertTrack
from paragraphs_raids.dice import ScriptedRoller
from paragraphs_raids.markers import ActivationMarkers
from paragraphs_raids.stacks import Piece
from paragraphs_raids.zonemap import Connection, Zone, ZoneMap

from paragraphs_raids.journal import Journal
from paragraphs_bruneval.game.state import GameState, Options
from paragraphs_bruneval.scenario import Scenario, load_scenario

# Line kinds of the Bruneval content (their costs come from the scenario).
SOLID = "solid"
DASHED = "dashed"
RED = "red_dashed"

# terrain shorthand: (protection, stacking)
OPEN = (0, 10)
PROTECTED = (1, 8)
BUNKER = (3, 4)


@pytest.fixture(scope="session")
def host() -> PluginHost:
    return make_plugin_manager()


@pytest.fixture(scope="session")
def scenario(host: PluginHost) -> Scenario:
    return load_scenario(host, use_cache=False)


def small_game(
    scenario: Scenario,
    zones: Iterable[tuple[str, tuple[int, int]] | tuple[str, tuple[int, int], set[str]]],
    links: Iterable[tuple[str, str, str]],
    dice: Iterable[int] = (),
    *,
    alert: int = 0,
    options: Options = Options(),
) -> GameState:
    """A game on a made-up map, with the title's units, tables and numbers."""
    zone_list = []
    records = {}
    for item in zones:
        zid, (protection, stacking) = item[0], item[1]
        tags = frozenset(item[2]) if len(item) > 2 else frozenset()  # type: ignore[misc]
        zone_list.append(Zone(zid, zid, protection, stacking, tags))
        records[zid] = {"id": zid, "tags": sorted(tags)}
    zmap = ZoneMap(zone_list, [Connection(a, b, k) for a, b, k in links], scenario.zmap.costs)
    small = dataclasses.replace(scenario, zmap=zmap, zone_records=records, boat_only_zones=frozenset(z.id for z in zone_list if "embarkation" in z.tags))
    g = GameState(scenario=small, roll=ScriptedRoller(list(dice), scenario.conventions), options=options, journal=Journal())
    g.alert = AlertTrack(level=alert, maximum=6, events=dict(scenario.alert_events))
    g.markers = ActivationMarkers({})
    for cid, spec in scenario.counters.items():
        g.pieces[cid] = Piece(cid, spec.kind, spec.name, spec.group)
    g.garrison_pool = scenario.group_counters("garrison")
    g.reinforcement_pool = scenario.group_counters("reinforcements")
    g.turn = 5
    return g


def put(g: GameState, zone: str, *ids: str, reduced: Iterable[str] = (), acted: Iterable[str] = ()) -> list[Piece]:
    """Place counters (in this order, top first) in ``zone``."""
    out = []
    for cid in ids:
        p = g.pieces[cid]
        p.reduced = cid in set(reduced)
        p.acted = cid in set(acted)
        g.place(p, zone)
        out.append(p)
    return out


def texts(g: GameState) -> list[str]:
    return [e.text for e in g.journal.entries]


@pytest.fixture(scope="session")
def kit() -> SimpleNamespace:
    """Helpers for made-up boards (tests import nothing from this file: with
    ``--import-mode=importlib`` a plain ``import conftest`` finds the root one)."""
    return SimpleNamespace(
        small_game=small_game, put=put, texts=texts, OPEN=OPEN, PROTECTED=PROTECTED, BUNKER=BUNKER, SOLID=SOLID, DASHED=DASHED, RED=RED
    )
