"""A real Dieppe board as a file: read it into a game state, and write a state back.

The board file (schema ``schemas/dieppe/board.schema.json``) says where each counter
stands, its side showing, its marker, what each LCA carries, the face-down markers (their
letter only: nobody has looked under them), the obstacles revealed, the telephone
markers left, the alarm events already past and what the two containers still hold. The
reading checks it against the schema (``BOARD001``/``BOARD002``, from the raids layer)
and against the rules (``DIE200``: unknown ids, a counter twice, both sides in a zone, a
stacking limit broken), each problem at its ``file:line:col``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from paragraphs.problems import Problem
from paragraphs_raids.boardfile import board_error, load_board_json, rules_in_play, unknown_id
from paragraphs_raids.dice import Roller
from paragraphs_raids.markers import Container

from paragraphs_dieppe.game.setup import new_game
from paragraphs_dieppe.game.state import GameState, Options
from paragraphs_dieppe.resources import schema
from paragraphs_dieppe.scenario import Scenario


def read_board(path: str | Path, scenario: Scenario, roll: Roller, options: Options | None = None) -> GameState:
    """The game state a board file describes, ready for the German phase.

    The optional rules of chapter 13 are the file's ``optional`` and those of ``options``
    (``turn dieppe --optional``/``--difficulty``; None when the command line names none),
    which must agree when both are given (:func:`~paragraphs_raids.boardfile.rules_in_play`).

    Raises:
        UsageError: the file cannot be read, or it and ``options`` disagree on the rules.
        ContentError: the file is not JSON, breaks the schema or the rules (every problem).
    """
    data, where = load_board_json(path, schema("board"))
    rules = rules_in_play(path, data.get("optional"), None if options is None else options.optional, "optional")
    chosen = Options(bad_luck="bad_luck" in rules, alarm="alarm" in rules, vorwarts="vorwarts" in rules, difficulty=None if options is None else options.difficulty)
    problems: list[Problem] = []

    def bad(at: list[str | int], message: str) -> None:
        problems.append(Problem(where(at), "DIE200", message))

    from paragraphs_raids.dice import PrngRoller

    # The set-up's own dealing is thrown away (the board says where the markers are), so
    # it rolls dice of its own, not the player's.
    g = new_game(scenario, PrngRoller(0, scenario.conventions), chosen)
    g.roll = roll
    for piece in list(g.pieces.values()):
        g.lift(piece)
    g.aboard.clear()
    g.markers.hidden.clear()
    seen: dict[str, list[str | int]] = {}
    for i, unit in enumerate(data["units"]):
        cid, zone = unit["id"], unit["zone"]
        if cid not in g.pieces:
            bad(["units", i, "id"], unknown_id("counter", cid, g.pieces, "dieppe", "counters"))
            continue
        if zone not in scenario.zone_records:
            bad(["units", i, "zone"], unknown_id("zone", zone, scenario.zone_records, "dieppe", "zones"))
            continue
        if cid in seen:
            bad(["units", i, "id"], f"counter {cid!r} is on the board twice (first at line {where(seen[cid]).line})")
            continue
        seen[cid] = ["units", i]
        piece = g.pieces[cid]
        piece.reduced = bool(unit.get("reduced", False)) and piece.kind.reduced is not None
        piece.acted = bool(unit.get("acted", False))
        g.place(piece, zone)
    for lca, cargo in (data.get("aboard") or {}).items():
        if lca not in seen or g.pieces[lca].role != "boat":
            bad(["aboard", lca], f"{lca!r} is not an LCA on the board")
            continue
        for n, cid in enumerate(cargo):
            if cid not in g.pieces:
                bad(["aboard", lca, n], unknown_id("counter", cid, g.pieces, "dieppe", "counters"))
                continue
            if cid in seen:
                what = "aboard and also on the board (at" if seen[cid][0] == "units" else "aboard twice (first at"
                bad(["aboard", lca, n], f"counter {cid!r} is {what} line {where(seen[cid]).line})")
                continue
            seen[cid] = ["aboard", lca, n]
            g.aboard.setdefault(lca, []).append(cid)
    for zone, letter in (data.get("markers") or {}).items():
        if scenario.zone_records.get(zone, {}).get("activation") != letter:
            bad(["markers", zone], f"{zone!r} is not a zone for an {letter} marker")
            continue
        g.markers.hidden[zone] = None
    for zone, kind in (data.get("obstacles") or {}).items():
        if zone not in scenario.zone_records:
            bad(["obstacles", zone], unknown_id("zone", zone, scenario.zone_records, "dieppe", "zones"))
            continue
        g.obstacles[zone] = kind
    for n, zone in enumerate(data.get("telephone", ())):
        if zone not in scenario.telephones:  # rule 3.1: the markers start in the T zones and never move
            bad(["telephone", n], f"{zone!r} is not a zone with a telephone marker (those zones: {', '.join(scenario.telephones)})")
    g.telephones = set(data.get("telephone", scenario.telephones)) & set(scenario.telephones)
    g.telephone_cut = len(g.telephones) < len(scenario.telephones)
    for event in data.get("events_seen") or ():
        if event not in scenario.alert_events:
            bad(["events_seen"], f"unknown alarm event {event!r}")
            continue
        g.alarm.seen[event] = 1
    for key, group in (("garrison_left", "garrison"), ("reinforcements_left", "reinforcements")):
        if key in data:
            left = [c for c in data[key] if c in g.pieces and g.pieces[c].group == group and c not in seen]
            if len(left) != len(data[key]):
                bad([key], f"{key} names counters that are not free {group} counters")
            setattr(g, group, Container(left, lambda c: g.pieces[c].role))
        else:
            setattr(g, group, Container([c for c in scenario.group_counters(group) if c not in seen], lambda c: g.pieces[c].role))
    for zone, stack in g.stacks.items():
        sides = {p.side for p in stack}
        if len(sides) > 1:
            bad(seen[stack[0].id], f"zone {zone!r} holds both sides")
        elif stack and g.points_in(zone) > scenario.zmap.zone(zone).stacking:
            bad(seen[stack[-1].id], f"zone {zone!r} holds {g.points_in(zone)} levels, over its limit of {scenario.zmap.zone(zone).stacking}")
    if data.get("bad_luck_spent") and not chosen.bad_luck:
        bad(["bad_luck_spent"], "bad_luck_spent is for the optional rule Bad luck!, which is not in play (add bad_luck to optional)")
    # Bad luck! doubles the infantry of the first A and the first B marker that shows
    # some: the letters already doubled (on the board, or in an earlier German phase)
    g.first_infantry_back = set(data.get("bad_luck_spent") or ())
    if problems:
        raise board_error(problems)
    g.alarm.set_level(int(data["alarm"]))
    g.turn = int(data["turn"])
    g.phase = "D"
    return g


def board_json(g: GameState) -> dict[str, Any]:
    """The board file of a state (what ``turn dieppe --out`` writes)."""
    units = [{"id": p.id, "zone": p.zone, "reduced": p.reduced, "acted": p.acted} for z in sorted(g.stacks, key=g.zmap.order.__getitem__) for p in g.stacks[z]]
    data: dict[str, Any] = {
        "title": "dieppe",
        "turn": g.turn,
        "alarm": g.alarm.level,
        "units": units,
        "aboard": {k: list(v) for k, v in g.aboard.items() if v},
        "markers": {z: g.letter(z) for z in g.markers},
        "obstacles": dict(g.obstacles),
        "telephone": sorted(g.telephones),
        "events_seen": sorted(e for e, n in g.alarm.seen.items() if n),
        "garrison_left": list(g.garrison),
        "reinforcements_left": list(g.reinforcements),
    }
    # the optional rules go with the board from turn to turn, [] for none: the file is
    # the game's record, so a later --optional that differs is refused (a file without
    # the field, older or by hand, still takes the command line's)
    data["optional"] = g.options.optional
    if g.options.bad_luck:
        data["bad_luck_spent"] = sorted(g.first_infantry_back)
    return data


def setup_board(scenario: Scenario, options: Options) -> tuple[dict[str, Any], list[str]]:
    """The board file of the set-up (rule 3; the alarm on 2 under Alarm!, rule 13) and
    what the player should know about it (``board dieppe --new``).

    The posts stand in their zones, the LCAs wait in G1 and G2 with the content's loading,
    the telephone markers are in the T zones and both containers are full; each A and B
    zone has its marker by letter only: the set-up deals them at random and unseen, and a
    board file never holds a back (:func:`board_json` writes letters).
    """
    from paragraphs_raids.dice import PrngRoller

    g = new_game(scenario, PrngRoller(0, scenario.conventions), options)
    notes = ["the LCAs carry one loading of the content; rule 3.3 lets you share each group out as you like (8 levels an LCA): change aboard to match yours"]
    if options.bad_luck or options.vorwarts:
        played = " and ".join(name for name, on in (("Bad luck!", options.bad_luck), ("Vorwärts!", options.vorwarts)) if on)
        notes.append(f"{played}: the file's optional says so, and turn dieppe plays the German turns with them")
    data = board_json(g)
    # nothing is reduced or marked at the start: the schema's defaults, left out for a
    # shorter file to edit
    data["units"] = [{"id": u["id"], "zone": u["zone"]} for u in data["units"]]
    return data, notes
