"""What the player does at the table between paragraphs: session verbs of the Ambush! companion.

Each verb is a procedure performed by the core session as one journaled step (saved,
undone, logged, ``--json``), with the session's dice:

* ``round [GAN]``: a new Round. The German Action Number is typed (the player rolled it)
  or rolled; armed start-of-Round reminders fire; unless one replaces it, the player is
  reminded of the Random Event Check and asked which paragraph it gave (the Random Event
  tables are printed on the Mission Cards, which the project does not have), and that
  paragraph is read in the same step.
* ``award AWARD``: VP for one of the mission's printed awards, by name.
* ``killed UNIT`` / ``removed UNIT``: a German (or any unit) out of play, on the sheet.
* ``marker PARAGRAPH HEX``: the hex of the Event marker a paragraph placed.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from paragraphs.context import Context
from paragraphs.errors import AnswerRefused, ParagraphsError, UsageError
from paragraphs.records import Procedure, SessionVerb, VerbArgument

from paragraphs_ambush import TITLE

def start_round(ctx: Context, gan: int | None = None) -> str:
    values = ctx.state.values
    number = int(values.get("round") or 0) + 1
    values["round"] = number
    ctx.say(f"Round {number} begins.", "phase")
    if gan is None:
        gan = ctx.roll("d10", f"the German Action Number of Round {number}")
    else:
        gan = _typed_gan(ctx, gan)
    values["gan"] = gan
    values["gan_round"] = number
    values["gan_from"] = {"paragraph": f"Round {number}", "gan": gan}
    ctx.say(f"German Action Number for this Round: {gan}.", "phase")
    replaced = False
    for hook in [h for h in ctx.state.hooks if h["event"] == "start_of_round"]:
        paragraph, step = ctx.engine.hook_step(hook["id"])
        if hook.get("once", True):
            ctx.state.hooks = [h for h in ctx.state.hooks if h["id"] != hook["id"]]
        if hook.get("replaces") == "random_event_check":
            replaced = True
            ctx.say(f"No Random Event Check this Round: {paragraph} sends you elsewhere.", "hook")
        outer = ctx.paragraph
        ctx.paragraph = paragraph
        try:
            ctx.engine.run_steps(ctx, step.steps)
        finally:
            ctx.paragraph = outer
    if replaced:
        return f"Round {number}, GAN {gan}"
    pid = int(ctx.answer("random_event_paragraph"))
    if pid == 0:
        ctx.say("The Random Event Check gave nothing this Round.", "no_event")
        return f"Round {number}, GAN {gan}"
    try:
        target = ctx.book.resolve_id(str(pid))
    except ParagraphsError:
        # refused as an answer: the GAN die already typed is kept, only the number asked again
        raise AnswerRefused("random_event_paragraph", f"the booklet has no paragraph {pid}: give the number the check gave (0 if none)") from None
    ctx.engine.enter(ctx, target, {})
    return f"Round {number}, GAN {gan}, Random Event {target}"


def _typed_gan(ctx: Context, gan: int) -> int:
    """The GAN the player typed, read as his d10 shows it (``round 10`` was once taken)."""
    die = ctx.die("d10")
    try:
        return die.read(gan)
    except ParagraphsError:
        raise UsageError(f"round {gan}: the GAN is what your d10 shows ({die.reading_help()}): type round 4, say, or round alone to have it rolled") from None


def _mission_awards(ctx: Context) -> list[dict[str, Any]]:
    mission = ctx.state.values.get("mission")
    record = ctx.book.data.get("missions", {}).get(str(mission)) if mission is not None else None
    return list((record or {}).get("vp_awards") or ())


def _words(text: str) -> list[str]:
    """The words of an award's name, a hex such as ``K-14`` one word."""
    return re.findall(r"[a-z0-9]+(?:-[a-z0-9]+)*", text.lower())


def award(ctx: Context, award: str) -> str:
    wanted = award.strip().lower()
    awards = _mission_awards(ctx)
    if not awards:
        raise UsageError("this mission prints no VP awards: record VP with vp +N reason")
    # whole words of the name: a fragment (`award -1`, `award e`) once matched inside
    # another word (K-14, exited) and awarded VP the player never named
    typed = _words(wanted)
    found = [a for a in awards if typed and set(typed) <= set(_words(str(a["per"])))]
    if len(found) != 1:
        names = "; ".join(str(a["per"]) for a in awards)
        raise UsageError(f"say which award ({names}), not {wanted!r}" if found else f"no award {wanted!r} in this mission (awards: {names})")
    vp = int(found[0]["vp"])
    ctx.add_counter("vp", vp, str(found[0]["per"]))
    return f"{vp:+d} VP ({found[0]['per']})"


def _out_of_play(ctx: Context, unit: str, status: str) -> str:
    unit = " ".join(unit.split()).upper()
    roster = ctx.state.extra.setdefault("units", {})
    entry = roster.setdefault(unit, {})
    if entry.get("status") in ("killed", "removed"):
        raise UsageError(f"{unit} is already {entry['status']}")
    entry["status"] = status
    return f"{unit} {status}"


def killed(ctx: Context, unit: str) -> str:
    return _out_of_play(ctx, unit, "killed")


def removed(ctx: Context, unit: str) -> str:
    return _out_of_play(ctx, unit, "removed")


def marker_hex(ctx: Context, paragraph: str, hex: str) -> str:
    paragraph = ctx.book.resolve_id(paragraph)
    hex_id = hex.upper()
    markers = [mk for mk in ctx.state.extra.get("event_markers", []) if mk["paragraph"] == paragraph]
    if not markers:
        raise UsageError(f"no Event marker from {paragraph} on the sheet")
    target = next((mk for mk in markers if not mk.get("hex")), markers[-1])
    target["hex"] = hex_id
    return f"Event marker of {paragraph} in {hex_id}"


def procedures() -> Iterator[Procedure]:
    yield Procedure("start_round", TITLE, start_round, "A new Round: GAN, start-of-Round reminders, Random Event Check.", ("random_event_paragraph",), "companion")
    yield Procedure("award", TITLE, award, "VP for one of the mission's printed awards.", (), "companion")
    yield Procedure("unit_killed", TITLE, killed, "A unit killed, on the sheet.", (), "companion")
    yield Procedure("unit_removed", TITLE, removed, "A unit removed from the map, on the sheet.", (), "companion")
    yield Procedure("event_marker_hex", TITLE, marker_hex, "The hex of an Event marker a paragraph placed.", (), "companion")


def session_verbs() -> Iterator[SessionVerb]:
    yield SessionVerb("round", TITLE, "start a Round: GAN (typed, or rolled), reminders, Random Event Check", "start_round", (VerbArgument("gan", "the GAN you rolled (left out: the session rolls it)", "integer", optional=True),))
    yield SessionVerb("award", TITLE, "VP for one of the mission's awards, by name (award truck)", "award", (VerbArgument("award", "a word of the award's name", rest=True),))
    yield SessionVerb("killed", TITLE, "mark a unit killed (killed GE 18)", "unit_killed", (VerbArgument("unit", "the counter, such as GE 18", rest=True),))
    yield SessionVerb("removed", TITLE, "mark a unit removed from the map (removed GE 18)", "unit_removed", (VerbArgument("unit", "the counter, such as GE 18", rest=True),))
    yield SessionVerb("marker", TITLE, "record the hex of an Event marker (marker 578 K-12)", "event_marker_hex", (VerbArgument("paragraph", "the paragraph that placed it"), VerbArgument("hex", "the hex, such as K-12")))
