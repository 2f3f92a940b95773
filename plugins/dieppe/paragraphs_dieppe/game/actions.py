"""The British actions of phase B, checked against the rules (rules 6, 9, 10, 11).

Each function is one action of a unit or a stack acting together; it refuses what the
rules forbid (:class:`ActionRefused`, with the reason) and records the action in the
phase's action log (two different actions per unit, an activation closing when another
unit starts, ruling R15). A landing is a move that starts aboard an LCA (R12); entering
a zone held by Germans, or a face-down marker that reveals Germans, is the assault
action (R13).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

from paragraphs_raids.actions import ActionRefused
from paragraphs_raids.combat import SideValue
from paragraphs_raids.stacks import BRITISH, GERMAN, Piece, apply_losses, front_line, sort_by_keys

from paragraphs_dieppe.game.state import LAST_RESORT, GameState, sort_german
from paragraphs_dieppe.rules import activation as act
from paragraphs_dieppe.rules.assault import columns, fight_round
from paragraphs_dieppe.rules.fire import SPECIAL_SHOOTERS, Shot, fire_outcome, mortar_losses, shooter_value, target_value
from paragraphs_dieppe.rules.movement import LANDING, SEA, stack_allowance

MOVE: Final = "move"
EMBARK: Final = "embark"
SAIL: Final = "sail"
FIRE: Final = "fire"
ASSAULT: Final = "assault"
#: Ruling R40: who may be taken prisoner.
PRISONER_ROLES: Final = frozenset({"machine_gun", "officer"})

__all__ = ["ActionRefused", "MoveReport", "move", "land", "embark", "sail", "fire"]


# The reports below, Line and LineResult (rules.assault) and ReinforcementRoll write their
# __init__ out (init=False): the compiled build (mypyc) compiles a method written in the
# class, but a dataclass's generated __init__ stays interpreted Python, called some fifty
# times a game. The dataclass still gives the fields, equality and repr.
@dataclass(init=False)
class MoveReport:
    """What a move did: where the stack ended and what it met."""

    path: list[str]
    end: str
    stopped: str
    assault: AssaultReport | None

    def __init__(self, path: list[str] | None = None, end: str = "", stopped: str = "", assault: AssaultReport | None = None) -> None:
        self.path = [] if path is None else path
        self.end = end
        self.stopped = stopped
        self.assault = assault


@dataclass(init=False)
class AssaultReport:
    """The outcome of an assault (rule 11.2)."""

    zone: str
    rounds: int
    won: bool
    prisoner: str | None

    def __init__(self, zone: str, rounds: int = 0, won: bool = False, prisoner: str | None = None) -> None:
        self.zone = zone
        self.rounds = rounds
        self.won = won
        self.prisoner = prisoner


def _take(g: GameState, pieces: Sequence[Piece], action: str) -> None:
    # markers.mark_done over the ids the log returns, written out (every action ends here).
    every = g.pieces
    for i in g.log.take(pieces, action):
        every[i].acted = True


def _check_side(pieces: Sequence[Piece]) -> None:
    if not pieces:
        raise ActionRefused("no unit given")
    for p in pieces:
        if p.side != BRITISH:
            raise ActionRefused(f"{p.label()} is not British")


_RANK: Final = {"commando": 0, "mortar": 1, "boat": 1, "sniper": 2, "officer": 3}


def british_order(pieces: Sequence[Piece]) -> list[Piece]:
    """The automatic player's order: full commandos on top, then reduced, then the rest.

    ``sorted(pieces, key=_british_rank)`` written out as a stable insertion sort on one
    small int per piece (tests/test_fast_paths.py compares the two): a stack is a few
    pieces, and sorting with a key called each unit through Python's generic call and
    built a tuple for it, on every assault round, fire and arrival.
    """
    out = list(pieces)
    sort_by_keys(out, [_RANK.get(p.role, 2) * 2 + (1 if p.reduced else 0) for p in out])
    return out


def _british_rank(p: Piece) -> tuple[int, bool]:
    """The sort key :func:`british_order` stands for."""
    return (_RANK.get(p.role, 2), p.reduced)


# --------------------------------------------------------------------------- moving


def land(g: GameState, pieces: Sequence[Piece], lca: Piece, path: Sequence[str], *, bangalore: bool = True) -> MoveReport:
    """Rule 9.2: units aboard ``lca`` land on the beach ``path[0]`` and may walk on (one action).

    Raises:
        ActionRefused: not aboard, the group may not land yet, a unit that re-embarked,
            a beach the LCA's zone does not reach, or too far.
    """
    _check_side(pieces)
    cargo = g.aboard.get(lca.id, [])
    for p in pieces:
        if p.id not in cargo:
            raise ActionRefused(f"{p.label()} is not aboard {lca.label()}")
        if p.id in g.reembarked:
            raise ActionRefused(f"{p.label()} embarked again and may not land again (rule 9.2)")
        if g.late.get(p.group, 0) > g.turn:
            raise ActionRefused(f"{p.group} may not land before turn {g.late[p.group]} (rule 5)")
    if not path:
        raise ActionRefused("a landing needs a beach")
    beach = path[0]
    forced = {g.off_course[p.group] for p in pieces if p.group in g.off_course}
    if forced:
        if forced != {beach}:
            raise ActionRefused(f"this group lands off course at {', '.join(sorted(forced))} (rule 5c)")
        first_cost = 2
    else:
        cost = g.map.step_cost(lca.zone, beach, LANDING)
        if cost is None or "beach" not in g.map.zone(beach).tags:
            raise ActionRefused(f"{lca.label()} in {lca.zone} cannot land troops on {beach}")
        first_cost = cost
    if len(path) == 1 and g.lookups.rulings["kept_aboard"] == "not_acted":
        _room_for_someone(g, pieces, beach)
    return _walk(g, list(pieces), lca.zone, list(path), first_cost=first_cost, start_stack=g.cargo(lca), from_lca=lca, bangalore=bangalore)


def _room_for_someone(g: GameState, pieces: Sequence[Piece], beach: str) -> None:
    """Ruling R47: a landing the beach has room for none of (it stops there: no marker,
    no obstacle, no Germans) lands nobody, so it is no action and rolls nothing."""
    if beach in g.markers or beach in g.obstacles or g.side_in(beach) == GERMAN:
        return
    limit = g.params.side_stacking
    room = limit - g.points_in(beach)
    if all(p.points + sum(g.pieces[c].points for c in p.carrying) > room for p in pieces):
        raise ActionRefused(f"{beach} has no room for them ({limit} levels a side): nobody would land (ruling R47)")


def move(g: GameState, pieces: Sequence[Piece], path: Sequence[str], *, bangalore: bool = True) -> MoveReport:
    """Rule 9.2: a land move of units standing together, along ``path`` (one action);
    ``bangalore``: barbed wire met on the way is blown with a torpedo, else it stops the
    stack for the turn (rule 10 leaves the choice to the player).

    Raises:
        ActionRefused: units in different zones, stuck by wire, too far, or an officer,
            sniper or mortar alone entering an enemy zone.
    """
    _check_side(pieces)
    start = pieces[0].zone
    apart = boat = False
    for p in pieces:  # both checks in one loop (no generator per check)
        if p.zone != start or not start:
            apart = True
        if p.role == "boat":
            boat = True
    if apart:
        raise ActionRefused("the units of a move must stand together on the map")
    if boat:
        raise ActionRefused("LCAs sail; they do not move on land")
    if start in g.stuck:
        raise ActionRefused(f"the stack in {start} is held by barbed wire this turn (rule 10)")
    return _walk(g, list(pieces), start, list(path), first_cost=None, start_stack=g.stack(start), bangalore=bangalore)


def _walk(
    g: GameState,
    pieces: list[Piece],
    start: str,
    path: list[str],
    *,
    first_cost: int | None,
    start_stack: Sequence[Piece],
    from_lca: Piece | None = None,
    bangalore: bool = True,
) -> MoveReport:
    allowance = stack_allowance(pieces, start_stack, phase_led=g.officer_led)
    spent = 0
    here = start
    markers = g.markers.hidden
    land = g.lookups.land_steps  # the map's land steps as dicts (not a method called per step)
    for i, nxt in enumerate(path):
        cost = first_cost if i == 0 and first_cost is not None else land[here].get(nxt)
        if cost is None:
            raise ActionRefused(f"no line units may walk along from {here} to {nxt}")
        spent += cost
        if spent > allowance:
            raise ActionRefused(f"the move costs {spent} MP, more than the {allowance} MP of the stack")
        if nxt in markers or g.side_in(nxt) == GERMAN:
            if i != len(path) - 1:
                raise ActionRefused(f"a unit entering {nxt} stops there (rule 9.2)")
            if not any(p.role == "commando" for p in pieces):
                raise ActionRefused("officers, snipers and the mortar never enter an enemy zone without commandos (rule 9.2)")
            if any(g.log.used.get(p.id) for p in pieces):
                raise ActionRefused(f"entering {nxt} is an assault as well as a move: the units need both actions (ruling R13)")
            if g.points_in("", pieces) > g.params.side_stacking:
                raise ActionRefused(f"at most {g.params.side_stacking} levels a side enter an assault (ruling R46)")
            if i > 0 and g.lookups.rulings["move_surplus"] == "refuse":
                _room_to_fall_back(g, pieces, here, nxt)
        here = nxt
    for p in pieces:
        if p.id in g.log.closed or p.acted:
            raise ActionRefused(f"{p.label()} has finished acting this phase")
    if path and not (from_lca is not None and len(path) == 1) and g.lookups.rulings["move_surplus"] == "refuse":
        _room_at_the_end(g, pieces, path[-1])
    # Checks passed: the move happens.
    _take(g, pieces, MOVE)
    if from_lca is not None:
        cargo = g.aboard[from_lca.id]
        for p in pieces:
            cargo.remove(p.id)
        g.alarm_event("first_landing")
    else:
        for p in pieces:
            g.lift(p)
    report = MoveReport()
    tested: set[str] = set()
    _adjacent_tests(g, start, tested)
    prev = start
    for zone in path:
        if zone in g.markers:
            report.path.append(zone)
            placed = g.reveal(zone)
            if placed or g.side_in(zone) == GERMAN:
                if ASSAULT not in g.log.actions_of(pieces[0]):
                    _take(g, pieces, ASSAULT)
                report.assault = assault(g, pieces, zone, prev, from_lca=from_lca if prev == start else None, behind=_behind(start, report.path), landed_from=from_lca)
                report.end = pieces[0].zone if pieces[0].zone else ""
                report.stopped = "assault"
                return report
            report.stopped = f"marker in {zone}"
            # The stack stops on a marker anyway (rule 9.2); mines still test it.
            if g.obstacles.get(zone) == "mines":
                _enter_obstacle(g, pieces, zone, bangalore)
                pieces = [p for p in pieces if not g.is_lost(p.id)]
            _arrive(g, pieces, zone, prev, from_lca if prev == start else None, _behind(start, report.path))
            _adjacent_tests(g, zone, tested)
            report.end = zone
            return report
        if g.side_in(zone) == GERMAN:
            report.path.append(zone)
            if ASSAULT not in g.log.actions_of(pieces[0]):
                _take(g, pieces, ASSAULT)
            report.assault = assault(g, pieces, zone, prev, from_lca=from_lca if prev == start else None, behind=_behind(start, report.path), landed_from=from_lca)
            report.end = pieces[0].zone if pieces[0].zone else ""
            report.stopped = "assault"
            return report
        report.path.append(zone)
        if zone in g.obstacles:
            if _enter_obstacle(g, pieces, zone, bangalore):
                _arrive(g, pieces, zone, prev, from_lca if prev == start else None, _behind(start, report.path))
                _adjacent_tests(g, zone, tested)
                report.end, report.stopped = zone, g.obstacles.get(zone, "wire")
                return report
            pieces = [p for p in pieces if not g.is_lost(p.id)]
            if not pieces:
                return report
        _cut_telephone(g, pieces, zone)
        _adjacent_tests(g, zone, tested)
        prev = zone
    end = path[-1] if path else start
    _arrive(g, pieces, end, _previous(path, start), from_lca, _behind(start, path))
    report.end = end
    if from_lca is not None and len(path) <= 1:
        _never_landed(g, pieces, from_lca)
    return report


def _room_to_fall_back(g: GameState, pieces: Sequence[Piece], back: str, target: str) -> None:
    """Ruling R49 under ``refuse``: a stopped assault sends the commandos back where they
    assaulted from (rule 11.2) and they stand there, so that zone must hold them (rule
    2.2). Checked before the move for an assault launched from a zone the stack only
    passes through (the zone it stands in held it already; from an LCA it goes back
    aboard, R23)."""
    need, room, _ = _room_for(g, pieces, back)
    if need > room:
        raise ActionRefused(f"an assault on {target} from {back} could fall back into {back}, which has room for {max(room, 0)} of their {need} levels: assault from a zone that can take them back (ruling R49)")


def _room_at_the_end(g: GameState, pieces: Sequence[Piece], end: str) -> None:
    """Ruling R49 under ``refuse`` (rule 2.2: 10 levels a side once the stack stands
    still): a move whose last zone cannot hold the whole stack is refused. An entry into
    a face-down marker or a German zone is bounded by ruling R46 instead, and a landing
    on the beach alone by R47."""
    if end in g.markers or g.side_in(end) == GERMAN:
        return
    need, room, limit = _room_for(g, pieces, end)
    if need > room:
        raise ActionRefused(f"{end} has room for {max(room, 0)} of their {need} levels ({limit} a side): the move would end over the limit (ruling R49)")


def _room_for(g: GameState, pieces: Sequence[Piece], zone: str) -> tuple[int, int, int]:
    """The levels ``pieces`` need, the room ``zone`` has for them (its units that are not
    among them count) and the side's limit."""
    limit = g.params.side_stacking
    # g.stacks.get, not g.stack: a check must not add an empty zone to the board's order.
    room = limit - g.points_in(zone, [p for p in g.stacks.get(zone, ()) if p not in pieces])
    return g.points_in("", pieces), room, limit


def _never_landed(g: GameState, pieces: Sequence[Piece], lca: Piece) -> None:
    """Ruling R47 (content ``kept_aboard``): units the beach had no room for stay aboard
    (:func:`_arrive`). They never left their LCA, so they did not land (rule 9.2: a unit
    lands when it moves from its LCA to the beach) and carry no Job Done (rule 6 marks the
    units that carried out an action): ``not_acted`` gives them their move back, to act
    later in the phase. ``acted`` keeps the move spent, as if they had landed."""
    if g.lookups.rulings["kept_aboard"] != "not_acted":
        return
    aboard = set(g.aboard.get(lca.id, ()))
    kept = [p for p in pieces if p.id in aboard]
    if kept:
        g.log.give_back(kept, MOVE)
        for p in kept:
            if p.id not in g.log.closed:
                p.acted = False


def _behind(start: str, walked: Sequence[str]) -> list[str]:
    """The zones behind the origin of an assault, nearest first: ``walked`` ends with the
    zone assaulted and its origin before it, so the rest of the way back, then ``start``."""
    return [*reversed(walked[:-2]), start] if len(walked) >= 2 else []


def _previous(path: Sequence[str], start: str) -> str:
    return path[-2] if len(path) >= 2 else start


def _arrive(g: GameState, pieces: list[Piece], zone: str, previous: str, from_lca: Piece | None = None, behind: Sequence[str] = ()) -> None:
    """Stop in ``zone``; units over the limit stay one zone back (the stack was only
    passing), further back along ``behind`` (the zones before ``previous``, nearest
    first) when that one is full too, or aboard the LCA they landed from (ruling R49,
    ``stay_back``; R47 for a landing on the beach alone)."""
    limit = g.params.side_stacking
    staying: list[Piece] = []
    # The levels in ``zone`` as the units stop there one by one (none of them stands
    # there yet: the move has lifted them).
    held = g.points_in(zone)
    every = g.pieces
    boats_only = zone in g.boat_only
    for p in british_order(pieces):
        if g.is_lost(p.id):
            continue
        # g.points_in(zone, (p,)) without the call: a unit's levels and its prisoner's.
        if boats_only:
            need = p.points if p.role == "boat" else 0
        else:
            need = p.points + (sum(every[c].points for c in p.carrying) if p.carrying else 0)
        if held + need <= limit:
            staying.append(p)
            g.place(p, zone)
            held += need
        elif (back := _room_behind(g, (previous, *behind), need)) is not None:
            g.place(p, back)
        elif from_lca is not None and from_lca.id in g.aboard:
            g.aboard[from_lca.id].append(p.id)
        else:
            g.place(p, zone)
            held += need
    _cut_telephone(g, staying, zone)


def _room_behind(g: GameState, zones: Sequence[str], need: int) -> str | None:
    """The first of ``zones`` (land zones a stack came through) with room for ``need`` more levels."""
    limit = g.params.side_stacking
    boats = g.boat_only
    return next((z for z in zones if z and z not in boats and g.points_in(z) + need <= limit), None)


def _cut_telephone(g: GameState, pieces: Sequence[Piece], zone: str) -> None:
    """Rule 12 (ruling R41): a commando entering a T zone removes its telephone marker."""
    if zone in g.telephones and any(p.role == "commando" for p in pieces):
        g.telephones.discard(zone)
        if not g.telephone_cut:
            g.telephone_cut = True
        if g.journal.enabled:
            g.log_line(f"telephone line cut in {zone}")


def _enter_obstacle(g: GameState, pieces: list[Piece], zone: str, use_bangalore: bool) -> bool:
    """Rule 10: mines or wire met in ``zone``. True when the stack must stop there."""
    kind = g.obstacles.get(zone)
    if kind == "mines":
        levels = sum(p.points for p in pieces)
        # Rule 10: the explosion raises the alarm; the journal tells it after the mines' line
        # and their die, as a fire's (the loss rolls nothing, and the markers a 9 turns
        # over are not this zone's: the game is the same as raising it first)
        if act.mines_test(levels, g.roll, g.params.mines_loss_at):
            front = front_line(british_order(pieces), LAST_RESORT)
            del g.obstacles[zone]
            if front is not None:
                told = len(g.journal.entries)
                gone = g.take_loss(front, pieces)
                g.log_line(f"mines in {zone}: {front.label()} {'is eliminated' if gone else 'takes a loss'}; the mines are spent")
                tell_before(g, told)
            g.alarm_event("explosion")
        else:
            g.log_line(f"mines in {zone}: no effect")
        return False
    if kind == "wire":
        if not use_bangalore:
            g.stuck.add(zone)
            g.log_line(f"barbed wire in {zone}: the stack stops for the turn")
            return True
        cleared = act.bangalore(g.roll)
        if cleared:
            del g.obstacles[zone]
            g.log_line(f"Bangalore torpedo in {zone}: the wire is cleared")
            g.alarm_event("explosion")
            return False
        g.stuck.add(zone)
        g.log_line(f"Bangalore torpedo in {zone}: the wire holds, the stack is stuck this turn")
        g.alarm_event("explosion")
        return True
    return False


def _adjacent_tests(g: GameState, zone: str, tested: set[str]) -> None:
    """Rule 10, case 2 (ruling R29): one test per face-down marker next to the stack, per action."""
    markers = g.markers.hidden
    if not markers:  # every marker is turned over (from alarm 9 on): nothing to test
        return
    for other in g.lookups.neighbours[zone]:
        if other in markers and other not in tested:
            tested.add(other)
            if act.adjacent_test(g.alarm.level, g.roll, other):
                g.reveal(other)
            elif g.journal.enabled:
                g.log_line(f"activation test of {other} fails")


# --------------------------------------------------------------------------- assault


def assault(
    g: GameState,
    pieces: list[Piece],
    zone: str,
    origin: str,
    *,
    from_lca: Piece | None = None,
    keep_going: Any = None,
    behind: Sequence[str] = (),
    landed_from: Piece | None = None,
) -> AssaultReport:
    """Rule 11.2: the British stack assaults the Germans in ``zone`` until one side is gone
    or the player stops (``keep_going(commandos, germans)``; default: while the commandos
    outnumber the Germans or the battery is there).

    Falling back, the commandos go to ``origin``; ``behind`` are the zones the stack came
    through before it, nearest first, where units ``origin`` has no room for stop
    (ruling R49, ``stay_back``), or, for a stack that landed in this move, the LCA it
    came from (``landed_from``)."""
    report = AssaultReport(zone)
    g.alarm_event("first_assault")
    for p in pieces:
        g.lift(p)
    # The British column is the player's to order (rule 11.2); the automatic player puts
    # its strongest first, the interactive game keeps the order the units were named in.
    order = g.british_column or british_order
    commandos = [p for p in order(pieces) if p.role == "commando"]
    protection = g.map.zone(zone).protection
    while True:
        germans = [p for p in g.stack(zone) if p.side == GERMAN]
        commandos = [p for p in commandos if not g.is_lost(p.id)]
        if not germans or not commandos:
            break
        report.rounds += 1
        lines = columns(order(commandos), germans)
        for n, r in enumerate(fight_round(lines, protection, g.roll), 1):
            if g.journal.enabled:  # the wording is only built for a journal
                g.log_line(f"assault on {zone}, round {report.rounds}, line {n}: {r.attack} + {r.result.attack_face} against {r.defence} + {r.result.defence_face}: {r.hit.label()} hit")
            if r.eliminated:
                g.eliminate(r.hit, commandos)
            elif r.hit.side == GERMAN:
                sort_german(g.stack(zone))
        germans = [p for p in g.stack(zone) if p.side == GERMAN]
        commandos = [p for p in commandos if not g.is_lost(p.id)]
        room = g.points_in("", [p for p in pieces if not g.is_lost(p.id)]) + germans[0].points <= g.params.side_stacking if germans else False
        if len(germans) == 1 and commandos and room and not g.prisoner_taken and _prisoner_kind(germans[0]) and (g.take_prisoner is None or g.take_prisoner(germans[0])):
            captive = germans[0]
            g.lift(captive)
            g.prisoner_taken = True
            g.prisoner = captive.id
            commandos[0].carrying.append(captive.id)
            report.prisoner = captive.id
            g.log_line(f"{captive.label()} is taken prisoner by {commandos[0].label()}")
            continue
        if not germans or not commandos:
            continue
        decide = keep_going or g.keep_going
        go_on = decide(commandos, germans) if decide else _keep_going(g, commandos, germans)
        if not go_on:
            break
    survivors = [p for p in pieces if not g.is_lost(p.id)]
    germans = [p for p in g.stack(zone) if p.side == GERMAN]
    report.won = not germans and any(p.role == "commando" for p in survivors)
    if report.won:
        for p in survivors:
            g.place(p, zone)
        _cut_telephone(g, survivors, zone)
        if g.journal.enabled:
            g.log_line(f"the commandos take {zone}")
    else:
        back = origin
        if from_lca is not None and from_lca.id in g.aboard:
            g.aboard[from_lca.id].extend(p.id for p in survivors)
        else:
            _fall_back(g, survivors, [origin, *behind], landed_from)
        sort_german(g.stack(zone))
        if g.journal.enabled:
            g.log_line(f"the assault on {zone} stops; the commandos go back to {from_lca.zone if from_lca else back}")
    if g.hess_killed >= 2 and not g.flipped_all:
        g.flip_all("battery 813 is destroyed")
    return report


def _fall_back(g: GameState, survivors: Sequence[Piece], way_back: Sequence[str], lca: Piece | None = None) -> None:
    """Rule 11.2: back to the zone they assaulted from; rule 2.2 (ruling R49,
    ``stay_back``): the units it has no room for stop in the zone before it, and so on
    back along the way they came, or go back aboard the LCA they landed from in this move
    (as a landing keeps aboard the units a beach has no room for). A unit with room
    nowhere stays in the origin, as before."""
    for p in survivors:
        need = p.points + sum(g.pieces[c].points for c in p.carrying)
        where = _room_behind(g, way_back, need)
        if where is None and lca is not None and lca.id in g.aboard and g.cargo_levels(lca) + need <= g.params.lca_capacity:
            g.aboard[lca.id].append(p.id)
            continue
        g.place(p, where or way_back[0])


def _prisoner_kind(p: Piece) -> bool:
    """Ruling R40: a reduced infantry unit, a machine gun or an officer."""
    return p.role in PRISONER_ROLES or (p.role == "infantry" and p.reduced)


def _keep_going(g: GameState, commandos: Sequence[Piece], germans: Sequence[Piece]) -> bool:
    if any(p.role == "hess" for p in germans):
        return sum(p.points for p in commandos) >= 3
    return len(commandos) >= len(germans) and sum(p.points for p in commandos) >= sum(p.points for p in germans)


# --------------------------------------------------------------------------- embarking and sailing


def embark(g: GameState, pieces: Sequence[Piece], lca: Piece) -> None:
    """Rule 9.2: units on a beach go under an LCA waiting in a joined ship waiting zone (one action).

    Raises:
        ActionRefused: not on a beach joined to the LCA's zone, or no room aboard.
    """
    _check_side(pieces)
    beach = pieces[0].zone
    if any(p.zone != beach for p in pieces) or g.map.step_cost(beach, lca.zone, LANDING) is None:
        raise ActionRefused(f"units must stand together on a beach joined to {lca.zone} to embark")
    need = sum(p.points + sum(g.pieces[c].points for c in p.carrying) for p in pieces)
    if g.cargo_levels(lca) + need > g.params.lca_capacity:
        raise ActionRefused(f"{lca.label()} has no room for {need} more levels (8 at most, rule 3.3)")
    if any(p.factors.move is not None and p.factors.move < 2 for p in pieces):
        raise ActionRefused("embarking costs 2 MP")
    _take(g, pieces, EMBARK)
    for p in pieces:
        g.lift(p)
        g.aboard.setdefault(lca.id, []).append(p.id)
        g.reembarked.add(p.id)
    if g.journal.enabled:
        g.log_line(f"{', '.join(p.label() for p in pieces)} embark in {lca.label()}")
    _adjacent_tests(g, beach, set())


def sail(g: GameState, lcas: Sequence[Piece], path: Sequence[str]) -> None:
    """Maritime movement (rule 9): LCAs along solid blue lines (one action), testing the
    face-down markers next to every zone they pass (rule 10, R29).

    Raises:
        ActionRefused: not LCAs standing together, a line they may not sail, too far, or
            over the zone's limit at the end.
    """
    _check_side(lcas)
    start = lcas[0].zone
    if any(p.role != "boat" or p.zone != start for p in lcas):
        raise ActionRefused("only LCAs standing together sail")
    spent = 0
    here = start
    for nxt in path:
        cost = g.map.step_cost(here, nxt, SEA)
        if cost is None:
            raise ActionRefused(f"no sea line from {here} to {nxt}")
        spent += cost
        here = nxt
    allowance = min(p.factors.move or 0 for p in lcas)
    if spent > allowance:
        raise ActionRefused(f"the voyage costs {spent} MP, more than the LCAs' {allowance}")
    end = here
    if not g.room_for(end, lcas):
        raise ActionRefused(f"{end} has no room for {len(lcas)} more LCAs")
    _take(g, lcas, SAIL)
    g.move_pieces(lcas, end)
    if g.journal.enabled:
        g.log_line(f"{', '.join(p.label() for p in lcas)} sail to {end}")
    # Rule 10 (R29): LCAs are British units too; sailing tests the markers along the way.
    tested: set[str] = set()
    for zone in (start, *path):
        _adjacent_tests(g, zone, tested)


# --------------------------------------------------------------------------- fire


@dataclass(init=False)  # __init__ written out: see MoveReport
class FireValues:
    """What a British fire is about to be: the shooter, its aim, the range and both values."""

    zone: str
    front: Piece
    aim: Piece
    radius: int
    attack: SideValue
    defence: SideValue

    def __init__(self, zone: str, front: Piece, aim: Piece, radius: int, attack: SideValue, defence: SideValue) -> None:
        self.zone = zone
        self.front = front
        self.aim = aim
        self.radius = radius
        self.attack = attack
        self.defence = defence


def fire_values(g: GameState, shooters: Sequence[Piece], target_zone: str, target: Piece | None = None) -> FireValues:
    """Rule 11.1: the checks of a British fire and the values it will be resolved with
    (the odds of the interactive game read them before the fire is given).

    Raises:
        ActionRefused: see :func:`fire`.
    """
    _check_side(shooters)
    front = shooters[0]
    zone = front.zone
    if any(p.zone != zone for p in shooters):
        raise ActionRefused("units firing together stand in one zone")
    special = front.role in SPECIAL_SHOOTERS
    if special and len(shooters) > 1:
        raise ActionRefused("the sniper and the mortar fire alone")
    if target_zone in g.markers:
        raise ActionRefused("fire at a zone with a face-down marker is forbidden (rule 11.1)")
    radius = g.map.radius(zone, target_zone)
    reach = g.params.mortar_range if front.role == "mortar" else 1
    if radius is None or radius < 1 or radius > reach:
        raise ActionRefused(f"{target_zone} is out of range from {zone}")
    germans = [p for p in g.stack(target_zone) if p.side == GERMAN]
    aim = target if (target is not None and front.role == "sniper") else front_line(germans, LAST_RESORT)
    if not germans:
        raise ActionRefused(f"no German unit in {target_zone} to fire at")
    if aim is None or aim.role == "hess" or aim not in germans:
        raise ActionRefused(f"nothing to fire at in {target_zone}: the Hess cannon fall only to an assault (ruling R39)")
    why = g.log.refusal(shooters, FIRE)
    if why:
        raise ActionRefused(why)
    # The values are those of the moment of fire: the Job Done marker goes on after (R35).
    attack = shooter_value(front, shooters, turn=g.turn, light_table=g.scenario.tables["light"], radius=radius)
    defence = target_value(aim, germans, g.map.zone(target_zone).protection, shooter_role=front.role, exemption=g.lookups.rulings["sniper_mortar_defence"])
    return FireValues(zone, front, aim, radius, attack, defence)


def tell_before(g: GameState, mark: int) -> None:
    """Move the journal's last line (a fire, written after its losses, which it names as
    they left the unit) back to ``mark``, before what the losses told since (a prisoner
    handed over or lost), with the dice noted for it: the fire, its dice, then what it
    caused. The losses roll no die, so every die since ``mark`` is the fire's."""
    entries = g.journal.entries
    if len(entries) - 1 <= mark:
        return
    last = entries.pop()
    rolls = tuple(r for e in entries[mark:] for r in e.rolls) + last.rolls
    entries[mark:] = [replace(e, rolls=()) for e in entries[mark:]]
    entries.insert(mark, replace(last, rolls=rolls))


def fire(g: GameState, shooters: Sequence[Piece], target_zone: str, target: Piece | None = None) -> Shot:
    """Rule 11.1: British units of one zone fire together at one adjacent zone (one action).

    The first of ``shooters`` is the front line. A sniper or the mortar fires alone; a
    sniper may name ``target``; the mortar reaches R 2 and costs two losses.

    Raises:
        ActionRefused: out of range, a zone with a face-down marker or without a German
            unit that can be fired at, or units already done.
    """
    v = fire_values(g, shooters, target_zone, target)
    zone, front, aim, radius, attack, defence = v.zone, v.front, v.aim, v.radius, v.attack, v.defence
    _take(g, shooters, FIRE)
    result = fire_outcome(attack.base, defence.base, BRITISH, g.roll)
    told = len(g.journal.entries)
    losses: list[tuple[Piece, bool]] = []
    if result.defender_hit:
        stack = g.stack(target_zone)
        if front.role == "mortar":
            losses = mortar_losses(list(stack), aim, g.params.mortar_losses)
        else:
            losses = apply_losses(list(stack), 1, stack.index(aim))
        for piece, gone in losses:
            if gone:
                g.eliminate(piece)
        sort_german(stack)
    elif not (front.role == "mortar" and radius >= 2 and g.lookups.rulings["r2_counterfire"] == "none"):
        losses = [(front, g.take_loss(front))]
    if g.journal.enabled:
        g.log_line(f"British fire from {zone} at {target_zone}: {attack.describe()} + {result.attack_face} against {defence.describe()} + {result.defence_face}: {'target' if result.defender_hit else 'shooter'} hit")
        tell_before(g, told)
    # Rule 7: the alarm follows the fire, told after it and its dice (as German fire does);
    # before the activation tests, which read the alarm.
    g.alarm_event("first_fire")
    # Rule 10 (R29): firing is an action next to whatever markers lie around the shooters.
    _adjacent_tests(g, zone, set())
    return Shot(front, aim, attack, defence, result, tuple(losses))
