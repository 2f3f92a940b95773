"""Fast paths of the automatic games (issue #13) against their plain definitions.

The win chances in 36ths come from a table, the front lines from plain loops, the German
contact from the British zones, the route searches on zone numbers (their blocked zones
found as bits), the player's German attack values from a loop: each is compared here
with the plain reading, on every case or on the boards of whole automatic games.
"""

from __future__ import annotations

import itertools
import random

import pytest

from paragraphs_raids.combat import attack_base
from paragraphs_raids.dice import PrngRoller, RollNote
from paragraphs_raids.german_ai import best_with_random_ties
from paragraphs_raids.stacks import BRITISH, GERMAN, Factors, Piece, UnitKind
from paragraphs_raids.state import RaidState

from paragraphs_bruneval import policy
from paragraphs_bruneval.game.state import GameState, Options
from paragraphs_bruneval.game.turn import play_game
from paragraphs_bruneval.routefinding import FAR
from paragraphs_bruneval.rules import combat, drop, embarkation, german_combat, german_movement, movement, objectives, officers
from paragraphs_bruneval.scenario import Scenario, load_scenario


@pytest.fixture(scope="module")
def scenario() -> Scenario:
    return load_scenario()


def test_wins_in_36_table_is_the_chance_of_two_d6() -> None:
    for margin in range(-12, 13):
        assert policy._wins_in_36(margin) == policy.wins_in_36(margin), margin
    assert policy._wins_in_36(-6) == 0 and policy._wins_in_36(5) == 36


def _pieces() -> list[Piece]:
    """Pieces of every role, factor and side the front lines weigh (equal ones included)."""
    out = []
    roles = ("infantry", "engineers", "officer", "radar_operator")
    for i, (role, attack, defence, reduced) in enumerate(itertools.product(roles, (1, 2, 3), (1, 3), (False, True))):
        full = Factors.of(move=4, points=1, attack=attack, defence=defence)
        back = Factors.of(move=4, points=1, attack=attack - 1, defence=defence) if attack > 1 else None
        kind = UnitKind(f"k{i}", GERMAN if i % 2 else "british", role, full, back, role != "officer")
        out.append(Piece(f"p{i}", kind, f"P{i}", "g", reduced=reduced and back is not None))
    return out


def test_front_lines_are_the_plain_min_and_max() -> None:
    pieces = _pieces()
    checked = 0
    for size in (1, 2, 3):
        for stack in itertools.islice(itertools.permutations(pieces, size), 4000):
            for attacking in (True, False):
                plain = min(stack, key=combat.british_front_order(attacking))
                assert combat.default_british_front(stack, attacking) is plain
            assert combat.strongest_attacker(stack) is max(stack, key=combat.strongest_attack)
            checked += 1
    assert checked > 4000
    with pytest.raises(ValueError):
        combat.default_british_front([], True)


def test_moving_order_is_the_stable_sort_by_officer_and_zone(scenario: Scenario) -> None:
    rank = scenario.zmap.order
    zones = list(rank)[:6]
    pieces = _pieces()
    rng = random.Random(5)
    for _ in range(500):
        groups: dict[tuple[str, str], list[Piece]] = {}
        for _ in range(rng.randint(1, 7)):
            groups[(rng.choice(zones), rng.choice(("boats", "hold", "W", "VILLA")))] = rng.sample(pieces, rng.randint(1, 3))
        plain = sorted(groups.items(), key=lambda kv: (not any(p.role == "officer" for p in kv[1]), rank[kv[0][0]]))
        assert policy._in_moving_order(list(groups.items()), rank) == plain


def _plain_attackers(g: GameState) -> list[str]:
    british, german = g.zones_of_sides()
    return [z for z in sorted(german, key=g.zmap.order.__getitem__) if not british.isdisjoint(g.zmap.neighbours(z)) and german_combat.fighters_in(g, z)]


def _plain_attack(g: GameState, zone: str) -> int | None:
    enemies = [p for p in g.stacks.get(zone, []) if p.side == GERMAN and p.role != "radar_operator"]
    if not enemies:
        return None
    return attack_base(max(enemies, key=lambda p: p.attack), enemies, combat.counts_for_bonus(g.options.commando)).base


def _plain_weights(g: GameState, player: policy.DefaultPolicy) -> dict[str, int]:
    """Route weights near the face-down markers, once the alert is raised: per zone the
    highest closeness (reach + 1 - R) to a marker within reach, times the player's weight."""
    if g.alert.level <= 1:
        return {}
    reach = g.params.activation_max_radius
    weights: dict[str, int] = {}
    for marker in g.markers:
        for zone, r in g.zmap.radii_from(marker, g.zmap.movable_kinds()).items():
            if 0 < r <= reach:
                weights[zone] = max(weights.get(zone, 0), player.marker_weight * (reach + 1 - r))
    return weights


def _plain_blocks(player: policy.DefaultPolicy, g: GameState, zone: str, goal: str, target: str) -> bool:
    """``target`` blocks the way to ``goal``: the cheapest way there crossing it (or not)
    is over ``detour`` PM cheaper than the way around it, by the full searches."""
    dest = player._destinations(g, goal)
    if not dest:
        return False
    blocked = frozenset(g.markers) | g.german_zones() | g.boat_only_zones
    around = _nearest(g, zone, dest, blocked)
    through = _nearest(g, zone, [target], blocked - {target}) + _nearest(g, target, dest, blocked)
    direct = min(around, through)
    return direct < FAR and around > direct + player.detour


def _nearest(g: GameState, start: str, goals: list[str], blocked: frozenset[str]) -> int:
    costs = g.zmap.path_costs(start, stop_in=blocked)
    return min(costs.get(d, FAR) for d in goals)


class _Checking:
    """The default player, checking the German contact against the plain reading first."""

    def __init__(self) -> None:
        self.player = policy.DefaultPolicy()
        self.checked = 0
        self.targets = 0
        self.weighed = 0
        self.penalties = 0
        self.blocking = 0
        self.shared = 0
        self.landings = 0

    def british_phase(self, g: GameState) -> None:
        # Each side's zones from its pieces, against every entry of the board.
        assert g.british_zones() == RaidState.zones_of_side(g, BRITISH), g.turn
        assert g.german_zones() == RaidState.zones_of_side(g, GERMAN), g.turn
        assert g.pieces_of_side() == list(g.pieces.values()), g.turn
        assert objectives.engineers_alive(g) == any(p.role == "engineers" and p.id not in g.eliminated for p in g.pieces.values())
        # Where a paratrooper would land (written out), against the plain closure.
        for letter in ("A", "B", "C"):
            numbered = g.scenario.drop_zone(letter)
            for piece in g.pieces_of_side(BRITISH)[::3]:
                for rolled in numbered:
                    plain = drop.landing_zone(numbered, rolled, lambda z: g.side_in(z) != GERMAN and g.room_for(z, [piece]))
                    assert drop.landing_zone_for(g, piece, numbered, sorted(numbered), rolled) == plain
                    self.landings += 1
        # The German stacks ready to move (from the German pieces), against every stack.
        movers = {z: [p for p in stack if german_movement.can_move(g, p)] for z, stack in g.stacks.items()}
        assert german_movement.ready_to_move(g) == {z: m for z, m in movers.items() if m}, g.turn
        assert [a.zone for a in german_combat.attackers(g)] == _plain_attackers(g), g.turn
        # The player's German attack values (a loop for max) and its route searches' zones
        # not to enter (found by bits of map rank), against the plain readings.
        view = policy._EnemyView(g, self.player._routes_now)
        for zone in g.zmap.by_id:
            assert view.attack(g, zone) == _plain_attack(g, zone), zone
        routes = self.player._routes_now(g)
        assert routes.around == frozenset(g.markers) | g.german_zones() | g.boat_only_zones
        # The British zones of the player's attacks (ranks read from the stacks' values).
        assert policy._british_zones_in_order(g) == g.zmap.in_order(g.british_zones())
        # The groups the player moves (stack by stack), against the plain dict by
        # (zone, goal) of every British piece, the board read stack by stack.
        plain_groups: dict[tuple[str, str], list[Piece]] = {}
        for p in g.on_map(BRITISH):
            if not p.acted and p.role != "boat" and p.zone not in g.lookups.boat_only_zones:
                plain_groups.setdefault((p.zone, self.player.goal(g, p)), []).append(p)
        groups = self.player._moving_groups(g)
        assert groups == list(plain_groups.items())
        self.shared += any(a[0][0] == b[0][0] for a, b in itertools.combinations(groups, 2))
        # The marker weights by map rank (max per zone, in a list), against the plain dict.
        assert routes.weights == self.player._marker_weights(g) == _plain_weights(g, self.player)
        self.weighed += bool(routes.weights)
        # The embarkation penalty read near each embarkation zone, against the plain
        # reading from every German zone of the board.
        germans = {z for z, stack in g.stacks.items() if any(p.side == GERMAN for p in stack)}
        for zone in g.lookups.embarkation:
            extra = embarkation.extra_for(g, zone)
            assert extra == embarkation.embark_extra(g.zmap, zone, germans, g.params.embark_penalty), zone
            self.penalties += extra > 0
        assert g.zmap is g.scenario.zmap
        for zone in g.zmap.by_id:
            assert g.zmap.linked(zone) == tuple(g.zmap.neighbours(zone))
        # The German target among British zones (a loop on int keys) against the plain key.
        british = g.zmap.in_order(g.british_zones())
        for n in range(2, len(british) + 1):
            seed = self.checked * 31 + n
            plain_notes: list[RollNote] = []
            fast_notes: list[RollNote] = []
            plain = best_with_random_ties(british[:n], german_combat.target_key(g), PrngRoller(seed, notes=plain_notes), "target")
            fast = german_combat.best_target(g, british[:n], PrngRoller(seed, notes=fast_notes), "target")
            assert (fast, fast_notes) == (plain, plain_notes)
            self.targets += 1
        # Whether a German zone next to a British stack blocks the way to any goal (with
        # the player's shortcuts), against the full searches.
        for zone in g.british_zones():
            for target in g.zmap.linked(zone):
                if g.side_in(target) == GERMAN:
                    for goal in ("boats", g.wurzburg_zone, g.villa_zone):
                        blocks = self.player._blocks(g, zone, goal, target)
                        assert blocks == _plain_blocks(self.player, g, zone, goal, target), (zone, goal, target)
                        self.blocking += blocks
        self.checked += 1
        self.player.british_phase(g)


def test_german_contact_is_the_plain_reading(scenario: Scenario) -> None:
    checking = _Checking()
    for seed in range(12):
        play_game(scenario, seed, checking, Options(commando=seed % 2 == 1), record=False)
    assert checking.checked > 60
    assert checking.targets > 100
    assert checking.weighed > 10  # boards with markers after the alert were met
    assert checking.penalties > 10  # and Germans near the boats
    assert checking.blocking > 10  # and German zones in the way
    assert checking.shared > 5  # zones holding two groups (two goals) were met
    assert checking.landings > 1000


def test_quiet_dice_are_the_noted_ones() -> None:
    """A series' roller (no notes) rolls movement capacity, landing and officer loss dice
    without wording their purposes (quiet_prng): the same faces as a noting roller."""
    for seed in range(30):
        notes: list[RollNote] = []
        quiet, noted = PrngRoller(seed), PrngRoller(seed, notes=notes)
        for radius in (None, 0, 1, 2, 5):
            assert movement.british_capacity(4, radius, quiet, carry_limit=3) == movement.british_capacity(4, radius, noted, carry_limit=3)
        for _ in range(10):
            assert drop.roll_landing("unit", quiet) == drop.roll_landing("unit", noted)
            assert officers.officer_falls(quiet) == officers.officer_falls(noted)
        assert len(notes) == 3 + 20
