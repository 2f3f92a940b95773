"""The British actions of phase C (rule 6), checked against the rules before they happen.

A policy (an automatic British player) acts only through these functions; each raises
:class:`IllegalAction` when the rules forbid what it asks, and leaves the state unchanged
then. Every unit takes at most one action a turn and gets a DONE marker for it.
"""

from __future__ import annotations

from collections.abc import Sequence

from paragraphs_raids.stacks import BRITISH, GERMAN, Piece

from paragraphs_bruneval.game.state import WURZBURG, GameState, Wurzburg
from paragraphs_bruneval.rules import activation, embarkation, movement, objectives
from paragraphs_bruneval.rules.combat import CombatReport, counts_for_bonus, fight
from paragraphs_bruneval.rules.commando import commando_aboard


class IllegalAction(ValueError):
    """The rules do not allow this action now."""


def _ready(pieces: Sequence[Piece]) -> str:
    if not pieces:
        raise IllegalAction("no units given")
    zone = pieces[0].zone
    for p in pieces:
        if p.side != BRITISH or p.role == "boat":
            raise IllegalAction(f"{p.label()} is not a British land unit")
        if p.acted:
            raise IllegalAction(f"{p.label()} has already acted this turn")
        if p.zone != zone or not zone:
            raise IllegalAction("the units must stand together in one zone")
    return zone


# --------------------------------------------------------------------------- movement


def carry_limit(g: GameState, pieces: Sequence[Piece]) -> int | None:
    """3 PM when one of the units carries a prisoner or the radar (rule 10)."""
    for p in pieces:
        if p.carrying:
            return g.params.carry_capacity
    return None


def movement_capacity(g: GameState, pieces: Sequence[Piece]) -> int:
    """This turn's capacity of units moving together (rules 8, 8.1); rolls once if needed.

    The result is kept for the turn, so asking again does not roll again.
    """
    kept = g.capacity
    known = []
    for p in pieces if isinstance(pieces, list) else list(pieces):  # (a list: walked natively compiled)
        points_kept = kept.get(p.id)
        if points_kept is not None:
            known.append(points_kept)
    if len(known) == len(pieces):
        return min(known)
    zone = pieces[0].zone
    params = g.params
    # The names only when a journal is kept (the die's purpose, the line): a series keeps none.
    words = g.journal.enabled
    cap = movement.british_capacity(
        movement.printed_capacity(pieces),
        movement.officer_radius(g, zone),
        g.roll,
        full_radius=params.officer_full_radius,
        die=params.movement_die,
        carry_limit=carry_limit(g, pieces),
        who=", ".join(p.label() for p in pieces) if words else "unit",
    )
    if cap.face is not None and words:
        g.log(f"{', '.join(p.label() for p in pieces)} in {zone}, far from any officer: {params.movement_die} {cap.face} halved, {cap.points} PM.")
    points = cap.points
    for k in known:  # (min of them all, as a loop: no list and no call of min)
        if k < points:
            points = k
    for p in pieces:
        g.capacity[p.id] = points
    return points


def entry_blocked(g: GameState, zone: str) -> str | None:
    """Why a British unit may not enter ``zone`` on the way (None: it may)."""
    if g.side_in(zone) == GERMAN:
        return "German units hold it"
    if zone in g.markers:
        return "a face-down activation marker lies there (attack it instead)"
    if zone in g.lookups.boat_only_zones:
        return "only units embarking may enter an embarkation zone"
    return None


def move(g: GameState, pieces: Sequence[Piece], path: Sequence[str]) -> None:
    """Move units together along ``path`` (zones entered, in order); the last step may embark.

    Raises:
        IllegalAction: a step is not a movable line, a zone may not be entered, the cost
            is over this turn's capacity, or the units cannot stop where they end.
    """
    start = _ready(pieces)
    if not path:
        raise IllegalAction("an empty path")
    last = path[-1]
    embarking = last in g.lookups.boat_only_zones
    walk = list(path[:-1]) if embarking else list(path)
    for zone in walk:
        why = entry_blocked(g, zone)
        if why:
            raise IllegalAction(f"cannot enter {zone}: {why}")
    cost = movement.path_cost(g.zmap, start, path)
    if cost is None:
        raise IllegalAction(f"no line to move along on {start} -> {' -> '.join(path)}")
    plan = None
    if embarking:
        before = walk[-1] if walk else start
        if "beach" not in g.zmap.zone(before).tags:
            raise IllegalAction("units embark from a beach zone")
        plan = embarkation.assign_to_boats(g, last, pieces)
        if plan is None:
            raise IllegalAction(f"no LCA in {last} has room for them")
        cost += embarkation.extra_for(g, last)
    elif not g.room_for(last, pieces):
        raise IllegalAction(f"{last} has no room for them (stacking limit {g.zmap.zone(last).stacking})")
    capacity = movement_capacity(g, pieces)
    if cost > capacity:
        raise IllegalAction(f"the move costs {cost} PM, over this turn's {capacity}")
    tested: set[str] = set()
    for zone in walk:
        g.move_pieces(pieces, zone)
        activation.british_tests(g, pieces, zone, tested)
    for p in pieces:
        p.acted = True
    if plan is not None:
        _embark(g, plan)
    if not g.journal.enabled:
        return  # a series keeps no journal: no words to build
    names = ", ".join(p.label() for p in pieces)
    if plan is not None:
        g.log(f"{names} move {start} -> {' -> '.join(path)} ({cost} PM) and embark.")
    else:
        g.log(f"{names} move {start} -> {' -> '.join(path)} ({cost} of {capacity} PM).")


def _embark(g: GameState, plan: dict[str, list[Piece]]) -> None:
    for boat_id, cargo in plan.items():
        for p in cargo:
            g.lift(p)
            g.aboard.setdefault(boat_id, []).append(p.id)
            if WURZBURG in p.carrying:
                g.wurzburg = Wurzburg("embarked", None, p.id)


def disembark(g: GameState, commando: Piece, boat: Piece, beach: str, then: Sequence[str] = ()) -> None:
    """Rule 18: a Commando lands from its boat onto a joined beach for 2 PM, and may go on.

    Landing is the start of its movement: the officer radius that sets its capacity is
    measured from where it stands (its boat's zone), the 2 PM come out of that capacity,
    and with the points left it may go on along ``then`` (zones entered after the beach)
    like any British unit, making the activation tests of rule 12 on the way.

    Raises:
        IllegalAction: the optional rule is off, it is not aboard, a zone may not be
            entered, or the landing and the path cost more than this turn's capacity.
    """
    if not g.options.commando or commando.group != "commandos" or commando_aboard(g, boat) is not commando:
        raise IllegalAction("only a Commando aboard its LCA may land, under optional rule 18")
    if commando.acted:
        raise IllegalAction(f"{commando.label()} has already acted this turn")
    if "beach" not in g.zmap.zone(beach).tags or not g.zmap.adjacent(boat.zone, beach):
        raise IllegalAction(f"{beach} is not a beach next to {boat.zone}")
    path = [beach, *then]
    for zone in path:
        why = entry_blocked(g, zone)
        if why:
            raise IllegalAction(f"{commando.label()} cannot enter {zone}: {why}")
    if not g.room_for(path[-1], [commando]):
        raise IllegalAction(f"{path[-1]} has no room for {commando.label()}")
    params = g.params
    walk = movement.path_cost(g.zmap, beach, list(then)) if then else 0
    if walk is None:
        raise IllegalAction(f"no line to move along on {beach} -> {' -> '.join(then)}")
    cost = params.commando_disembark_cost + walk
    capacity = g.capacity.get(commando.id)
    if capacity is None:
        radius = movement.officer_radius(g, boat.zone)
        cap = movement.british_capacity(int(commando.factors.move or 0), radius, g.roll, full_radius=params.officer_full_radius, die=params.movement_die, who=commando.label())
        capacity = g.capacity[commando.id] = cap.points
    if capacity < params.commando_disembark_cost:
        commando.acted = True
        g.log(f"{commando.label()} has {capacity} PM, short of the {params.commando_disembark_cost} needed to land.")
        return
    if cost > capacity:
        raise IllegalAction(f"landing and moving on cost {cost} PM, over this turn's {capacity}")
    g.aboard[boat.id].remove(commando.id)
    tested: set[str] = set()
    for zone in path:
        g.place(commando, zone)
        activation.british_tests(g, [commando], zone, tested)
    commando.acted = True
    g.log(f"{commando.label()} lands from {boat.label()} on {beach}" + (f" and moves on to {' -> '.join(then)}" if then else "") + f" ({cost} of {capacity} PM).")


# --------------------------------------------------------------------------- combat


def attack(g: GameState, attackers: Sequence[Piece], target: str, advance: Sequence[Piece] | None = None) -> CombatReport | None:
    """British combat (rule 9) by units standing together against a joined zone.

    ``advance``: who moves in if a lone radar operator is taken (default: the front line).
    """
    if attackers and all(p.role == "boat" for p in attackers):
        zone = attackers[0].zone
        if any(p.acted or p.zone != zone for p in attackers):
            raise IllegalAction("boats attack once a turn, from one zone")
    else:
        zone = _ready(attackers)
    if not g.zmap.adjacent(zone, target):
        raise IllegalAction(f"{target} is not joined to {zone}")
    if g.side_in(target) != GERMAN and target not in g.markers:
        raise IllegalAction(f"no Germans to attack in {target}")
    if advance is not None and any(p not in attackers for p in advance):
        raise IllegalAction("only attackers can move in after the combat")
    return fight(g, list(attackers), zone, target, advance)


# --------------------------------------------------------------------------- objectives


def attempt_wurzburg(g: GameState, piece: Piece) -> bool:
    """Rule 10: try to dismantle the Würzburg with ``piece`` standing in W."""
    _ready([piece])
    if piece.zone != g.wurzburg_zone or g.wurzburg.status != "intact":
        raise IllegalAction("the intact Würzburg is not in this unit's zone")
    who = objectives.who_attempts(g, piece)
    if who is None:
        raise IllegalAction(f"{piece.label()} may not attempt the Würzburg")
    params = g.params
    result = objectives.attempt_wurzburg(g.dismantling_turns, who, g.roll, g.scenario.tables["wurzburg"], g.scenario.wurzburg_modifiers, params.wurzburg_turns_needed)
    if result.face is None:
        raise IllegalAction(f"only {g.dismantling_turns} complete turns in W; {params.wurzburg_turns_needed} are needed")
    piece.acted = True
    total = result.face + result.modifier
    if result.success:
        piece.carrying.append(WURZBURG)
        g.wurzburg = Wurzburg("dismantled", None, piece.id)
        g.log(f"{piece.label()} dismantles the Würzburg: {result.face} {result.modifier:+d} = {total} <= {result.target}; they carry it.")
    else:
        g.log(f"{piece.label()} fails to dismantle the Würzburg: {result.face} {result.modifier:+d} = {total} > {result.target}.")
    return result.success


def attempt_villa(g: GameState, piece: Piece) -> bool:
    """Rule 10: try to destroy the Villa with ``piece`` standing in it."""
    zone = _ready([piece])
    if zone != g.villa_zone or g.villa_destroyed:
        raise IllegalAction("this unit is not in the standing Villa")
    value = villa_attack_value(g, piece)
    result = objectives.attempt_villa(value, g.roll)
    piece.acted = True
    if result.success:
        g.villa_destroyed = True
        g.log(f"{piece.label()} destroys the Villa: {result.face} <= {value}.")
    else:
        g.log(f"{piece.label()} fails at the Villa: {result.face} > {value}.")
    return result.success


def villa_attack_value(g: GameState, piece: Piece) -> int:
    """The unit's modified attack value: factor + other infantry points + officer (rule 10)."""
    from paragraphs_raids.combat import attack_base

    return attack_base(piece, g.stack(piece.zone), counts_for_bonus(g.options.commando)).base


def pick_up_wurzburg(g: GameState, piece: Piece) -> None:
    """Take up a dismantled radar lying in the unit's zone (no action needed)."""
    if g.wurzburg.status != "dismantled" or g.wurzburg.carrier is not None or g.wurzburg.zone != piece.zone:
        raise IllegalAction("no dismantled radar lies here")
    if not objectives.can_carry_radar(piece):
        raise IllegalAction(f"{piece.label()} cannot carry the radar")
    piece.carrying.append(WURZBURG)
    g.wurzburg = Wurzburg("dismantled", None, piece.id)
    g.log(f"{piece.label()} picks up the dismantled Würzburg in {piece.zone}.")


# --------------------------------------------------------------------------- boats


def sail(g: GameState, boat: Piece) -> None:
    """Rule 11 and 14: a loaded LCA that has not fought this turn leaves with its cargo."""
    if boat.role != "boat" or not boat.zone:
        raise IllegalAction(f"{boat.label()} is not a boat on the map")
    if boat.id in g.boats_fought:
        raise IllegalAction(f"{boat.label()} fought this turn and cannot sail")
    if g.cargo_points(boat) < 1:
        raise IllegalAction(f"{boat.label()} has nobody aboard")
    cargo = g.aboard.pop(boat.id, [])
    g.lift(boat)
    g.sailed.extend(cargo)
    g.sailed.append(boat.id)
    g.log(f"{boat.label()} sails with {', '.join(g.pieces[c].label() for c in cargo)}.")
