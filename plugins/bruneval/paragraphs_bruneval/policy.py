"""The default British player: go for the objectives, then get back to the boats.

A policy is a plugin point (``paragraphs_register_policies``); this one plays phase C
through :mod:`paragraphs_bruneval.game.actions` only, so it can never break a rule.

Plan, group by group (rule 3.3 and the design notes of rule 19):

* **Drake** with the engineers makes for W (Henry), clears it, and the engineers stay there
  until the radar is dismantled; then everyone carries it to the beach.
* **Rodney** takes the Villa's radar operator, destroys the Villa, then goes to hold the
  beach (W holds only Drake: its 8 stacking points leave no room for a second group).
* **Nelson**, and Rodney once the Villa is done, hold their ground (a stack that does not
  act keeps its stacking bonuses in defence) until ``beach_turn``, then go to the beach,
  which thins the posts around it (German combat is compulsory and a failed attack costs
  the attacker) and helps the boats come (rule 14).
* From ``withdraw_turn`` (or as soon as the boats are in) every unit heads for the boats,
  except Drake, which stays with its engineers at W until the radar is dismantled or
  ``give_up_turn`` comes; units carrying the radar go at once.

A group scattered by the drop first gathers at its officer. Each turn: objective attempts first, then attacks worth making (an objective, a lone radar
operator, a zone blocking the way, or a fight with good odds), then movement along the
cheapest route with the officer, then embarkation and sailing.

Speed (issue #13.3): between two of its own actions the board does not change, and the
German side changes only when the player fights or a move turns a marker over. So the
player reads the board through two views: the goals of its groups (dropped after any
action), and :class:`_EnemyView` (route searches, German attack and defence values,
marker weights; dropped when a marker is turned over, and after a combat cut down to what
did not read the stack attacked). The decisions are those of reading the board afresh
every time (``tests/test_golden_journals.py``: the same games byte for byte;
``tests/test_policy_views.py``: a kept view against a fresh one).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import cache
from typing import Final

from paragraphs_raids import chances
from paragraphs_raids.combat import attack_base, defence_base, stack_terms
from paragraphs_raids.stacks import BRITISH, GERMAN, NO_PIECES, Piece, front_line

from paragraphs_bruneval.game import actions
from paragraphs_bruneval.game.state import LAST_RESORT, WURZBURG, GameState
from paragraphs_bruneval.rules.combat import PROTECTION_SIGN, counts_for_bonus, default_british_front
from paragraphs_bruneval.routefinding import FAR, RankedMap, costs_toward, nearest_by_rank, ranked, toward_by_rank
from paragraphs_bruneval.rules.commando import GROUP, boat_fighter, commando_aboard
from paragraphs_bruneval.rules.embarkation import assign_to_boats, extra_for
from paragraphs_bruneval.rules.objectives import who_attempts


@cache
def win_chance(margin: int) -> Fraction:
    """P(attack + d6 >= defence + d6) when attack - defence = ``margin`` (rule 9)."""
    return chances.win_chance(margin, "d6", "d6")


def wins_in_36(margin: int) -> int:
    """:func:`win_chance` in 36ths (two d6: exact), summed as integers by :meth:`DefaultPolicy.expected_hits`."""
    chance = win_chance(margin) * 36
    assert chance.denominator == 1
    return chance.numerator


#: :func:`wins_in_36` of the margins where two d6 leave the outcome open (-5 to 4, from
#: the lowest): read for every attack and every German threat the player weighs, where
#: a table read costs less than a cached call (``tests/test_fast_paths.py``).
_WINS_36: Final = tuple(wins_in_36(margin) for margin in range(-5, 5))


def _wins_in_36(margin: int) -> int:
    """:func:`wins_in_36` from the table: no chance at -6 or below, a sure hit at 5 or over."""
    if margin < -5:
        return 0
    if margin > 4:
        return 36
    return _WINS_36[margin + 5]


@cache
def _odds(value: float) -> Fraction:
    """A setting as an exact fraction (hundredths); cached: a series makes a player per game."""
    return Fraction(value).limit_denominator(100)


@cache
def _odds_36(value: float) -> tuple[int, int]:
    """:func:`_odds` of a setting in whole 36ths, rounded down and rounded up; cached for
    the same reason (Fraction arithmetic runs interpreted: a few calls per player made)."""
    odds = _odds(value)
    return math.floor(odds * 36), math.ceil(odds * 36)


def _near_marker(rm: RankedMap, marker: str, reach: int) -> tuple[tuple[int, int], ...]:
    """The zones within ``reach`` of ``marker`` (itself apart) by map rank, with their
    closeness (``reach + 1 - R``), in the order of the map's radii: the same for a marker
    on every board, read for every board the player weighs routes on
    (:meth:`DefaultPolicy._weights_by_rank`), so kept with the map (:attr:`RankedMap.near`;
    a dict read costs less than a cached function's call)."""
    table = rm.near.get(reach)
    if table is None:
        table = rm.near[reach] = {}
    found = table.get(marker)
    if found is None:
        zmap, rank = rm.zmap, rm.rank
        found = table[marker] = tuple((rank[zone], reach + 1 - r) for zone, r in zmap.radii_from(marker, zmap.movable_kinds()).items() if 0 < r <= reach)
    return found


#: Goal of units that stay where they are, keeping their stacking bonuses for defence.
HOLD: Final = "hold"
#: Chances the player compares with, made once.
HALF: Final = Fraction(1, 2)
TENTH = Fraction(1, 10)


def _in_36(chance: Fraction) -> int:
    """A chance in whole 36ths rounded up: a chance of two d6 (a whole number of 36ths) is
    at or over the chance exactly when it is at or over this."""
    return math.ceil(chance * 36)


#: The fixed chances in 36ths, made once (hashing a Fraction to look one up costs more).
HALF_36: Final = _in_36(HALF)
TENTH_36: Final = _in_36(TENTH)


class _Routes:
    """Route searches around one set of zones British units may not enter, with one set of
    marker weights: they depend on nothing else (and the map), so they are kept for as
    long as the view of the German side that made them is kept (:class:`_EnemyView`).
    """

    def __init__(self, rm: RankedMap, around: list[bool], weights_by_rank: list[int]) -> None:
        # Both by map rank, for the searches (routefinding.RankedMap): ``around`` as a
        # flag per rank, the weights as a number per rank (0: none); the zones' set and
        # dict are made only when asked (:attr:`around`, :attr:`weights`).
        self.map = rm
        self._around = around
        self._weights = weights_by_rank
        self._toward: dict[tuple[str, str], list[int]] = {}
        self._nearest: dict[tuple[str, tuple[str, ...]], int] = {}
        self._routes: dict[tuple[str, str], list[tuple[str, int]]] = {}

    @property
    def around(self) -> frozenset[str]:
        """Zones a British unit may not enter on the way: German zones, marked zones and
        the sea (embarkation zones, entered only to embark)."""
        ids = self.map.ids
        return frozenset(ids[rank] for rank, flag in enumerate(self._around) if flag)

    @property
    def weights(self) -> dict[str, int]:
        """Route weight near the markers by zone (:meth:`DefaultPolicy._marker_weights`)."""
        ids = self.map.ids
        return {ids[rank]: weight for rank, weight in enumerate(self._weights) if weight}

    def toward(self, start: str, target: str) -> list[int]:
        """Weighted route costs to ``target`` around :attr:`around` by map rank (FAR: not
        reached), as far as a route from ``start`` needs them
        (:func:`~paragraphs_bruneval.routefinding.costs_toward`)."""
        key = (start, target)
        to = self._toward.get(key)
        if to is None:
            rm = self.map
            if self._around[rm.rank[start]]:
                # Never settled by the goal-directed search: the full one.
                full = costs_toward(rm.zmap, target, start, self.around, self.weights)
                to = [full.get(zone, FAR) for zone in rm.ids]
            else:
                to = toward_by_rank(rm, rm.rank[target], rm.rank[start], self._around, self._weights)
            self._toward[key] = to
        return to

    def cost(self, start: str, target: str) -> int:
        """The weighted cost from ``start`` to ``target`` around :attr:`around` (FAR: none)."""
        return self.toward(start, target)[self.map.rank[start]]

    def nearest(self, start: str, goals: tuple[str, ...]) -> int:
        """Cost from ``start`` to the nearest of ``goals``, reaching the zones of
        :attr:`around` without crossing them (FAR: none is reached)."""
        key = (start, goals)
        cost = self._nearest.get(key)
        if cost is None:
            rank = self.map.rank
            cost = self._nearest[key] = nearest_by_rank(self.map, rank[start], tuple(rank[g] for g in goals), self._around)
        return cost

    def route(self, start: str, target: str) -> list[tuple[str, int]]:
        """The cheapest route from ``start`` toward ``target`` as (zone entered, PM spent so
        far): at each zone the first next step in content order that lies on a cheapest
        weighted route and may be entered; it stops short where no step may be entered."""
        key = (start, target)
        route = self._routes.get(key)
        if route is not None:
            return route
        to = self.toward(start, target)
        rm = self.map
        blocked, weights, lines, ids = self._around, self._weights, rm.lines, rm.ids
        route = []
        here, spent, end = rm.rank[start], 0, rm.rank[target]
        while here != end:
            best = to[here]
            for nxt, cost in lines[here]:
                # ZoneMap.next_steps's test, keeping only zones a British unit may enter
                # (actions.entry_blocked: German, marked and sea zones are ``blocked``);
                # a zone not reached costs FAR, on no cheapest route.
                rest = to[nxt]
                if not blocked[nxt] and cost + (weights[nxt] if rest else 0) + rest == best:
                    break
            else:
                break
            spent += cost
            route.append((ids[nxt], spent))
            here = nxt
        self._routes[key] = route
        return route


class _EnemyView:
    """The German side and the face-down markers as the player reads them.

    Made from the board when first needed in a phase. British moves change none of it, so
    what is kept here (the German values of attack and defence, and the route searches of
    :meth:`routes`) serves every decision in between. A marker turned over (garrison
    placed) drops it whole; a combat changes only the German stack attacked, so
    :meth:`after_combat` forgets what read that stack and keeps the rest
    (:meth:`DefaultPolicy._changed`; ``tests/test_policy_views.py`` compares a kept view
    with one made afresh at every reading).

    Attributes:
        markers: how many face-down markers lay when it was made (one fewer: a marker
            was turned over, and garrison units came with it).
    """

    def __init__(self, g: GameState, routes: Callable[[GameState], _Routes]) -> None:
        self.markers = len(g.markers.hidden)
        self._make_routes = routes
        self._routes: _Routes | None = None
        self._counts = counts_for_bonus(g.options.commando)
        self._defence: dict[str, int] = {}
        self._threats: dict[str, tuple[int, ...]] = {}
        self._attack: dict[str, int | None] = {}

    def routes(self, g: GameState) -> _Routes:
        """The route searches around the German and marked zones of now: looked up when
        first needed (many views serve only attack decisions, which need none)."""
        routes = self._routes
        if routes is None:
            routes = self._routes = self._make_routes(g)
        return routes

    def after_combat(self, g: GameState, target: str) -> None:
        """Forget what read the German stack of ``target``, which a combat has just changed
        (flipped, eliminated or reordered units): its attack and defence, the threats to the zones
        next to it, and the route searches if it is no longer German (they go around the
        German zones). No other German stack changes in a British combat."""
        self._defence.pop(target, None)
        self._attack.pop(target, None)
        for zone in g.zmap.linked(target):
            self._threats.pop(zone, None)
        if self._routes is not None and g.side_in(target) != GERMAN:
            self._routes = None

    def defence(self, g: GameState, target: str) -> int:
        """The defence value of the German stack in ``target`` before its die (rule 9)."""
        value = self._defence.get(target)
        if value is None:
            defenders = g.stack(target)
            front = front_line(defenders, LAST_RESORT)
            assert front is not None
            value = self._defence[target] = defence_base(front, defenders, self._counts, g.zmap.zone(target).protection, PROTECTION_SIGN).base
        return value

    def threats(self, g: GameState, zone: str) -> tuple[int, ...]:
        """Attack values (before the die) of the German stacks next to ``zone``: the
        strongest unit of each in front, radar operators left out (they never attack)."""
        found = self._threats.get(zone)
        if found is None:
            values = []
            for other in g.zmap.linked(zone):
                value = self.attack(g, other)
                if value is not None:
                    values.append(value)
            found = self._threats[zone] = tuple(values)
        return found

    def attack(self, g: GameState, zone: str) -> int | None:
        """The attack value (before the die) of the German stack in ``zone``, None when
        no German unit there attacks. Kept per zone: a German stack threatens every zone
        next to it, and the player weighs many of them as places to stop."""
        attacks = self._attack
        if zone in attacks:
            return attacks[zone]
        enemies = []
        for p in g.stacks.get(zone, NO_PIECES):
            if p.side == GERMAN and p.role != "radar_operator":
                enemies.append(p)
        value = None
        if enemies:
            # max(enemies, key=attack factor) as a loop (the first of the strongest), with
            # no key called through Python per piece.
            top = enemies[0]
            for p in enemies:
                if p.attack > top.attack:
                    top = p
            value = attack_base(top, enemies, self._counts).base
        attacks[zone] = value
        return value


def _group_of(groups: list[tuple[tuple[str, str], list[Piece]]], first: int, zone: str, goal: str) -> list[Piece]:
    """The members of the group of ``goal`` among ``groups[first:]`` (one stack's groups,
    in ``zone``), added at the end when it is not there yet
    (:meth:`DefaultPolicy._moving_groups`)."""
    for key, members in groups[first:]:
        if key[1] == goal:
            return members
    members = []
    groups.append(((zone, goal), members))
    return members


def _british_zones_in_order(g: GameState) -> list[str]:
    """``g.zmap.in_order(g.british_zones())``: the zones whose top piece is British, in map
    order. Their ranks are read from the board's stacks without their keys (a piece's zone
    is its stack's) and sorted as ints, with no set of zones made
    (``tests/test_fast_paths.py`` compares it with the plain reading)."""
    rm = ranked(g.zmap)
    rank = rm.rank
    ranks = []
    for stack in list(g.stacks.values()):  # (as in DefaultPolicy._moving_groups)
        for p in stack:
            if p.side == BRITISH:
                ranks.append(rank[p.zone])
            break
    ranks.sort()
    ids = rm.ids
    return [ids[r] for r in ranks]


def _in_moving_order(entries: list[tuple[tuple[str, str], list[Piece]]], rank: dict[str, int]) -> list[tuple[tuple[str, str], list[Piece]]]:
    """The groups of :meth:`DefaultPolicy._moves` ((zone, goal), pieces) in the order they
    move: stacks with an officer first (the others may then find him closer), then by
    zone rank, in their own order on a tie (a stable sort).

    Sorted as one int per group holding that key and then the group's place: ints sort
    natively compiled, where a key function is a keyword call into C
    (``tests/test_fast_paths.py`` compares it with the sort by key).
    """
    count, no_officer = len(entries), len(rank)
    keys = []
    for i, ((zone, _), pieces) in enumerate(entries):
        first = no_officer
        for p in pieces:
            if p.role == "officer":
                first = 0
                break
        keys.append((first + rank[zone]) * count + i)
    keys.sort()
    return [entries[key % count] for key in keys]


def _group_on_map(g: GameState, group: str) -> list[Piece]:
    """The British pieces of ``group`` on the map, in content order (what reading the board
    for them finds, in another order; the readers depend on none): read from the group's
    counters, as a piece is on the map exactly when it has a zone, not from every stack."""
    members = []
    pieces = g.pieces
    for cid in g.lookups.counters_of_group(group):
        p = pieces.get(cid)
        if p is not None and p.zone and p.side == BRITISH:
            members.append(p)
    return members


class DefaultPolicy:
    """Objectives first, then re-embark (see the module docstring).

    Args:
        withdraw_turn: the turn from which every unit heads for the boats.
        give_up_turn: the turn from which Drake stops waiting at W for the radar.
        beach_turn: the turn from which Nelson (and Rodney, its Villa done) go to the beach.
        rally_turns: turns a scattered group may spend gathering after its drop.
        risk: expected German hits a moving stack accepts where it stops.
        marker_weight: route weight per step of closeness to a face-down marker.
        detour: extra PM worth walking around a German zone rather than attacking it.
        stage_risk: expected hits accepted to stand next to a German-held goal.
        good_odds: the chance of hitting that makes an optional attack worth it.
        objective_odds: the chance accepted against an objective or a blocking zone.
    """

    id = "default"

    def __init__(self, withdraw_turn: int = 9, give_up_turn: int = 11, beach_turn: int = 7, good_odds: float = 0.9, objective_odds: float = 0.4, rally_turns: int = 2, risk: float = 0.5, marker_weight: int = 1, detour: int = 2, stage_risk: float = 1.5) -> None:
        self.withdraw_turn = withdraw_turn
        self.give_up_turn = give_up_turn
        self.beach_turn = beach_turn
        self.risk = _odds(risk)
        self.marker_weight = marker_weight
        self.detour = detour
        self.stage_risk = _odds(stage_risk)
        self.rally_turns = rally_turns
        self.landed: dict[str, int] = {}
        self.good_odds = _odds(good_odds)
        self.objective_odds = _odds(objective_odds)
        # The same limits in whole 36ths, rounded down: a danger counted in 36ths is at
        # or under a limit exactly when it is at or under these.
        self._risk_36 = _odds_36(risk)[0]
        self._stage_risk_36 = _odds_36(stage_risk)[0]
        # The chances an attack needs, in whole 36ths rounded up (_needed_36, _in_36).
        self._good_36 = _odds_36(good_odds)[1]
        self._objective_36 = _odds_36(objective_odds)[1]
        # The marker weights with their key (_weights_by_rank), and the flags of the
        # marked and sea zones with theirs (_fixed_around): they change rarely.
        self._weights: tuple[tuple[RankedMap, int, int, list[str] | None], list[int]] | None = None
        self._fixed: tuple[RankedMap, frozenset[str], list[str], list[bool]] | None = None
        # The views of the board kept between two actions (module docstring): the game
        # they belong to (None outside the British phase: nothing is kept then), the goal
        # of each group (radar carriers apart: goal), and the German side.
        self._board: GameState | None = None
        self._goals: dict[str, str] = {}
        self._enemy: _EnemyView | None = None
        #: Tests: compare the kept German view with a fresh one at every read
        #: (:meth:`_check_view`), counting the values compared in :attr:`views_checked`.
        self.check_views = False
        self.views_checked = 0

    # ------------------------------------------------------------------ the phase
    def british_phase(self, g: GameState) -> None:
        g.british_front = default_british_front
        self._board, self._enemy = g, None
        self._goals.clear()
        try:
            self._pick_up(g)
            self._objectives(g)
            self._land_commandos(g)
            self._attacks(g)
            self._boat_attacks(g)
            self._moves(g)
            self._sail(g)
        finally:
            self._board, self._enemy = None, None
            self._goals.clear()

    def _changed(self, g: GameState, *, attacked: str | None = None) -> None:
        """Drop what an action may have made stale: the goals after any action; the German
        side after an action that turned a marker over (garrison placed), and what read
        the German stack ``attacked`` after a combat against it."""
        self._goals.clear()
        view = self._enemy
        if view is None:
            return
        if view.markers != len(g.markers.hidden):
            self._enemy = None
        elif attacked is not None:
            view.after_combat(g, attacked)

    def _enemy_view(self, g: GameState) -> _EnemyView:
        view = self._enemy
        if view is None or self._board is not g:
            view = _EnemyView(g, self._routes_now)
            if self._board is g:
                self._enemy = view
        elif self.check_views:
            self._check_view(g, view)
        return view

    def _check_view(self, g: GameState, view: _EnemyView) -> None:
        """With :attr:`check_views`: every value the kept ``view`` holds is the one a view
        made afresh from the board reads now (the tests; a stale value raises)."""
        fresh = _EnemyView(g, self._routes_now)
        stale = [z for z, v in view._defence.items() if v != fresh.defence(g, z)]
        stale += [z for z, a in view._attack.items() if a != fresh.attack(g, z)]
        stale += [z for z, t in view._threats.items() if t != fresh.threats(g, z)]
        if view._routes is not None:
            kept, now = view._routes, fresh.routes(g)
            if (kept.around, kept.weights) != (now.around, now.weights):
                stale.append("route searches")
        if stale:
            raise AssertionError(f"turn {g.turn}: the kept German view is out of date for {', '.join(stale)}")
        self.views_checked += len(view._defence) + len(view._attack) + len(view._threats) + (view._routes is not None)

    def _routes_now(self, g: GameState) -> _Routes:
        """The route searches of the board as it is: made afresh for each view of the
        German side (about one a phase; a board seldom comes back within a game, and
        keeping them across games cost more in garbage collection than it saved)."""
        rm = ranked(g.zmap)
        rank = rm.rank
        marked = list(g.markers.hidden)  # (their dict's keys in one call: iterating the markers is a generic call)
        # The zones not to enter, as a flag by map rank: marked, the sea (a copy of the
        # flags kept while the markers stay), then German.
        around = self._fixed_around(g, rm, marked).copy()
        # The German zones: the side of each stack's top piece, as side_in reads it,
        # flagged at that piece's zone (its stack's zone: RaidState.place keeps them
        # together), so the board's stacks are read as a list (_moving_groups).
        for stack in list(g.stacks.values()):
            for p in stack:
                if p.side == GERMAN:
                    around[rank[p.zone]] = True
                break
        return _Routes(rm, around, self._weights_by_rank(g, rm, marked))

    def _fixed_around(self, g: GameState, rm: RankedMap, marked: list[str]) -> list[bool]:
        """The zones a British unit may not enter that no British action changes but a
        marker turned over, as a flag by map rank: the marked zones (``marked``) and the
        sea (boat-only zones). Kept while the markers stay (whole phases at a time); the
        caller copies it before flagging the German zones."""
        boat_only = g.lookups.boat_only_zones
        kept = self._fixed
        if kept is not None and kept[0] is rm and kept[1] is boat_only and kept[2] == marked:
            return kept[3]
        flags = rm.flags(boat_only)
        for zone in marked:
            flags[rm.rank[zone]] = True
        self._fixed = (rm, boat_only, marked, flags)
        return flags

    # ------------------------------------------------------------------ goals
    def withdrawing(self, g: GameState) -> bool:
        return g.boats_arrived or g.turn >= self.withdraw_turn

    def goal(self, g: GameState, piece: Piece) -> str:
        """Where a unit is heading: a zone id, or ``boats`` (embark, or wait on a beach).

        Within the British phase the goal of a group is kept until the player's next
        action: it reads nothing else of the unit, but for a radar carrier outside the
        Commandos, whose goal is the boats (:meth:`_goal` answers so at once, as here).
        """
        if self._board is not g:
            return self._goal(g, piece)
        group = piece.group
        if group != GROUP and WURZBURG in piece.carrying:
            return "boats"
        goal = self._goals.get(group)
        if goal is None:
            goal = self._goals[group] = self._goal(g, piece)
        return goal

    def _goal(self, g: GameState, piece: Piece) -> str:
        w, villa = g.wurzburg_zone, g.villa_zone
        if piece.group == GROUP:
            # Rule 18: a landed Commando holds its beach while paratroopers are ashore.
            ashore = any(p.side == BRITISH and p.role != "boat" and p.group != GROUP for p in g.on_map())
            return HOLD if ashore else "boats"
        if WURZBURG in piece.carrying:
            return "boats"
        if piece.group == "drake" and g.wurzburg.status == "intact" and g.turn < self.give_up_turn and self._can_dismantle(g):
            return w
        if self.withdrawing(g):
            return "boats"
        rally = self._rally_point(g, piece.group)
        if rally is not None:
            return rally
        radar = g.wurzburg
        if radar.status == "dismantled" and radar.carrier is None and radar.zone:
            return radar.zone
        if piece.group == "drake":
            return w if radar.status == "intact" else "boats"
        if piece.group == "rodney" and not g.villa_destroyed:
            return villa
        if g.turn < self.beach_turn:
            # Waiting on the beach means standing under its posts' fire for turns.
            return HOLD
        return "boats"

    def _rally_point(self, g: GameState, group: str) -> str | None:
        """Where a scattered group gathers after its drop, or None once it is together.

        A group gathers at its officer (else at its largest stack) so that it then moves at
        full capacity with stacking bonuses; it gives up after ``rally_turns`` turns.
        """
        if group not in self.landed:
            if not _group_on_map(g, group):
                return None
            self.landed[group] = g.turn
        if g.turn > self.landed[group] + self.rally_turns:
            return None
        members = _group_on_map(g, group)
        zones = {p.zone for p in members if p.role != "officer"}
        officers = [p for p in members if p.role == "officer"]
        # The group's first officer on the board's reading (stack by stack): the one
        # there is, or when a title gives a group more, the first the board lists.
        officer = officers[0] if len(officers) == 1 else next((p for p in g.on_map(BRITISH) if p.group == group and p.role == "officer"), None) if officers else None
        if officer is not None:
            zones.add(officer.zone)
        if len(zones) <= 1:
            return None
        if officer is not None:
            return officer.zone
        return max(zones, key=lambda z: (sum(p.points for p in members if p.zone == z), -g.zmap.order[z]))

    def _can_dismantle(self, g: GameState) -> bool:
        """Someone of Drake is left who may attempt the radar (engineers, or paratroopers)."""
        # Drake's counters on the map (a piece is on it exactly when it has a zone), not
        # every British piece: asked for Drake's goal after every action of the phase.
        pieces = g.pieces
        for cid in g.lookups.counters_of_group("drake"):
            p = pieces.get(cid)
            if p is not None and p.zone and p.side == BRITISH and p.group == "drake" and who_attempts(g, p) is not None:
                return True
        return False

    # ------------------------------------------------------------------ objectives
    def _pick_up(self, g: GameState) -> None:
        radar = g.wurzburg
        if radar.status != "dismantled" or radar.carrier is not None or not radar.zone:
            return
        for p in g.stack(radar.zone):
            if p.side == BRITISH and p.role in ("infantry", "engineers"):
                actions.pick_up_wurzburg(g, p)
                self._changed(g)
                return

    def _objectives(self, g: GameState) -> None:
        w = g.wurzburg_zone
        if g.wurzburg.status == "intact" and g.dismantling_turns >= g.params.wurzburg_turns_needed:
            tryers = [p for p in g.stack(w) if not p.acted and who_attempts(g, p) is not None]
            if tryers:
                best = min(tryers, key=lambda p: g.scenario.wurzburg_modifiers[who_attempts(g, p) or "paratroopers"])
                actions.attempt_wurzburg(g, best)
                self._changed(g)
        villa = g.villa_zone
        if not g.villa_destroyed and g.side_in(villa) == BRITISH:
            # The first of the strongest (max by attack value), as a loop: no key function
            # called through Python per unit, every phase Rodney stands in the Villa.
            strongest: Piece | None = None
            strongest_value = 0
            for p in g.stack(villa):
                if not p.acted and p.role in ("infantry", "engineers"):
                    value = actions.villa_attack_value(g, p)
                    if strongest is None or value > strongest_value:
                        strongest, strongest_value = p, value
            if strongest is not None:
                actions.attempt_villa(g, strongest)
                self._changed(g)

    # ------------------------------------------------------------------ combat
    def chance(self, g: GameState, attackers: Sequence[Piece], target: str) -> Fraction:
        """Chance that attacking ``target`` with ``attackers`` hits its front-line unit."""
        return win_chance(self._attack_value(g, attackers) - self._enemy_view(g).defence(g, target))

    def _attack_value(self, g: GameState, attackers: Sequence[Piece]) -> int:
        """The attack value of ``attackers`` before the die, in the default order of battle."""
        counts = counts_for_bonus(g.options.commando)
        front = boat_fighter(g, default_british_front([p for p in attackers if p.role != "officer"] or list(attackers), True))
        return attack_base(front, attackers, counts).base

    def _attacks(self, g: GameState) -> None:
        stacks = g.stacks
        for zone in _british_zones_in_order(g):
            if zone in g.lookups.boat_only_zones:
                continue
            # The German zones next to it (side_in of each, read in one loop: most
            # British stacks have none).
            targets = []
            for other in g.zmap.linked(zone):
                for p in stacks.get(other, NO_PIECES):
                    if p.side == GERMAN:
                        targets.append(other)
                    break
            if not targets:
                # Nothing to weigh (German zones only are attacked): half the stacks of a
                # phase stand so, and their force and goals would go unread.
                continue
            # The force: the British units here that have not acted, carry nothing and do
            # not keep their action for the radar; it attacks only with infantry among them
            # (engineers alone do not; infantry never keeps its action for the radar).
            force = []
            infantry = False
            for p in g.stack(zone):
                if p.acted or p.side != BRITISH or p.carrying:
                    continue
                if p.role == "infantry":
                    infantry = True
                if not self._dismantling(g, p):
                    force.append(p)
            if not infantry:
                continue
            # Goals read once per stack: choosing a target changes nothing on the board.
            goals = {self.goal(g, p) for p in force}
            target = self._target(g, zone, force, targets, goals)
            if target is not None:
                # Into a goal zone the whole force follows; elsewhere one escort goes in.
                advance = force if target in goals else None
                actions.attack(g, force, target, advance)
                self._changed(g, attacked=target)

    def _dismantling(self, g: GameState, p: Piece) -> bool:
        """Engineers in W keep their action for the dismantling attempt."""
        return p.role == "engineers" and p.zone == g.wurzburg_zone and g.wurzburg.status == "intact"

    def _target(self, g: GameState, zone: str, force: list[Piece], targets: list[str], goals: set[str] | None = None) -> str | None:
        """The best of ``targets`` (the German zones next to ``zone``, in map order) to
        attack from ``zone`` now, or None (``goals``: those of ``force``)."""
        # Chances in whole 36ths (two d6), compared with the needed ones in 36ths rounded
        # up: the same answers as comparing the fractions, without making any.
        best: tuple[int, str] | None = None
        attack = self._attack_value(g, force)  # the same against every target
        view = self._enemy_view(g)
        for target in targets:
            p = _wins_in_36(attack - view.defence(g, target))
            if best is not None and p <= best[0]:
                continue  # could not be preferred, whatever the chance it needs
            needed = self._needed_36(g, zone, force, target, p, goals)
            if needed is not None and p >= needed:
                best = (p, target)
        return None if best is None else best[1]

    def _needed_36(self, g: GameState, zone: str, force: list[Piece], target: str, chance_36: int, goals: set[str] | None = None) -> int | None:
        """The chance this attack must have to be worth making, in whole 36ths rounded up
        (None: never); ``chance_36`` is its chance in 36ths.

        On the way back to the boats only what blocks the way is attacked: a stack that
        fights stops, and loses its stacking bonuses for the German phase.
        """
        for p in g.stack(target):
            if p.role != "radar_operator":
                break
        else:  # radar operators only (or nobody): taking them is worth a small chance
            return TENTH_36
        if goals is None:
            goals = {self.goal(g, p) for p in force}
        if target in goals:
            return self._objective_36
        good = self._good_36
        optional = None if "boats" in goals and self.withdrawing(g) else good
        if chance_36 < 18:  # under one half
            return optional
        if chance_36 >= good and optional is not None:
            return optional  # worth it whatever the route check below says
        if any(self._blocks(g, zone, goal, target) for goal in goals):
            return HALF_36
        return optional

    def _blocks(self, g: GameState, zone: str, goal: str, target: str) -> bool:
        """Whether ``target`` stands in the way to ``goal``: on the cheapest route, with any
        way around (past the other German and marked zones) costing more than ``detour`` PM."""
        dest = self._destinations(g, goal)
        if not dest:
            return False
        # The zones ``around`` (German, marked, sea) are reached but never crossed, the
        # destination itself included. The way around is the cheapest way from here to a
        # destination; the direct way may also cross ``target``, and a cheapest route
        # crosses it at most once: it is the way around, or the way to ``target`` plus the
        # way from ``target`` to a destination. That last search is made only when the
        # open map's costs from ``target`` leave the way across it a chance to be cheaper.
        routes = self._enemy_view(g).routes(g)
        goals = tuple(dest)
        detour = routes.nearest(zone, goals)
        # (The open map's costs by map rank, FAR where none: routefinding.RankedMap.)
        rm = routes.map
        rank = rm.rank
        # No way from here to a destination costs less than the open map's cheapest: a way
        # around no dearer than that plus ``detour`` PM is never too long, and no more
        # search is needed (``tests/test_fast_paths.py`` compares with searching on).
        from_here = rm.least[rank[zone]]
        floor = FAR
        for d in dest:
            if from_here[rank[d]] < floor:
                floor = from_here[rank[d]]
        if detour <= floor + self.detour:
            return False
        # ``target`` is next to ``zone``: when its line is as cheap as the open map's
        # cheapest way there, no route beats it and no search is needed.
        step = g.zmap.step_cost(zone, target)
        if step is not None and step == from_here[rank[target]]:
            to_target = step
        else:
            to_target = routes.nearest(zone, (target,))
        least = rm.least[rank[target]]
        if to_target + min(least[rank[d]] for d in dest) >= detour:
            direct = detour  # crossing ``target`` costs at least as much
        else:
            direct = min(detour, to_target + routes.nearest(target, goals))
        return direct < FAR and detour > direct + self.detour

    def _land_commandos(self, g: GameState) -> None:
        """Optional rule 18: once the boats are in, each Commando lands on a free beach next
        to its boat to hold it for the paratroopers still ashore (it re-embarks last)."""
        if not g.options.commando or not any(p.side == BRITISH and p.role != "boat" and p.group != GROUP for p in g.on_map()):
            return
        for zone in g.lookups.embarkation:
            for boat in g.boats_in(zone):
                commando = commando_aboard(g, boat)
                if commando is None or commando.acted:
                    continue
                for beach in g.zmap.linked(zone):
                    if "beach" in g.zmap.zone(beach).tags and g.side_in(beach) != GERMAN and beach not in g.markers and g.room_for(beach, [commando]):
                        actions.disembark(g, commando, boat, beach)
                        self._changed(g)
                        break

    def _boat_attacks(self, g: GameState) -> None:
        """Empty boats, or boats with Commandos aboard, fire on Germans holding a beach next to them."""
        for zone in g.lookups.embarkation:
            for boat in g.boats_in(zone):
                if boat.acted or (g.cargo_points(boat) and boat_fighter(g, boat) is boat):
                    continue
                for target in g.zmap.linked(zone):
                    if "beach" in g.zmap.zone(target).tags and g.side_in(target) == GERMAN and self.chance(g, [boat], target) >= HALF:
                        actions.attack(g, [boat], target)
                        self._changed(g, attacked=target)
                        break

    # ------------------------------------------------------------------ movement
    def _destinations(self, g: GameState, goal: str) -> list[str]:
        if goal == HOLD:
            return []
        if goal != "boats":
            return [goal]
        if g.boats_arrived:
            loaded = [z for z in g.lookups.embarkation if g.boats_in(z)]
            if loaded:
                return loaded
        return list(g.lookups.beaches)

    def _moves(self, g: GameState) -> None:
        for (zone, goal), pieces in _in_moving_order(self._moving_groups(g), g.zmap.order):
            pieces = [p for p in pieces if not p.acted and p.zone == zone]
            if pieces:
                self._move_toward(g, pieces, goal)

    def _moving_groups(self, g: GameState) -> list[tuple[tuple[str, str], list[Piece]]]:
        """The British units that may move, grouped by (zone, goal), each group's units in
        their stack's order, the groups of a zone in the order of their first unit (the
        groups :func:`_in_moving_order` sorts; boats and units at sea stay).

        Made stack by stack from the board's stacks as a list (made in one C call, then
        read natively; the compiled build steps through a dict a call per entry): a zone's
        units are all in its stack, and most follow the unit before them into its group,
        so no dict keyed by (zone, goal) is made and hashed for every unit
        (``tests/test_fast_paths.py`` compares it with that dict).
        """
        sea = g.lookups.boat_only_zones
        groups: list[tuple[tuple[str, str], list[Piece]]] = []
        members: list[Piece] = []  # the group of the unit before (set at each stack's first)
        for stack in list(g.stacks.values()):
            first = len(groups)  # this stack's groups start here
            last_goal = ""  # (no goal is empty: a stack's first unit looks its group up)
            for p in stack:
                if p.side != BRITISH or p.acted or p.role == "boat" or p.zone in sea:
                    continue
                goal = self.goal(g, p)
                if goal != last_goal:
                    members = _group_of(groups, first, p.zone, goal)
                    last_goal = goal
                members.append(p)
        return groups

    def _move_toward(self, g: GameState, pieces: list[Piece], goal: str) -> None:
        if goal == HOLD:
            return
        start = pieces[0].zone
        targets = self._destinations(g, goal)
        if start in targets or (goal == "boats" and not g.boats_arrived and "beach" in g.zmap.zone(start).tags):
            return
        if goal == "boats" and g.boats_arrived and "beach" in g.zmap.zone(start).tags and self._embark(g, pieces, start):
            return
        for p in pieces:
            if p.role != "officer":
                break
        else:  # officers alone (pieces is never empty)
            if self._rally_point(g, pieces[0].group) is None:
                self._officer_joins(g, pieces)
            return
        capacity = actions.movement_capacity(g, pieces)
        path = self._path(g, start, targets, capacity, pieces)
        if path:
            actions.move(g, pieces, path)
            self._changed(g)

    def _officer_joins(self, g: GameState, officers: list[Piece]) -> None:
        """A lone officer walks to the largest stack of his group (rule 16: units near him move fully)."""
        group = officers[0].group
        stacks = [p.zone for p in _group_on_map(g, group) if p.role != "officer" and p.zone not in g.lookups.boat_only_zones]
        if not stacks:
            targets = self._destinations(g, "boats")
        else:
            biggest = max(set(stacks), key=lambda z: (sum(1 for s in stacks if s == z), -g.zmap.order[z]))
            targets = [biggest]
        start = officers[0].zone
        if start in targets:
            return
        if g.boats_arrived and "beach" in g.zmap.zone(start).tags and not stacks and self._embark(g, officers, start):
            return
        path = self._path(g, start, targets, actions.movement_capacity(g, officers), officers)
        if path:
            actions.move(g, officers, path)
            self._changed(g)

    def _embark(self, g: GameState, pieces: list[Piece], beach: str) -> bool:
        for zone in g.zmap.linked(beach):
            if zone not in g.lookups.boat_only_zones or not g.boats_in(zone):
                continue
            cost = g.zmap.step_cost(beach, zone)
            if cost is None or assign_to_boats(g, zone, pieces) is None:
                continue
            if cost + extra_for(g, zone) <= actions.movement_capacity(g, pieces):
                actions.move(g, pieces, [zone])
                self._changed(g)
                return True
        # Not all fit together: embark those that can, the heaviest first.
        done = False
        for p in sorted(pieces, key=lambda p: (not p.carrying, -p.points)):
            if not p.acted and self._embark_one(g, p, beach):
                done = True
        return done

    def _embark_one(self, g: GameState, piece: Piece, beach: str) -> bool:
        for zone in g.zmap.linked(beach):
            if zone in g.lookups.boat_only_zones and g.boats_in(zone) and assign_to_boats(g, zone, [piece]) is not None:
                cost = g.zmap.step_cost(beach, zone)
                if cost is not None and cost + extra_for(g, zone) <= actions.movement_capacity(g, [piece]):
                    actions.move(g, [piece], [zone])
                    self._changed(g)
                    return True
        return False

    def _path(self, g: GameState, start: str, targets: list[str], capacity: int, pieces: Sequence[Piece]) -> list[str]:
        """The longest affordable prefix of a cheapest route toward the nearest target,
        ending in a zone where the units may stop (never entering German or marked zones)."""
        routes = self._enemy_view(g).routes(g)
        best: tuple[int, str] | None = None
        rank = routes.map.rank
        least = routes.map.least[rank[start]]  # (by map rank, FAR where none)
        for t in targets:
            if best is not None and least[rank[t]] >= best[0]:
                continue  # not even the open map's route to it is cheaper
            cost = routes.cost(start, t)
            if cost < FAR and (best is None or cost < best[0]):
                best = (cost, t)
        if best is None:
            return []
        target = best[1]
        path = []
        for zone, spent in routes.route(start, target):
            if spent > capacity:
                break  # (the PM spent only grow along a route: no later zone is affordable)
            path.append(zone)
        reserved = self._reserved_for_others(g, pieces)
        while path and (not g.room_for(path[-1], pieces) or path[-1] in reserved):
            path.pop()
        return self._safe_prefix(g, start, target, path, pieces, reserved)

    def _reserved_for_others(self, g: GameState, pieces: Sequence[Piece]) -> set[str]:
        """W is kept free for Drake and its engineers while the radar stands (8 points only)."""
        if g.wurzburg.status != "intact":
            return set()
        for p in pieces:
            if p.group == "drake":
                return set()
        return {g.wurzburg_zone}

    def _marker_weights(self, g: GameState) -> dict[str, int]:
        """Extra route weight near face-down markers: every moving unit would test them (rule 12)."""
        rm = ranked(g.zmap)
        return {rm.ids[rank]: weight for rank, weight in enumerate(self._weights_by_rank(g, rm, list(g.markers.hidden))) if weight}

    def _weights_by_rank(self, g: GameState, rm: RankedMap, marked: list[str]) -> list[int]:
        """:meth:`_marker_weights` by map rank (0: no weight), what the route searches read:
        none until the alert is raised, then the highest closeness to any marker (within
        the activation radius) times :attr:`marker_weight`. Kept while the markers
        (``marked``: the zones of ``g.markers``) and the rest of its key come back (most
        phases of a game; callers do not change it)."""
        alerted = g.alert.level > 1
        reach = g.params.activation_max_radius
        key = (rm, reach, self.marker_weight, marked if alerted else None)
        kept = self._weights
        if kept is not None and kept[0] == key:
            return kept[1]
        weights = self._weights_now(rm, marked if alerted else None, reach)
        self._weights = (key, weights)
        return weights

    def _weights_now(self, rm: RankedMap, marked: list[str] | None, reach: int) -> list[int]:
        """:meth:`_weights_by_rank` made afresh (``marked``: the markers' zones, None
        before the alert)."""
        weights = [0] * len(rm.ids)
        if marked is None:
            return weights
        per_step = self.marker_weight
        for marker in marked:
            for rank, closeness in _near_marker(rm, marker, reach):
                weight = per_step * closeness
                if weight > weights[rank]:
                    weights[rank] = weight
        return weights

    def _safe_prefix(self, g: GameState, start: str, target: str, path: list[str], pieces: Sequence[Piece], reserved: set[str]) -> list[str]:
        """Cut the route where the units would stand safest in the coming German phase.

        Units that move lose their stacking bonuses until the end of the turn (rule 9), so
        stopping next to German units can be costly: keep the farthest stop whose expected
        German hits stay under ``risk``; reaching the goal itself is always accepted.
        ``reserved``: the zones kept for others (:meth:`_reserved_for_others`).
        """
        if not path or path[-1] == target:
            return path
        # Dangers in whole 36ths (two d6), against the limits in 36ths rounded down.
        stay: int | None = None  # the danger where they stand, reckoned when needed
        for i in range(len(path), 0, -1):
            zone = path[i - 1]
            if not g.room_for(zone, pieces) or zone in reserved:
                continue
            danger = self._hits_in_36(g, zone, pieces, moved=True)
            # Next to a goal held by the Germans the stack must stand to attack it.
            limit = self._stage_risk_36 if g.zmap.adjacent(zone, target) and g.side_in(target) == GERMAN else self._risk_36
            if danger <= limit:
                return path[:i]
            if stay is None:
                stay = self._hits_in_36(g, start, pieces, moved=False)
            if danger <= stay:
                return path[:i]
        return []

    def expected_hits(self, g: GameState, zone: str, pieces: Sequence[Piece], *, moved: bool) -> Fraction:
        """Expected German hits on ``pieces`` standing in ``zone`` during phase E."""
        return Fraction(self._hits_in_36(g, zone, pieces, moved=moved), 36)

    def _hits_in_36(self, g: GameState, zone: str, pieces: Sequence[Piece], *, moved: bool) -> int:
        """:meth:`expected_hits` in 36ths (two d6: exact), summed as integers."""
        threats = self._enemy_view(g).threats(g, zone)
        if not threats:
            return 0  # no German stack next to it
        counts = counts_for_bonus(g.options.commando)
        # Loops rather than comprehensions: asked for every stop a move weighs.
        here = []
        for p in g.stacks.get(zone, NO_PIECES):
            if p.side == BRITISH and p not in pieces:
                here.append(p)
        ours = [*pieces, *here]
        line = []
        for p in ours:
            if p.role != "officer":
                line.append(p)
        front = default_british_front(line or ours, False)
        # The stack's terms from the units that have not acted (those moving have, once
        # they have ``moved``): stacking points of the infantry, and an officer.
        bonus, officer = stack_terms(front, here if moved else [*here, *pieces], counts, 1)
        defence = front.defence + bonus + officer + PROTECTION_SIGN * g.zmap.zone(zone).protection
        hits = 0
        for attack in threats:
            hits += _wins_in_36(attack - defence)
        return hits

    # ------------------------------------------------------------------ boats
    def _sail(self, g: GameState) -> None:
        last = g.turn >= g.params.turns
        # Whether British units are still ashore: read when a loaded boat asks, as it was
        # before any boat sailed (boats and their cargo are never ashore).
        ashore: bool | None = None
        for zone in g.lookups.embarkation:
            for boat in list(g.boats_in(zone)):
                load = g.cargo_points(boat)
                if load < 1 or boat.id in g.boats_fought:
                    continue
                full = g.params.boat_capacity - load < 2
                if not (full or last) and ashore is None:
                    ashore = any(p.side == BRITISH and p.role != "boat" for p in g.on_map())
                if full or last or not ashore:
                    actions.sail(g, boat)
                    self._changed(g)
