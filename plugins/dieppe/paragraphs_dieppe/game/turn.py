"""Rule 4: the sequence of play, and a whole automatic game.

Each of the 12 turns runs phase A (the unforeseen events, turn 1 only), B (the British
player's actions), C (Job Done markers off), D (German fire, movement, reinforcements),
E (Alles gemacht markers off, the turn marker moves) and, after the last, F (victory).
The game ends early once no British unit is left outside Newhaven (ruling R43).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from paragraphs.errors import ParagraphsError
from paragraphs_raids.dice import PrngRoller, Roller
from paragraphs_raids.journal import GameResult, Journal
from paragraphs_raids.stacks import BRITISH, GERMAN

from paragraphs_dieppe.game.german import german_phase
from paragraphs_dieppe.game.officers import begin_british_movement
from paragraphs_dieppe.game.setup import new_game
from paragraphs_dieppe.game.state import LANDING_FORCE, GameState, Options
from paragraphs_dieppe.rules.events import roll_events
from paragraphs_dieppe.rules.victory import Tally, score, success_level
from paragraphs_dieppe.scenario import Scenario

TITLE = "dieppe"


class BritishPlayer(Protocol):
    """What the game asks of a British policy: play phase B of the current turn."""

    def british_phase(self, g: GameState) -> None: ...


class StackingBroken(ParagraphsError):
    """A stacking limit is broken while units stand still (an engine bug)."""


def check_stacking(g: GameState) -> None:
    """Rule 1.2 and 2.2: every zone within its limit, the two sides never sharing one.

    Raises:
        StackingBroken: names the turn, the phase and every zone at fault.
    """
    found = []
    for zone, stack in g.stacks.items():
        if not stack:
            continue
        sides = {p.side for p in stack}
        if len(sides) > 1:
            found.append(f"{zone} holds both sides")
        for side in sides:
            pts = g.points_in(zone, [p for p in stack if p.side == side])
            if pts > g.map.zone(zone).stacking:
                found.append(f"{zone} holds {pts} {side} levels (limit {g.map.zone(zone).stacking})")
    for lca, cargo in g.aboard.items():
        levels = g.cargo_levels(g.pieces[lca])
        if levels > g.params.lca_capacity:
            found.append(f"{lca} carries {levels} levels")
    if found:
        raise StackingBroken(f"stacking limit broken after turn {g.turn} phase {g.phase}: " + "; ".join(found))


def phase_a(g: GameState) -> None:
    """Rule 5: the unforeseen events of turn 1."""
    g.phase = "A"
    afloat = [int(p.id.split("-")[1]) for p in g.pieces_of(BRITISH) if p.role == "boat"]
    result = roll_events(g.roll, g.scenario.tables, afloat)
    g.log_line(f"unforeseen event: {result.label()}")
    if result.detected:
        g.alarm_event("ships_detected")
        if g.lookups.rulings["ship_detection"] == "twice":
            g.alarm.raise_by(1)
            g.log_line(f"alarm +1 (the detection counted again): level {g.alarm.level}")
    for n in result.sunk + ([result.extra_lca] if result.extra_lca is not None else []):
        lca = g.pieces.get(f"lca-{n}")
        if lca is not None and lca.id not in g.lost:
            g.eliminate(lca)
            g.log_line(f"{lca.label()} is lost with everyone aboard")
    g.late.update(result.late)
    if result.off_course:
        group, zone = result.off_course
        g.off_course[group] = zone


def end_of_british_phase(g: GameState) -> None:
    """Phase C: the Job Done markers come off; wire holds a stack for this turn only."""
    g.phase = "C"
    g.log.clear()
    _clear_done_of(g, BRITISH)
    pieces = g.pieces
    for ids in g.aboard.values():
        for c in ids:  # clear_done of the cargo, without a generator per LCA
            pieces[c].acted = False


def end_of_turn(g: GameState) -> None:
    """Phase E: the Alles gemacht markers come off and the turn marker moves."""
    g.phase = "E"
    _clear_done_of(g, GERMAN)
    g.stuck.clear()


def _clear_done_of(g: GameState, side: str) -> None:
    """``clear_done(g.pieces_of(side))`` read from the stacks, without the list."""
    stacks = g.stacks
    for z in g.zones_of(side):
        for p in stacks[z]:
            p.acted = False


def game_over(g: GameState) -> bool:
    """Ruling R43: nothing can change once every surviving British unit is home."""
    home = g.lookups.newhaven
    stacks = g.stacks
    for z in g.zones_of(BRITISH):
        for p in stacks[z]:
            if p.role != "boat":
                return False  # someone is still ashore (the usual answer, found without a list)
    for p in g.british_land_units():
        if p.zone:
            return False
        lca = next((b for b, ids in g.aboard.items() if p.id in ids), None)
        if lca is None or g.pieces[lca].zone != home:
            return False
    return True


def tally(g: GameState) -> Tally:
    """What rule 12 counts at the end (rulings R40, R42)."""
    s = g.scenario
    home = s.lookups.newhaven
    at_home = {c for b, ids in g.aboard.items() if g.pieces[b].zone == home for c in ids}
    aboard_any = {c for ids in g.aboard.values() for c in ids}
    force = [c for c in s.counters.values() if c.kind.role in LANDING_FORCE and c.group in ("group1", "group2")]
    if s.lookups.rulings["newhaven_deduction"] == "starting_levels":
        missing = sum(c.kind.full.points for c in force) - sum(g.pieces[c.id].points for c in force if c.id in at_home)
    else:
        missing = sum(c.kind.full.points for c in force if c.id not in at_home)
    prisoner = None
    if g.prisoner is not None:
        escort = next((p for p in g.pieces.values() if g.prisoner in p.carrying), None)
        ok = escort is not None and (escort.id in at_home if s.lookups.rulings["prisoner_vp"] == "at_newhaven" else escort.id in aboard_any)
        if ok:
            prisoner = "officer" if g.pieces[g.prisoner].role == "officer" else g.pieces[g.prisoner].role
    return Tally(
        hess_guns=g.hess_killed,
        hess_last_turn=g.hess_last_turn,
        telephone_cut=g.telephone_cut,
        prisoner=prisoner,
        flak=g.flak_killed,
        pillboxes=g.pillboxes_killed,
        officers_killed=tuple(g.officers_killed),
        levels_missing=missing,
    )


def officer_names(g: GameState) -> dict[str, str]:
    """The killed officers' names as the counters give them, by id (the reasons of the
    result say "Lord Lovat killed", not the id)."""
    return {o: g.scenario.counters[o].name for o in g.officers_killed}


def play_turn(g: GameState, player: BritishPlayer, *, check: bool = False) -> None:
    """One game turn, phases A to E."""
    if g.turn in g.params.event_turns and g.options.events:
        phase_a(g)
    g.phase = "B"
    begin_british_movement(g)
    player.british_phase(g)
    end_of_british_phase(g)
    if check:
        check_stacking(g)
    german_phase(g)
    if check:
        check_stacking(g)
    end_of_turn(g)


def play_game(
    scenario: Scenario,
    seed: int,
    player: BritishPlayer,
    options: Options = Options(),
    *,
    policy: str = "default",
    record: bool = True,
    check: bool = False,
    roll: Roller | None = None,
    at_end: Callable[[GameState], None] | None = None,
) -> GameResult:
    """A whole automatic game with ``player`` as the British; deterministic for a seed.

    ``at_end`` sees the final state (``play --auto --svg`` draws it).
    """
    journal = Journal(enabled=record)
    roller = roll or PrngRoller(seed, scenario.conventions, journal.notes if record else None)
    g = new_game(scenario, roller, options, journal)
    for turn in range(1, scenario.params.turns + 1):
        g.turn = turn
        play_turn(g, player, check=check)
        if game_over(g):
            g.log_line("every surviving commando is home: the game ends")
            break
    g.phase = "F"
    vp, reasons = score(tally(g), scenario.victory_points, scenario.tables["hess_timetable"], names=officer_names(g))
    level = success_level(vp, scenario.tables["success_levels"])
    g.log_line(f"{vp} VP: {level}")
    if at_end is not None:
        at_end(g)
    return GameResult(TITLE, seed, vp, level, reasons, g.turn, journal, options.to_json(), policy)
