"""What the player reads in the interactive game: the board, where the game stands, and
the exact chances of an order before he gives it (``odds attack ...``).

The chances are computed from the same values the rules will use (the front line, the
stack bonus of the units that have not acted, the officer, the protection) and the exact
distributions of the dice (:mod:`paragraphs_raids.chances`); a face-down marker is never
looked under.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from paragraphs.errors import UsageError
from paragraphs_raids.journal import clock
from paragraphs_raids.session_orders import OVER, GameViews, game_in, never_rolls, pct, try_up_to_first_die
from paragraphs_raids.stacks import BRITISH, GERMAN

from paragraphs_bruneval.game import actions
from paragraphs_bruneval.game.state import GameState
from paragraphs_bruneval.interactive.game import attack_zone, capture_in, destroy_with, dismantle_with, embark_units, move_units, path_named, units_named, zone_named


def _game(book: Any, data: dict[str, Any] | None, roll: Any = None) -> GameState | None:
    from paragraphs_bruneval.interactive.boardstate import game_from_json
    from paragraphs_bruneval.scenario import scenario_from_book

    return game_in(data, lambda game: game_from_json(game, scenario_from_book(book), roll or _looking_only))


_looking_only = never_rolls("a view never rolls")


def _as_ordered(book: Any, data: dict[str, Any] | None, act: Callable[[GameState], object]) -> None:
    """Odds only for an order the rules would carry out: once the odds' own checks have
    passed, the order itself is tried on a copy of the game up to its first die (the
    movement die, when no officer is near, comes after every check of the path), so it is
    refused here, in the order's own words, whenever it would be refused when given (a
    move into a zone the Germans hold, say).

    Raises:
        IllegalAction, UsageError: the order's refusal.
    """
    try_up_to_first_die(lambda roll: _game(book, data, roll), "C", act)


def _top_first(stack: list[Any]) -> list[Any]:
    """A British stack as the rules read it, top first: an officer fights only alone (rule
    16; the combat takes the first other unit, ``rules.combat``), so the board lists him
    under the others (a stack that jumped or moved together kept its officer first)."""
    if not stack or stack[0].side != BRITISH:
        return list(stack)
    others = [p for p in stack if p.role != "officer"]
    return [*others, *(p for p in stack if p.role == "officer")] if others else list(stack)


class BrunevalGame(GameViews):
    """The :class:`~paragraphs_raids.session_game.InteractiveGame` of Bruneval."""

    alert_word = "alert"
    odds_example = "odds attack UNITS ZONE"
    odds_usage = "odds attack UNITS ZONE, odds move UNITS ZONE..., odds dismantle UNIT"

    def load(self, data: dict[str, Any] | None) -> GameState | None:
        return _game(self.book, data)

    # ---------------------------------------------------------------- where it stands
    def playing_status(self, g: GameState) -> str:
        p = g.scenario.params
        waiting = sum(1 for x in g.on_map(BRITISH) if x.role != "boat" and not x.acted)
        return f"Turn {g.turn} of {p.turns} ({clock(g.turn, p.start_time, p.minutes_per_turn)}), British actions, alert {g.alert.level}: {waiting} unit(s) may still act; orders, or next to end your phase."

    def board_text(self, data: dict[str, Any] | None) -> list[str]:
        g = _game(self.book, data)
        if g is None:
            return [self.status(data)]
        lines = [self.status(data)]
        for zone in g.zmap.order:
            stack = g.stacks.get(zone) or []
            marker = zone in g.markers
            if not stack and not marker:
                continue
            parts = []
            for p in _top_first(stack):
                tags = [t for t, on in (("done", p.acted), ("carrying " + ", ".join(p.carrying), bool(p.carrying))) if on]
                aboard = g.aboard.get(p.id)
                if aboard:
                    tags.append("aboard: " + ", ".join(f"{c} {g.pieces[c].label()}" for c in aboard))
                parts.append(f"{p.id} {p.label()}" + (f" [{'; '.join(tags)}]" if tags else ""))
            side = "" if not stack else (" British" if stack[0].side == BRITISH else " German")
            head = f"  {zone}{side} ({g.points_in(zone)}/{g.zmap.zone(zone).stacking} pts)"
            lines.append(head + (": face-down marker" if marker else "") + (": " if parts and not marker else "; " if parts else "") + ", ".join(parts))
        w = g.wurzburg
        lines.append(f"  Würzburg: {w.status}" + (f" in {w.zone}" if w.zone else "") + (f", carried by {w.carrier}" if w.carrier else "") + f"; dismantling turns {g.dismantling_turns}")
        lines.append(f"  Villa: {'destroyed' if g.villa_destroyed else 'standing'}; alert {g.alert.level}" + (f" (+{sum(a for a, _ in g.alert.pending)} at phase D)" if g.alert.pending else ""))
        if g.sailed:
            lines.append("  sailed: " + ", ".join(g.pieces[c].label() for c in g.sailed))
        if g.eliminated:
            lines.append("  eliminated: " + ", ".join(g.pieces[c].label() for c in g.eliminated))
        return lines

    # ---------------------------------------------------------------- odds of an order
    def order_odds(self, data: dict[str, Any] | None, verb: str, words: list[str]) -> str:
        g = _game(self.book, data)
        if g is None or (data or {}).get("phase") == OVER:
            raise UsageError("no order can be given now: " + self.status(data))
        try:
            return self._odds_as_ordered(g, data, verb, words)
        except actions.IllegalAction as exc:
            raise UsageError(f"refused: {exc}") from None

    def _odds_as_ordered(self, g: GameState, data: dict[str, Any] | None, verb: str, words: list[str]) -> str:
        if verb in ("attack", "capture"):
            if len(words) < 2:
                raise UsageError(f"odds {verb} UNITS ZONE")
            said = attack_odds(g, units_named(g, words[0]), zone_named(g, words[1]))
            if verb == "attack":
                _as_ordered(self.book, data, lambda c: attack_zone(c, words[0], words[1]))
            else:
                _as_ordered(self.book, data, lambda c: capture_in(c, words[0], words[1], " ".join(words[2:]) or None))
            return said
        if verb in ("move", "embark"):
            if len(words) < 2:
                raise UsageError(f"odds {verb} UNITS ZONE...")
            path = " ".join(words[1:])
            said = move_odds(g, units_named(g, words[0]), path_named(g, path))
            _as_ordered(self.book, data, lambda c: (move_units if verb == "move" else embark_units)(c, words[0], path))
            return said
        if verb == "dismantle":
            if len(words) != 1:
                raise UsageError("odds dismantle UNIT")
            said = dismantle_odds(g, units_named(g, words[0])[0])
            _as_ordered(self.book, data, lambda c: dismantle_with(c, words[0]))
            return said
        if verb == "destroy":
            if len(words) != 1:
                raise UsageError("odds destroy UNIT")
            said = villa_odds(g, units_named(g, words[0])[0])
            _as_ordered(self.book, data, lambda c: destroy_with(c, words[0]))
            return said
        raise UsageError(f"{verb} rolls no die here: odds are for attack, capture, move, embark, dismantle and destroy")


def _ready(g: GameState, pieces: list[Any]) -> str:
    try:
        return actions._ready(pieces)
    except actions.IllegalAction as exc:
        raise UsageError(f"refused: {exc}") from None


def attack_odds(g: GameState, attackers: list[Any], target: str) -> str:
    """Chances of a British attack as the rules will resolve it (rule 9)."""
    from paragraphs_raids.chances import win_chance

    from paragraphs_bruneval.rules.combat import combat_values

    if attackers and all(p.role == "boat" for p in attackers):
        zone = attackers[0].zone
        if any(p.acted or p.zone != zone for p in attackers):
            raise UsageError("refused: boats attack once a turn, from one zone")
    else:
        zone = _ready(g, attackers)
    if not g.zmap.adjacent(zone, target):
        raise UsageError(f"refused: {target} is not joined to {zone}")
    if target in g.markers:
        return f"{target} holds a face-down marker: it flips before the combat and the garrison it places defends; the chances depend on what it shows."
    defenders = g.stacks.get(target) or []
    if not defenders or defenders[0].side != GERMAN:
        raise UsageError(f"refused: no Germans to attack in {target}")
    g.british_front = lambda stack, attacking: stack[0]  # the player's own order, as in play
    _, a_front, attack, _, d_front, defence = combat_values(g, attackers, defenders, target)
    hit = win_chance(attack.base - defence.base)
    officers = sum(1 for p in g.stacks.get(zone, ()) if p.role == "officer")
    lines = [
        f"{a_front.label()} attacks {target}: {_value(attack)} against {d_front.label()}: {_value(defence)}, a d6 each.",
        f"  defender hit ({d_front.label()}): {pct(hit)}",
        f"  attacker hit ({a_front.label()}): {pct(1 - hit)}",
    ]
    if officers:
        lines.append(f"  if your stack is hit, each officer with it is lost on a {g.scenario.params.officer_loss_face} (1/6)")
    if all(p.role == "radar_operator" for p in defenders):
        lines.append("  a radar operator alone is taken prisoner when hit (capture)")
    return "\n".join(lines)


def _value(side: Any) -> str:
    said = side.describe()
    return said if said == str(side.base) else f"{said} = {side.base}"


def move_odds(g: GameState, pieces: list[Any], path: list[str]) -> str:
    """What a move costs and risks: the movement points (rolled when no officer is near)
    and the chance that each marker within reach is activated on the way."""
    from paragraphs.dice import halve, parse_die

    from paragraphs_bruneval.rules import movement

    start = _ready(g, pieces)
    cost = movement.path_cost(g.zmap, start, path)
    if cost is None:
        raise UsageError(f"refused: no line to move along on {start} -> {' -> '.join(path)}")
    params = g.scenario.params
    lines = [f"{', '.join(p.label() for p in pieces)}: {start} -> {' -> '.join(path)} costs {cost} PM" + (" plus the embarkation penalty" if path[-1] in g.scenario.boat_only_zones else "") + "."]
    known = [g.capacity[p.id] for p in pieces if p.id in g.capacity]
    printed = movement.printed_capacity(pieces)
    limit = actions.carry_limit(g, pieces)
    cap = printed if limit is None else min(printed, limit)
    if len(known) == len(pieces):
        lines.append(f"  movement points this turn: {min(known)} (already rolled): " + ("enough" if min(known) >= cost else "not enough"))
    else:
        radius = movement.officer_radius(g, start)
        if radius is not None and radius <= params.officer_full_radius:
            lines.append(f"  an officer is within R{params.officer_full_radius}: {cap} PM, " + ("enough" if cap >= cost else "not enough"))
        else:
            die = parse_die(params.movement_die, g.scenario.conventions)
            enough = sum((pr for face, pr in die.distribution.items() if min(cap, halve(face)) >= cost), Fraction(0))
            lines.append(f"  no officer within R{params.officer_full_radius}: {params.movement_die} halved (at most {cap}); enough points: {pct(enough)}")
    tested: set[str] = set()
    walk = path[:-1] if path[-1] in g.scenario.boat_only_zones else path
    for here in walk:
        radii = g.zmap.radii_from(here, g.zmap.movable_kinds())
        for zone in [z for z in g.markers if z not in tested and radii.get(z, 99) <= params.activation_max_radius]:
            tested.add(zone)
            r = radii[zone]
            one = Fraction(max(0, min(6, g.alert.level - r)), 6)
            some = 1 - (1 - one) ** len(pieces)
            if some == 0:
                lines.append(f"  marker in {zone} (R{r} from {here}): cannot be activated (even a 1 + R{r} is over alert {g.alert.level})")
            else:
                lines.append(f"  marker in {zone} (R{r} from {here}, alert {g.alert.level}): activated with chance {pct(some)}")
    if not tested:
        lines.append("  no face-down marker within reach of the path")
    return "\n".join(lines)


def dismantle_odds(g: GameState, piece: Any) -> str:
    from paragraphs_bruneval.rules import objectives

    _ready(g, [piece])
    if piece.zone != g.scenario.wurzburg_zone or g.wurzburg.status != "intact":
        raise UsageError("refused: the intact Würzburg is not in this unit's zone")
    who = objectives.who_attempts(g, piece)
    if who is None:
        raise UsageError(f"refused: {piece.label()} may not attempt the Würzburg")
    target = objectives.wurzburg_target(g.dismantling_turns, g.scenario.tables["wurzburg"], g.scenario.params.wurzburg_turns_needed)
    if target is None:
        return f"no attempt yet: {g.dismantling_turns} complete turns in W, {g.scenario.params.wurzburg_turns_needed} needed"
    modifier = g.scenario.wurzburg_modifiers[who]
    p = Fraction(sum(1 for f in range(1, 7) if f + modifier <= target), 6)
    return f"{piece.label()} ({who}) after {g.dismantling_turns} turns: a d6 {modifier:+d} at or under {target} dismantles it: {pct(p)}"


def villa_odds(g: GameState, piece: Any) -> str:
    zone = _ready(g, [piece])
    if zone != g.scenario.villa_zone or g.villa_destroyed:
        raise UsageError("refused: this unit is not in the standing Villa")
    value = actions.villa_attack_value(g, piece)
    p = Fraction(sum(1 for f in range(1, 7) if f <= value), 6)
    return f"{piece.label()}: a d6 at or under its attack value {value} destroys the Villa: {pct(p)}"
