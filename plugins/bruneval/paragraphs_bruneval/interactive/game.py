"""The interactive game of Raid sur Bruneval: the player's orders and the automatic phases,
each one step of a core session.

Every function here is a title procedure (``Engine.perform``): it reads the game from the
session state (:mod:`paragraphs_bruneval.interactive.boardstate`), acts through the very
rule functions the automatic game uses (:mod:`paragraphs_bruneval.game.actions`, the
phases of :mod:`paragraphs_bruneval.game.turn`), says what happened, and writes the game
back. An order the rules forbid raises a one-line ``UsageError`` with the reason and
changes nothing.

* ``next`` (and ``pass``): the set-up and the phases up to the first British phase on the
  first call; later, the end of the British phase and everything up to the next one: D
  (alert), E (German combat, movement, reinforcements, played by their written rules),
  F, G (victory, at the last turn or when no British unit is left), then A, B and the
  arrivals of C of the next turn.
* the British orders of phase C: ``move``, ``embark``, ``attack``, ``capture``,
  ``dismantle``, ``destroy``, ``pickup``, ``sail``, ``land`` (optional rule 18) and
  ``reorganise``.

Dice come from the session (seeded, or the player's own asked one at a time, each with
its purpose and what succeeds). Where the rules leave a choice to the British player in
the middle of a step (his stack's order after a combat), and when a marker whose back the
program does not know is flipped (the player dealt his own markers), the session asks.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from paragraphs.errors import UsageError
from paragraphs_raids.journal import Journal
from paragraphs_raids.markers import ActivationMarkers, MarkerBack
from paragraphs_raids import session_orders as shared
from paragraphs_raids.session_game import Asker, ask_top_unit, board_data, hinted_roller, store_board
from paragraphs_raids.session_orders import ORDERS, OVER, START, playing, publish, say_new_entries
from paragraphs_raids.stacks import BRITISH, Piece

from paragraphs_bruneval.game import actions
from paragraphs_bruneval.game.state import COMMANDOS, GameState, Options
from paragraphs_bruneval.interactive.boardstate import game_from_json, game_to_json

# --------------------------------------------------------------------------- loading


def scenario_of(ctx: Any) -> Any:
    """The scenario of the session's book (built once per book, overlays included)."""
    from paragraphs_bruneval.scenario import scenario_from_book

    return shared.scenario_of(ctx, scenario_from_book)


def _wire(ctx: Any, g: GameState, fought: list[str]) -> None:
    """The session's dice and questions plugged into the rules' hooks; the British zones
    that take part in a combat are noted in ``fought`` (they may be reorganised)."""
    from paragraphs_bruneval.raid_title import dice_hint, roll_luck

    def say_so_far() -> None:
        say_new_entries(ctx, g.journal)

    asker = Asker(ctx, say_so_far)
    g.roll = hinted_roller(ctx, lambda purpose: dice_hint(g, purpose), lambda purpose, faces, face: roll_luck(g, purpose, faces, face), before=say_so_far)
    # The player orders his own stacks: the top unit that is not an officer holds the front.
    g.british_front = lambda stack, attacking: stack[0]

    def reorganise(zone: str, stack: list[Piece]) -> Piece | None:
        fought.append(zone)
        return ask_top_unit(asker, zone, stack)

    g.british_reorganise = reorganise
    g.ask_marker = lambda zone: _ask_marker(asker, g, zone)


def marker_letter(g: GameState, zone: str) -> str | None:
    return next((letter for letter, zones in g.scenario.activation_zones().items() if zone in zones), None)


def _ask_marker(asker: Asker, g: GameState, zone: str) -> MarkerBack | None:
    letter = marker_letter(g, zone)
    backs = sorted({b.total for b in g.scenario.marker_sets[letter].backs}) if letter is not None and letter in g.scenario.marker_sets else []
    if not backs:
        return None
    n = asker.choose("marker_shows", f"Flip the {letter} marker in {zone}: how many garrison units does it show", [(b, f"{b}x") for b in backs])
    return MarkerBack.count(n)


def load_game(ctx: Any, data: dict[str, Any], journal: Journal, fought: list[str]) -> GameState:
    g = game_from_json(data["game"], scenario_of(ctx), _no_dice, journal)
    _wire(ctx, g, fought)
    return g


#: Stands in before the session's roller is plugged in; never rolls for the rules.
_no_dice = shared.never_rolls("a die was rolled before the session's dice were ready")


def _deal_blind(die: str, purpose: str, allowed: frozenset[int] | None = None) -> int:
    # The player deals his own markers face down: the program deals in content order and
    # then forgets the backs (asked when a marker is flipped), so no die is rolled for it.
    return min(allowed) if allowed else 1


def _finish(ctx: Any, data: dict[str, Any], g: GameState, journal: Journal, fought: list[str]) -> None:
    data = dict(data)
    data["game"] = game_to_json(g)
    # the British zones that fought this turn (rule 2.3 lets the player reorganise them)
    before = data.get("fought") if data.get("fought_turn") == g.turn else []
    data["fought"] = sorted({*(before or []), *fought})
    data["fought_turn"] = g.turn
    store_board(ctx, data)
    publish(ctx, journal, {"turn": g.turn, "alert": g.alert.level}, data.get("result"))


def _order(ctx: Any, act: Callable[[GameState], str]) -> str:
    data = playing(ctx)
    journal = Journal()
    fought: list[str] = []
    g = load_game(ctx, data, journal, fought)
    g.phase = "C"
    try:
        label = act(g)
    except actions.IllegalAction as exc:
        raise UsageError(f"refused: {exc}") from None
    _finish(ctx, data, g, journal, fought)
    return label


# --------------------------------------------------------------------------- words


def units_named(g: GameState, text: str) -> list[Piece]:
    """``nelson-1,nelson-2`` (ids, any case; commas or spaces) -> the British pieces."""
    return shared.units_named(g.pieces, g.on_map(), text, example="nelson-1,nelson-2", whereabouts=lambda p: whereabouts(g, p))


def whereabouts(g: GameState, piece: Piece) -> str:
    """Where a British unit off the map is, and what it needs before an order on the map."""
    boat = next((g.pieces[b] for b, cargo in g.aboard.items() if piece.id in cargo), None)
    if boat is not None:
        if piece.group == COMMANDOS and g.options.commando:  # rule 18: it may land
            return f"is aboard {boat.label()}, not on the map: land the unit first (land {piece.id} BEACH)"
        return f"is aboard {boat.label()}, not on the map: embarked, it leaves when the LCA sails"
    if piece.id in g.sailed:
        return "has sailed home"
    if piece.id in g.eliminated:
        return "is eliminated"
    if piece.group in g.lost_groups:
        return "is not on the map: its group never arrives"
    if piece.group in g.late_entries:
        return f"is not on the map yet: its group comes in on turn {g.late_entries[piece.group]}"
    jump = next((turn for turn, groups in g.scenario.params.drop_waves if piece.group in groups and turn > g.turn), None)
    if jump is not None:
        return f"is not on the map yet: its group jumps on turn {jump}"
    return "is not on the map"


def zone_named(g: GameState, word: str) -> str:
    return shared.zone_named(g.zmap.by_id, word, "bruneval")


def path_named(g: GameState, text: str) -> list[str]:
    return shared.path_named(g.zmap.by_id, text, "bruneval")


# --------------------------------------------------------------------------- the phases


def order_next(ctx: Any, **_: Any) -> str:
    """Play on to the next British phase (the set-up first; the game's end if it comes)."""
    data = board_data(ctx)
    journal = Journal()
    fought: list[str] = []
    if data is None or data.get("phase") == START:
        start = (data or {}).get("start", {})
        data = {"phase": ORDERS, "start": start}
        g = _set_up(ctx, start, journal, fought)
        _begin_turn(g, 1)
        _finish(ctx, data, g, journal, fought)
        return f"turn 1, your British actions (alert {g.alert.level})"
    if data["phase"] == OVER:
        raise UsageError("the game is over; start another with --new")
    g = load_game(ctx, data, journal, fought)
    over = _end_turn(g)
    if over is not None:
        data = {**data, "phase": OVER, "result": over}
        _finish(ctx, data, g, journal, fought)
        return str(over["text"])
    _begin_turn(g, g.turn + 1)
    _finish(ctx, data, g, journal, fought)
    return f"turn {g.turn}, your British actions (alert {g.alert.level})"


def _set_up(ctx: Any, start: dict[str, Any], journal: Journal, fought: list[str]) -> GameState:
    from paragraphs_bruneval.game.setup import new_game

    options = Options(commando=bool(start.get("commando", False)), events=bool(start.get("events", True)))
    physical = (ctx.state.extra.get("_session") or {}).get("dice") == "physical"
    if physical:
        g = new_game(scenario_of(ctx), _deal_blind, options, journal)
        g.markers = ActivationMarkers({z: None for z in g.markers})
        journal.entries[-1:] = []
        g.log(f"Posts manned; deal {len(g.markers)} activation markers face down on your map (you will be asked what each shows when it flips); alert 0.")
    else:
        # computer dice: the markers are dealt from the container now, by the session's dice
        g = new_game(scenario_of(ctx), hinted_roller(ctx), options, journal)
    _wire(ctx, g, fought)
    return g


def _begin_turn(g: GameState, turn: int) -> None:
    """Phases A and B, and the arrivals that open phase C (rule 4)."""
    from paragraphs_bruneval.game.turn import phase_c_arrivals
    from paragraphs_bruneval.rules import boats, events, objectives

    g.turn = turn
    params = g.scenario.params
    if g.turn in params.event_turns and g.options.events:
        g.phase = "A"
        events.phase_a(g)
    g.phase = "B"
    boats.phase_b(g)
    g.phase = "C"
    phase_c_arrivals(g)
    g.in_w_at_start = objectives.eligible_in_w(g)


def _end_turn(g: GameState) -> dict[str, Any] | None:
    """Phases D, E, F and G; returns the result when the game ends here."""
    from paragraphs_bruneval.game.turn import british_left, end_of_turn
    from paragraphs_bruneval.raid_title import german_phase
    from paragraphs_bruneval.rules import alert, victory

    g.phase = "D"
    alert.adjust(g)
    german_phase(g)
    g.phase = "F"
    end_of_turn(g)
    last = g.turn >= g.scenario.params.turns
    if not last and british_left(g):
        return None
    g.phase = "G"
    if not british_left(g):
        g.log("No British unit is left on the map: the game ends.")
    s = victory.score(g)
    g.log(f"Victory: {s.vp} VP, {s.level} ({'; '.join(s.reasons)}).")
    level = {"complete": "a complete success", "partial": "a partial success", "failure": "a failure"}.get(s.level, s.level)
    return {"vp": s.vp, "level": s.level, "reasons": list(s.reasons), "turns": g.turn, "text": f"game over after turn {g.turn}: {s.vp} VP, {level}"}


# --------------------------------------------------------------------------- British orders


def move_units(g: GameState, units: str, path: str) -> str:
    """``move`` as typed, on the game ``g``."""
    pieces = units_named(g, units)
    zones = path_named(g, path)
    rolled_before = dict(g.capacity)
    try:
        actions.move(g, pieces, zones)
    except actions.IllegalAction as exc:
        if g.capacity != rolled_before:
            # the movement die was rolled: its points stand for the turn (rule 8.1)
            g.log(f"Refused: {exc}. The {g.capacity[pieces[0].id]} PM rolled stay for this turn.")
            return "refused"
        raise
    return "moved"


def order_move(ctx: Any, units: str, path: str) -> str:
    """Rule 8: units standing together move along the zones named (the last may embark)."""
    return _order(ctx, lambda g: move_units(g, units, path))


def embark_units(g: GameState, units: str, path: str) -> str:
    """``embark`` as typed, on the game ``g``."""
    zones = path_named(g, path)
    if zones[-1] not in g.scenario.boat_only_zones:
        raise actions.IllegalAction(f"{zones[-1]} is not an embarkation zone (they are {', '.join(sorted(g.scenario.boat_only_zones))})")
    actions.move(g, units_named(g, units), zones)
    return "embarked"


def order_embark(ctx: Any, units: str, path: str) -> str:
    """Rule 11: move onto an LCA in an embarkation zone (the last zone of the path)."""
    return _order(ctx, lambda g: embark_units(g, units, path))


def _advance(g: GameState, text: str | None, attackers: list[Piece]) -> list[Piece] | None:
    if not text:
        return None
    return units_named(g, text)


def attack_zone(g: GameState, units: str, target: str) -> str:
    """``attack`` as typed, on the game ``g``."""
    pieces = units_named(g, units)
    report = actions.attack(g, pieces, zone_named(g, target))
    return report.result.label if report is not None else "nobody there"


def order_attack(ctx: Any, units: str, target: str) -> str:
    """Rule 9: units standing together attack a joined zone (a face-down marker flips first)."""
    return _order(ctx, lambda g: attack_zone(g, units, target))


def capture_in(g: GameState, units: str, target: str, advance: str | None = None) -> str:
    """``capture`` as typed, on the game ``g``."""
    pieces = units_named(g, units)
    zone = zone_named(g, target)
    stack = g.stacks.get(zone, [])
    if zone in g.markers or not stack or any(p.role != "radar_operator" for p in stack):
        raise actions.IllegalAction(f"no radar operator stands alone in {zone} (attack it instead)")
    movers = _advance(g, (advance or "").removeprefix("with ").strip() or None, pieces)
    report = actions.attack(g, pieces, zone, movers)
    if report is None:
        return "nobody there"
    return "prisoner taken" if report.prisoner else report.result.label


def order_capture(ctx: Any, units: str, target: str, advance: str | None = None) -> str:
    """Rule 10.3: attack a radar operator alone in his zone to take him prisoner; the units
    named after ``with`` (default: the front line) move in with him."""
    return _order(ctx, lambda g: capture_in(g, units, target, advance))


def dismantle_with(g: GameState, unit: str) -> str:
    """``dismantle`` as typed, on the game ``g``."""
    (piece,) = _one(g, unit)
    return "dismantled" if actions.attempt_wurzburg(g, piece) else "not yet"


def order_dismantle(ctx: Any, unit: str) -> str:
    """Rule 10: the engineers (or paratroopers once they are gone) try the Würzburg in W."""
    return _order(ctx, lambda g: dismantle_with(g, unit))


def destroy_with(g: GameState, unit: str) -> str:
    """``destroy`` as typed, on the game ``g``."""
    (piece,) = _one(g, unit)
    return "destroyed" if actions.attempt_villa(g, piece) else "still standing"


def order_destroy(ctx: Any, unit: str) -> str:
    """Rule 10: a unit in the Villa tries to destroy it."""
    return _order(ctx, lambda g: destroy_with(g, unit))


def order_pickup(ctx: Any, unit: str) -> str:
    """Take up the dismantled Würzburg lying in the unit's zone (no action)."""

    def act(g: GameState) -> str:
        (piece,) = _one(g, unit)
        actions.pick_up_wurzburg(g, piece)
        return "carried"

    return _order(ctx, act)


def order_sail(ctx: Any, boat: str) -> str:
    """Rules 11 and 14: a loaded LCA that has not fought this turn sails away."""

    def act(g: GameState) -> str:
        piece = g.pieces.get(boat.lower()) or g.pieces.get(boat)
        if piece is None or piece.role != "boat":
            raise actions.IllegalAction(f"{boat!r} is not one of the LCAs")
        actions.sail(g, piece)
        return "sailed"

    return _order(ctx, act)


def order_land(ctx: Any, commando: str, beach: str, then: str | None = None) -> str:
    """Rule 18: a Commando lands from its LCA on a joined beach for 2 PM and may go on."""

    def act(g: GameState) -> str:
        unit = g.pieces.get(commando.lower())
        if unit is None or unit.group != "commandos":
            raise actions.IllegalAction(f"{commando!r} is not one of the Commandos of optional rule 18")
        boat = next((g.pieces[b] for b, cargo in g.aboard.items() if unit.id in cargo), None)
        if boat is None:
            raise actions.IllegalAction(f"{unit.label()} is not aboard an LCA")
        actions.disembark(g, unit, boat, zone_named(g, beach), path_named(g, then) if then else ())
        return "landed"

    return _order(ctx, act)


def order_reorganise(ctx: Any, zone: str, unit: str) -> str:
    """Rule 2.3: after a combat, put another unit of the stack on top (no action)."""

    def act(g: GameState) -> str:
        z = zone_named(g, zone)
        stack = g.stacks.get(z, [])
        if not stack or stack[0].side != BRITISH:
            raise actions.IllegalAction(f"no British stack in {z}")
        data = board_data(ctx) or {}
        fought = set(data.get("fought", ())) if data.get("fought_turn") == g.turn else set()
        if z not in fought:
            raise actions.IllegalAction(f"the British reorganise a stack after a combat it took part in (rule 2.3); {z} has fought no combat this turn")
        (piece,) = _one(g, unit)
        if piece.zone != z:
            raise actions.IllegalAction(f"{piece.label()} is not in {z}")
        if piece.role == "officer":
            raise actions.IllegalAction("an officer never holds the front line while other units are there")
        stack.remove(piece)
        stack.insert(0, piece)
        g.log(f"The British reorganise {z}: {piece.label()} on top.")
        return "reorganised"

    return _order(ctx, act)


def _one(g: GameState, text: str) -> list[Piece]:
    return [shared.one_unit(units_named(g, text))]
