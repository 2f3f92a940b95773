"""What the player reads in Dieppe's interactive game: the board, where the game stands,
and the exact chances of an action before he gives it (``odds fire ...``).

The chances come from the values the rules will use (:func:`~paragraphs_dieppe.game.actions.fire_values`,
the assault columns of rule 11.2) and the exact distributions of the British d6 and the
German d10 (:func:`paragraphs_raids.chances.win_chance`); a face-down marker is never
looked under.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from paragraphs.errors import UsageError
from paragraphs_raids.actions import ActionRefused
from paragraphs_raids.journal import clock
from paragraphs_raids.session_orders import OVER, GameViews, game_in, never_rolls, pct, try_up_to_first_die
from paragraphs_raids.stacks import BRITISH, GERMAN, Piece

from paragraphs_dieppe.game.state import LAST_RESORT, GameState
from paragraphs_dieppe.rules.events import GROUP_NAMES
from paragraphs_dieppe.interactive.game import assault_into, fire_at, land_from, landing, path_named, units_named, walk, zone_named

_looking_only = never_rolls("a view never rolls")


def _game(book: Any, data: dict[str, Any] | None, roll: Any = _looking_only) -> GameState | None:
    from paragraphs_dieppe.interactive.boardstate import game_from_json
    from paragraphs_dieppe.scenario import scenario_from_book

    return game_in(data, lambda game: game_from_json(game, scenario_from_book(book), roll))


def _as_ordered(book: Any, data: dict[str, Any] | None, act: Callable[[GameState], object]) -> None:
    """Odds only for an order the rules would carry out: once the odds' own checks have
    passed, the order itself is tried on a copy of the game up to its first die, so it is refused here, in the order's own words,
    whenever it would be refused when given (an assault after another action, ruling R13;
    a move beyond the stack's MP; a unit done for the phase).

    Raises:
        ActionRefused, UsageError: the order's refusal.
    """
    try_up_to_first_die(lambda roll: _game(book, data, roll), "B", act)


def _top_first(stack: list[Piece]) -> list[Piece]:
    """The stack as the rules read it, top first: an officer or the sniper holds the front
    line only alone (ruling R48), so the board lists him under the others, as the fire
    that hits the stack and the reorganisation see it (a stack taking a zone after an
    assault is kept in the order the units came, Lord Lovat first)."""
    others = [p for p in stack if p.role not in LAST_RESORT]
    return [*others, *(p for p in stack if p.role in LAST_RESORT)] if others else list(stack)


def _unit(g: GameState, p: Piece) -> str:
    tags = []
    used = g.log.actions_of(p)
    if p.acted or p.id in g.log.closed:
        tags.append("done" + (f": {', '.join(used)}" if used else ""))
    elif used:
        tags.append(f"did {', '.join(used)}; one more action")
    if p.carrying:
        tags.append("escorting " + ", ".join(g.pieces[c].label() for c in p.carrying))
    cargo = g.aboard.get(p.id)
    if cargo:
        # the cargo by id (what land and embark take), a reduced unit marked
        tags.append(f"aboard ({g.cargo_levels(p)}/{g.scenario.params.lca_capacity} levels): " + ", ".join(_cargo(g, g.pieces[c]) for c in cargo))
    return f"{p.id} {p.label()}" + (f" [{'; '.join(tags)}]" if tags else "")


def _cargo(g: GameState, p: Piece) -> str:
    used = g.log.actions_of(p)
    return p.id + (" (reduced)" if p.reduced else "") + (f" [{', '.join(used)}]" if used else "")


class DieppeGame(GameViews):
    """The :class:`~paragraphs_raids.session_game.InteractiveGame` of Dieppe."""

    alert_word = "alarm"
    odds_example = "odds fire UNITS ZONE"
    odds_usage = "odds fire UNITS ZONE [AIM], odds assault UNITS ZONE, odds move UNITS ZONE..., odds land UNITS BEACH..."

    def load(self, data: dict[str, Any] | None) -> GameState | None:
        return _game(self.book, data)

    # ---------------------------------------------------------------- where it stands
    def playing_status(self, g: GameState) -> str:
        p = g.scenario.params
        home = {c for b, ids in g.aboard.items() if g.pieces[b].zone == g.scenario.newhaven for c in ids}
        fresh = [x for x in g.british_land_units() if not x.acted and x.id not in g.log.closed and x.id not in home]
        return f"Turn {g.turn} of {p.turns} ({clock(g.turn, p.start_time, p.minutes_per_turn)}), phase B British actions, alarm {g.alarm.level}: {len(fresh)} unit(s) may still act; actions, or next to end your phase."

    def board_text(self, data: dict[str, Any] | None) -> list[str]:
        g = _game(self.book, data)
        if g is None:
            return [self.status(data)]
        lines = [self.status(data)]
        for zone in g.zmap.order:
            stack = g.stacks.get(zone) or []
            notes = []
            if zone in g.markers:
                notes.append(f"face-down {g.letter(zone)} marker")
            if zone in g.obstacles:
                notes.append(g.obstacles[zone] + (" (held this turn)" if zone in g.stuck else ""))
            if zone in g.telephones:
                notes.append("telephone marker")
            if not stack and not notes:
                continue
            side = "" if not stack else (" British" if stack[0].side == BRITISH else " German")
            record = g.zmap.zone(zone)
            head = f"  {zone}{side} ({g.points_in(zone)}/{min(record.stacking, g.scenario.params.side_stacking)} levels, protection {record.protection})"
            parts = [_unit(g, p) for p in _top_first(stack)]
            lines.append(head + (f" {'; '.join(notes)}" if notes else "") + (": " + ", ".join(parts) if parts else ""))
        lines.append(f"  alarm {g.alarm.level}; Hess guns destroyed {g.hess_killed}/2; telephone {'cut' if g.telephone_cut else 'intact'}; Flak {g.flak_killed} and pillboxes {g.pillboxes_killed} destroyed; prisoner: {g.pieces[g.prisoner].label() if g.prisoner else 'none'}")
        lines.append(f"  garrison container {len(g.garrison)}, reinforcements {len(g.reinforcements)}" + (f"; delayed: {', '.join(f'{n} at R{e}' for e, n in g.delayed)}" if g.delayed else ""))
        if g.late:
            lines.append("  late groups: " + ", ".join(f"{GROUP_NAMES.get(grp, grp)} lands from turn {t}" for grp, t in sorted(g.late.items())))
        if g.off_course:
            lines.append("  off course: " + ", ".join(f"{GROUP_NAMES.get(grp, grp)} lands at {z}" for grp, z in sorted(g.off_course.items())))
        if g.lost:
            lines.append("  lost: " + ", ".join(g.pieces[c].label() for c in g.lost))
        return lines

    # ---------------------------------------------------------------- odds of an action
    def order_odds(self, data: dict[str, Any] | None, verb: str, words: list[str]) -> str:
        g = _game(self.book, data)
        if g is None or (data or {}).get("phase") == OVER:
            raise UsageError("no order can be given now: " + self.status(data))
        try:
            if verb == "fire":
                if len(words) not in (2, 3):
                    raise UsageError("odds fire UNITS ZONE [AIM]")
                aim = g.pieces.get(words[2].lower()) if len(words) == 3 else None
                said = fire_odds(g, units_named(g, words[0]), zone_named(g, words[1]), aim)
                _as_ordered(self.book, data, lambda c: fire_at(c, words[0], words[1], words[2] if len(words) == 3 else None))
                return said
            if verb == "assault":
                if len(words) != 2:
                    raise UsageError("odds assault UNITS ZONE")
                said = assault_odds(g, units_named(g, words[0]), zone_named(g, words[1]))
                _as_ordered(self.book, data, lambda c: assault_into(c, words[0], words[1]))
                return said
            if verb in ("move", "bangalore", "land"):
                if len(words) < 2:
                    raise UsageError(f"odds {verb} UNITS ZONE...")
                path = " ".join(words[1:])
                lands = verb == "land" or (verb == "bangalore" and landing(g, words[0]))
                said = move_odds(g, words[0], path_named(g, path), verb, lands=lands)
                if lands:
                    _as_ordered(self.book, data, lambda c: land_from(c, words[0], path, bangalore=verb == "bangalore"))
                else:
                    _as_ordered(self.book, data, lambda c: walk(c, words[0], path, bangalore=verb == "bangalore"))
                return said
        except ActionRefused as exc:
            raise UsageError(f"refused: {exc}") from None
        raise UsageError(f"{verb} rolls no die of its own: odds are for fire, assault, move, bangalore and land")


def fire_odds(g: GameState, shooters: list[Piece], target: str, aim: Piece | None) -> str:
    """Rule 11.1 as the fire will be resolved: the British d6 against the German d10."""
    from paragraphs_dieppe.game.actions import fire_values

    v = fire_values(g, shooters, target, aim)
    hit = _british_wins(g, v.attack.base - v.defence.base)
    loss = "two losses" if v.front.role == "mortar" else "a loss"
    lines = [
        f"{v.front.label()} fires at {target}: {_value(v.attack)} + d6 against {v.aim.label()}: {_value(v.defence)} + d10.",
        f"  target hit ({v.aim.label()}, {loss}): {pct(hit)}",
        f"  shooter hit ({v.front.label()}): {pct(1 - hit)}",
    ]
    if v.front.role == "mortar" and v.radius >= 2 and g.scenario.ruling("r2_counterfire") == "none":
        lines[-1] += " (at R 2 a miss costs the mortar nothing under the ruling in force)"
    return "\n".join(lines)


def assault_odds(g: GameState, attackers: list[Piece], target: str) -> str:
    """Rule 11.2: the lines of the first round, each a d6 against a d10."""
    from paragraphs_dieppe.rules.assault import columns

    if target in g.markers:
        return f"{target} holds a face-down marker: it flips first; the chances depend on what it shows."
    germans = [p for p in g.stack(target) if p.side == GERMAN]
    if not germans:
        raise UsageError(f"refused: no German unit in {target}")
    commandos = [p for p in attackers if p.role == "commando"]
    if not commandos:
        raise UsageError("refused: only commandos assault (rule 11.2)")
    protection = g.zmap.zone(target).protection
    lines = [f"Assault on {target} (protection {protection}), first round, line by line:"]
    for n, line in enumerate(columns(commandos, germans), 1):
        attack, defence = line.attack, line.defence(protection)
        hit = _british_wins(g, attack - defence)
        lines.append(f"  line {n}: {line.british[0].label()} {attack} + d6 against {line.german[0].label()} {defence} + d10: defender hit {pct(hit)}, attacker hit {pct(1 - hit)}")
    lines.append("  (your column is the commandos in the order you name them; after each round you choose to go on or fall back)")
    return "\n".join(lines)


def move_odds(g: GameState, units: str, path: list[str], verb: str, *, lands: bool = False) -> str:
    """What a move (``lands``: a landing) risks: the activation test of each face-down marker
    next to the way, and mines, wire and assaults met (rule 10)."""
    from paragraphs_dieppe.interactive.game import carrier_of

    pieces = units_named(g, units, aboard=lands)
    if pieces and pieces[0].role == "boat":
        boat = pieces[0]
        pieces = g.cargo(boat)
        if not pieces:  # what `land` itself says
            raise UsageError(f"{boat.label()} carries nobody")
    start = pieces[0].zone or (lambda b: b.zone if b else "")(carrier_of(g, pieces[0]))
    if not start:  # lost, or never on the board: what the order itself would say
        raise UsageError(f"{pieces[0].label()} is not on the map, nor aboard an LCA")
    lines = [f"{', '.join(p.label() for p in pieces)}: {start} -> {' -> '.join(path)}"]
    faces = range(10)
    alarm = g.alarm.level
    if lands and not g.alarm.seen.get("first_landing"):
        # the first landing raises the alarm before the tests are rolled (rule 7)
        alarm = min(g.alarm.maximum, alarm + g.alarm.events["first_landing"][0])
    one = Fraction(sum(1 for f in faces if f <= alarm), 10)
    tested: set[str] = set()
    for here in [start, *path]:
        for other in g.zmap.neighbours(here):
            if other in g.markers and other not in tested and other not in path:
                tested.add(other)
                lines.append(f"  marker in {other} (next to {here}): a d10 at or under alarm {alarm} turns it over: {pct(one)}")
    for zone in path:
        if zone in g.markers or g.side_in(zone) == GERMAN:
            lines.append(f"  {zone}: the stack stops there and assaults what it finds (odds assault)")
            break
        kind = g.obstacles.get(zone)
        if kind == "mines":
            levels = sum(p.points for p in pieces)
            loss = Fraction(sum(1 for f in faces if f + levels >= g.scenario.params.mines_loss_at), 10)
            lines.append(f"  mines in {zone}: d10 + {levels} levels at {g.scenario.params.mines_loss_at} or more costs a loss: {pct(loss)} (alarm +1)")
        elif kind == "wire":
            if verb == "bangalore":
                lines.append(f"  wire in {zone}: a Bangalore torpedo clears it on an even d10: {pct(Fraction(1, 2))} (alarm +1)")
            else:
                lines.append(f"  wire in {zone}: the stack stops there for the turn (bangalore to blow it)")
    if len(lines) == 1:
        lines.append("  no die: no face-down marker next to the way, no mines, no wire")
    return "\n".join(lines)


def _british_wins(g: GameState, margin: int) -> Fraction:
    from paragraphs_raids.chances import win_chance

    from paragraphs_dieppe.rules.dice import BRITISH_DIE, GERMAN_DIE

    return win_chance(margin, BRITISH_DIE, GERMAN_DIE, g.scenario.conventions)


def _value(side: Any) -> str:
    said = side.describe()
    return said if said == str(side.base) else f"{said} = {side.base}"
