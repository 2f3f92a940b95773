"""The interpreter: resolve a paragraph until the player must act.

A resolution runs on a copy of the state. It ends ``done`` (the copy becomes the new
state, journaled) or ``needs_answers`` (a question, or a die the player has not typed, is
missing: nothing is kept and no die is used up). If it fails, the state is exactly as it
was. ``see`` is a call that returns; ``goto`` abandons the rest of the paragraph; a
retired paragraph reads as no event; read counts include the current reading; a
paragraph re-entered on its own call stack more than ``max_reentry`` times is an error
that names the cycle.
"""

from __future__ import annotations

import json
import operator
from collections.abc import Callable, Mapping
from paragraphs.foundation.dataclass_code import field
# ``typing`` is not imported at run time here (start-up time)
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from paragraphs.interpreter.fastplan import CheckPlan, Plan

from paragraphs.book import model as m
from paragraphs.interpreter.context import Chooser, Context, Instruction, NeedAnswer, RollRecord
from paragraphs.interpreter.handlers import GOTO, HANDLERS, bounded_subjects, procedure_label
from paragraphs.book.dice import DiceSource, Die, MissingRoll, SeededDice, parse_die
from paragraphs.foundation.errors import CycleError, ParagraphsError, ResolutionError, UsageError
from paragraphs.pipeline.grammar import grammar_for
from paragraphs.state.core import State, append_entry
from paragraphs.book.cells import ASK, is_cell_key

if TYPE_CHECKING:
    from dataclasses import dataclass
else:  # the standard decorator, its methods compiled once between runs (start-up time)
    from paragraphs.foundation.dataclass_code import dataclass

if TYPE_CHECKING:
    from paragraphs.pluginhost.plugins import PluginHost

DONE = "done"
NEEDS_ANSWERS = "needs_answers"

_COMPARE: dict[str, Callable[[Any, Any], bool]] = {
    "eq": operator.eq,
    "ne": operator.ne,
    "lt": operator.lt,
    "lte": operator.le,
    "gt": operator.gt,
    "gte": operator.ge,
    "in": lambda a, b: a in b,
}


@dataclass
class Resolution:
    """What resolving a paragraph (or firing an event) produced.

    Attributes:
        status: ``done`` or ``needs_answers``.
        start: where it started (a paragraph id, or ``event:<name>``).
        trail: paragraph ids entered, in order.
        rolls: every roll (die, face, total after modifiers, purpose).
        instructions: what to show the player, each with its paragraph.
        questions: with ``needs_answers``, the open questions and their domains.
        state: the new state (with ``needs_answers``: the state as it was).
        marked: sightings newly marked.
        counter_changes: counter name -> total change.
    """

    status: str
    start: str
    trail: list[str]
    rolls: list[RollRecord]
    instructions: list[Instruction]
    questions: list[m.Question]
    state: State
    marked: list[str] = field(default_factory=list)
    counter_changes: dict[str, int] = field(default_factory=dict)
    effects: list[str] = field(default_factory=list)
    #: With :meth:`Engine.perform`: the label the procedure returned.
    label: Any = None

    @property
    def done(self) -> bool:
        return self.status == DONE

    def to_json(self, tracks: tuple[str, ...] = ()) -> dict[str, Any]:
        return {
            "status": self.status,
            "start": self.start,
            "trail": list(self.trail),
            "rolls": [r.to_json() for r in self.rolls],
            "instructions": [i.to_json() for i in self.instructions],
            "questions": [q.to_json() for q in self.questions],
            "marked": list(self.marked),
            "counter_changes": dict(self.counter_changes),
            **({"label": self.label} if self.label is not None else {}),
            "state": self.state.summary(tracks),
        }


class _PlayChooser(Chooser):
    """Rolls from the dice source (after the ``paragraphs_roll`` hook); answers as given."""

    def __init__(self, engine: Engine, source: DiceSource) -> None:
        self.engine = engine
        self.source = source
        self.source_kind = source.kind
        # the shortest path to a face, for the fast mode (no hook may change rolls)
        self.quick = source.quick_roller() if engine._roll_hook is None else None

    def roll(self, ctx: Context, die: Die, purpose: str, allowed: set[int] | None) -> int:
        if allowed is None and self.engine._roll_hook is None:
            return self.source.roll(die, purpose)
        for _ in range(1000):
            face = self.engine._hooked_roll(die, purpose)
            if face is None:
                face = self.source.roll(die, purpose)
            else:
                face = die.check_face(int(face))
            if allowed is None or face in allowed:
                return face
            if ctx.record:
                ctx.rolls.append(RollRecord(die.name, face, face, purpose + " (roll again)", ctx.paragraph, self.source_kind))
        raise ResolutionError(f"{purpose}: no usable roll after 1000 tries")

    def answer(self, ctx: Context, question: m.Question) -> Any:
        raise NeedAnswer(question)


class Engine:
    """Runs a title's book.

    Args:
        book: the compiled content (see :func:`paragraphs.pipeline.content.load_book`).
        host: the plugin host whose registrations the title uses.
        dice: the default dice source (a seeded PRNG when not given).
        max_reentry: how many times one paragraph may stand on the call stack.
        max_entries: how many paragraphs one resolution may enter (bounds goto loops).
    """

    def __init__(
        self,
        book: m.Book,
        host: PluginHost | None = None,
        *,
        dice: DiceSource | None = None,
        max_reentry: int = 2,
        max_entries: int = 10_000,
    ) -> None:
        if host is None:
            from paragraphs.pluginhost.plugins import make_plugin_manager

            host = make_plugin_manager()
        self.book = book
        self.host = host
        self.grammar = grammar_for(host, book.title, book.meta.get("uses", ()))
        self.dice = dice
        self.max_reentry = max_reentry
        self.max_entries = max_entries
        #: What a resolution does at a table cell the source does not give: ``ask`` (the
        #: player's answer, or ``needs_answers`` on the cell's key) or ``refuse`` (an error).
        self.gaps = ASK
        self._dice_cache: dict[str, Die] = {}
        # runtime hooks of the plugins that serve this title only; a failing one is named
        self._roll_hook = host.title_hook("paragraphs_roll", book.title, check=_face_problem)
        self._enter_hook = host.title_hook("paragraphs_paragraph_entered", book.title)
        self._hooks_index: dict[str, tuple[str, m.HookStep]] | None = None
        self._runtime_predicates: dict[str, Any] = {}
        self._prepared: dict[int, Callable[[Context], str] | None] = {}
        self._plans: dict[str, Plan] = {}
        self._inline_plans: dict[str, CheckPlan] = {}
        self._finished_hook = host.title_hook("paragraphs_resolution_finished", book.title)
        self._paragraphs = book.paragraphs
        #: Called with (step, branch label) whenever a branching step picks a branch
        #: (``randomtest`` uses it for branch coverage).
        self.observer: Callable[[Any, str], None] | None = None

    # ---------------------------------------------------------------- public API
    def new_state(self, **options: Any) -> State:
        """A fresh play-through: declared counters and tracks, then the title's set-up."""
        state = State(title=self.book.title, content_hash=self.book.content_hash)
        state.counters = dict(self.book.counters)
        for name, track in self.book.tracks.items():
            if track.initial is not None:
                state.values[name] = track.initial
        initial = self.host.title_hook("paragraphs_initial_state", self.book.title, check=_setup_problem)
        setup = initial(book=self.book, options=dict(options)) if initial is not None else None
        if setup:
            for key, value in setup.items():
                current = getattr(state, key)
                if isinstance(current, dict):
                    current.update(value)
                elif isinstance(current, list):
                    current.extend(value)
                else:
                    setattr(state, key, value)
        return state

    def parse_answers(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        """Check answer keys and values against the title's questions.

        Raises:
            UsageError: an unknown key (the message lists the valid ones) or a bad value.
        """
        out: dict[str, Any] = {}
        for key, value in raw.items():
            base, _, sub = key.partition(".")
            q = self.book.questions.get(key) or (self.book.questions.get(base) if sub.isdigit() else None)
            if q is None and is_cell_key(key):
                from paragraphs.pipeline.tables import cell_question_for_key  # (not at import: rarely needed)

                q = cell_question_for_key(self.book.tables, self.book.data, key, self.book.paragraphs)
            if q is None:
                raise UsageError(self._unknown_key(key))
            out[key] = q.parse(value)
        return out

    def _unknown_key(self, key: str) -> str:
        import difflib

        declared = sorted(self.book.meta.get("declared_questions", ()) or self.book.questions)
        local = len(self.book.questions) - len(declared)
        close = difflib.get_close_matches(key, list(self.book.questions), n=3)
        text = f"unknown answer key {key!r} for {self.book.title} (valid: {', '.join(declared) or 'none'}"
        if local > 0:
            text += f"; and {local} questions of single paragraphs, listed in the rule reference"
        text += ")"
        if close:
            text += f"; did you mean {' or '.join(close)}?"
        return text

    def resolve(
        self,
        paragraph: str | int,
        state: State | None = None,
        answers: Mapping[str, Any] | None = None,
        *,
        dice: DiceSource | None = None,
        record: bool = True,
    ) -> Resolution:
        """Resolve from ``paragraph`` until the player must act.

        Args:
            paragraph: where to start (``"105"``; ``"358"`` finds ``"T358"``).
            state: the play-through so far (a new one when None); never modified.
            answers: answers by key (``{"pc": 5}``); strings are parsed.
            dice: dice source for this resolution (else the engine's, else seeded).
            record: keep the journal, trail, rolls and instructions; ``False`` is the fast
                mode for simulations (no journal, state changed in place, no undo).

        Returns:
            A :class:`Resolution`; with ``needs_answers`` the given state is returned as is.

        Raises:
            UnknownParagraph: no such paragraph.
            ResolutionError: the content cannot be resolved (a cycle, a missing value).
        """
        start = self.book.resolve_id(paragraph)
        return self._transaction(start, state, answers, dice, record, lambda ctx: self.enter(ctx, start, {}))

    def fire(
        self,
        event: str,
        state: State,
        answers: Mapping[str, Any] | None = None,
        *,
        dice: DiceSource | None = None,
    ) -> Resolution:
        """Report an event: run the hooks armed for it and lapse sightings that end with it."""

        def run(ctx: Context) -> None:
            for sid, info in list(ctx.state.sightings.items()):
                self._lapse(ctx, sid, info, event)
            for hook in [h for h in ctx.state.hooks if h["event"] == event]:
                paragraph, step = self.hook_step(hook["id"])
                if hook.get("once", True):
                    ctx.state.hooks = [h for h in ctx.state.hooks if h["id"] != hook["id"]]
                if hook.get("replaces"):
                    ctx.say(f"Instead of the {hook['replaces'].replace('_', ' ')}:", "hook")
                self._run_in(ctx, paragraph, step.steps)

        return self._transaction(f"event:{event}", state, answers, dice, True, run)

    def perform(
        self,
        procedure: str,
        state: State,
        answers: Mapping[str, Any] | None = None,
        *,
        args: Mapping[str, Any] | None = None,
        dice: DiceSource | None = None,
    ) -> Resolution:
        """Run a title procedure as one journaled, undoable, replayable step.

        Like :meth:`resolve`, it runs on a copy of the state and ends ``done`` (the
        procedure's label is ``Resolution.label``) or ``needs_answers`` (nothing kept, no
        die used up). The procedure keeps whatever it changes in the state (a board in
        ``state.extra``, say), so a whole interactive game can be a core session.

        Args:
            procedure: the procedure's id (see ``paragraphs_register_procedures``).
            args: keyword arguments for the procedure; JSON data, since the journal keeps
                them to replay the step.

        Raises:
            UsageError: no such procedure, or arguments that are not JSON data.
        """
        proc = self.grammar.procedures.get(procedure)
        if proc is None:
            known = ", ".join(sorted(self.grammar.procedures)) or "none"
            raise UsageError(f"{self.book.title} has no procedure {procedure!r} (procedures: {known})")
        arguments = dict(args or {})
        try:
            json.dumps(arguments, allow_nan=False)
        except (TypeError, ValueError):
            raise UsageError(f"the arguments of {procedure} must be JSON data (numbers, text, lists, maps)") from None
        outcome: dict[str, Any] = {}

        def run(ctx: Context) -> None:
            label = procedure_label(f"{ctx.title} {ctx.paragraph}", proc, proc.function(ctx, **arguments))
            outcome["label"] = label
            ctx.effect(f"{procedure}: {label}")

        result = self._transaction(
            f"procedure:{procedure}",
            state,
            answers,
            dice,
            True,
            run,
            entry={"action": "perform", "procedure": procedure, "args": arguments},
            label=outcome,
        )
        return result

    def undo(self, state: State, to_step: int | None = None) -> int:
        """Undo ``state`` back to just before journal step ``to_step`` (the last step by
        default), in place.

        The nearest checkpoint at or before the step is restored and the steps between
        it and ``to_step`` are replayed with their recorded answers, dice and PRNG
        positions: no die is re-rolled, and a step that does not replay exactly (content
        or a plugin changed since) stops the undo with a one-line error and leaves the
        state as it was.

        Returns:
            The number of journal steps undone.

        Raises:
            SaveError: nothing to undo, no such step, or a step that does not replay.
        """
        from paragraphs.interpreter.replay import undo

        return undo(self, state, to_step)

    def armed_events(self, state: State) -> list[str]:
        """Events some hook or sighting is waiting for, sorted."""
        events = {h["event"] for h in state.hooks}
        for info in state.sightings.values():
            for detail in (info, *(info.get("by") or {}).values()):
                lapse = detail.get("lapses")
                if lapse:
                    events.add(lapse["event"] if isinstance(lapse, Mapping) else lapse)
        return sorted(events)

    # ---------------------------------------------------------------- sightings
    def _lapse(self, ctx: Context, sid: str, info: Mapping[str, Any], event: str) -> None:
        """End what of sighting ``sid`` lapses with ``event``: the unattributed sighting,
        and each observer's own, unless its condition still holds for that observer."""
        lapse = info.get("lapses")
        if _lapses_with(lapse, event) and not self._still_holds(ctx, sid, info.get("observer"), lapse):
            by = info.get("by")
            if by:
                ctx.state.sightings[sid] = {"by": by}
            else:
                del ctx.state.sightings[sid]
            ctx.effect(f"sighting {sid} lapses")
        for observer, detail in list((info.get("by") or {}).items()):
            lapse = detail.get("lapses")
            if _lapses_with(lapse, event) and not self._still_holds(ctx, sid, observer, lapse):
                ctx.state.clear_sighting(sid, observer)
                ctx.effect(f"sighting {sid} lapses for {observer}")

    def _still_holds(self, ctx: Context, sid: str, observer: str | None, lapse: Any) -> bool:
        """Whether a conditional lapse's ``unless`` predicate keeps the sighting; it sees
        ``observer`` and ``sighting`` as passed values (``ctx.passed``)."""
        if not isinstance(lapse, Mapping) or lapse.get("unless") is None:
            return False
        predicate = self.runtime_predicate(lapse["unless"])
        ctx.frames.append({"observer": observer, "sighting": sid})
        try:
            return self.test(ctx, predicate)
        finally:
            ctx.frames.pop()

    def runtime_predicate(self, raw: Any) -> Any:
        """Compile a predicate kept in the state as data (a conditional lapse).

        Raises:
            ResolutionError: it is not a valid predicate for this title.
        """
        key = json.dumps(raw, sort_keys=True, default=str)
        found = self._runtime_predicates.get(key)
        if found is None:
            from paragraphs.pipeline.compiler import Compiler

            g = self.grammar
            compiler = Compiler(self.book.title, g.steps, g.predicates, g.checks, set(g.procedures), dict(self.book.questions))
            try:
                found = compiler.predicate(raw, ())
            except (KeyError, TypeError, ValueError, AttributeError) as exc:
                raise ResolutionError(f"{self.book.title}: a sighting's lapse condition is not a predicate: {raw!r} ({exc})") from None
            if compiler.problems:
                raise ResolutionError(f"{self.book.title}: a sighting's lapse condition is not valid: {compiler.problems[0].message}")
            self._runtime_predicates[key] = found
        return found

    def die(self, notation: str) -> Die:
        d = self._dice_cache.get(notation)
        if d is None:
            d = self._dice_cache[notation] = parse_die(notation, self.book.conventions)
        return d

    def hook_step(self, hook_id: str) -> tuple[str, m.HookStep]:
        """The paragraph and hook step that armed ``hook_id``."""
        if self._hooks_index is None:
            index = {}
            for par in self.book.paragraphs.values():
                for step in m.walk_steps(par.steps):
                    if isinstance(step, m.HookStep):
                        index[step.id] = (par.id, step)
            self._hooks_index = index
        if hook_id not in self._hooks_index:
            raise ResolutionError(f"armed hook {hook_id!r} is not in the content any more")
        return self._hooks_index[hook_id]

    # ---------------------------------------------------------------- transactions
    def _transaction(
        self,
        start: str,
        state: State | None,
        answers: Mapping[str, Any] | None,
        dice: DiceSource | None,
        record: bool,
        body: Callable[[Context], None],
        *,
        entry: Mapping[str, Any] | None = None,
        label: Mapping[str, Any] | None = None,
    ) -> Resolution:
        original = state if state is not None else self.new_state()
        # The copy leaves the journal out: a resolution costs the same at step 2,000.
        work = original.copy(journal=False) if record else original
        source = (dice or self.dice or SeededDice()).bind(work.rng)
        # (parse_answers makes a new mapping, which the context then fills as it asks)
        ctx = Context(self, work, self.parse_answers(answers) if answers else {}, _PlayChooser(self, source), record=record)
        if record:
            ctx.step = len(original.journal) + 1
        try:
            body(ctx)
        except NeedAnswer as need:
            return self._needs(start, original, ctx, [need.question])
        except MissingRoll as missing:
            n = len([r for r in ctx.rolls if not r.purpose.endswith("(roll again)")]) + 1
            raw = sorted(missing.die.raw_faces)  # the player types the dice as they land
            q = m.Question(f"roll.{n}", f"{missing.die.name} for {missing.purpose} ({missing.die.reading_help()})", m.INTEGER, raw[0], raw[-1])
            return self._needs(start, original, ctx, [q])
        except ParagraphsError as exc:
            from paragraphs.pluginhost.plugin_errors import plugin_misuse

            misuse = plugin_misuse(exc, self.grammar, f"{self.book.title} {ctx.paragraph or start}")
            if misuse is not None:  # a context call the plugin got wrong: its error, at its line
                misuse.trail = list(ctx.trail)  # type: ignore[attr-defined]
                raise misuse from exc
            exc.trail = list(ctx.trail)  # type: ignore[attr-defined]  # for reports and replays
            raise
        except RecursionError:
            raise CycleError(ctx.stack[-8:] + ["..."]) from None
        except Exception as exc:  # a plugin's bug must not leave a half-changed state
            from paragraphs.pluginhost.plugin_errors import describe

            error = ResolutionError(f"{self.book.title} {ctx.paragraph or start}: {describe(exc, self.grammar, 'code')}")
            error.trail = list(ctx.trail)  # type: ignore[attr-defined]
            raise error from exc
        prng = source.prng_state()
        if prng is not None:
            work.rng = prng
        source.commit()
        if record:
            # What the step was given, so that undo can replay it exactly.
            done: dict[str, Any] = {
                "action": "event" if start.startswith("event:") else "read",
                "start": start,
                **(entry or {}),
                "answers": {k: v for k, v in ctx.answers.items()},
                "dice": source.kind,
                "trail": list(ctx.trail),
                "rolls": [r.to_json() for r in ctx.rolls],
                "rng": dict(work.rng) if work.rng is not None else None,
            }
            if label is not None:
                done["label"] = str(label.get("label"))
            work.journal = append_entry(original.journal, done, original.snapshot())
        result = Resolution(DONE, start, ctx.trail, ctx.rolls, ctx.instructions, [], work, ctx.marked, ctx.counter_changes, ctx.effects)
        if label is not None:
            result.label = label.get("label")
        self._notify_finished(result)
        return result

    def _needs(self, start: str, original: State, ctx: Context, questions: list[m.Question]) -> Resolution:
        result = Resolution(NEEDS_ANSWERS, start, ctx.trail, ctx.rolls, ctx.instructions, questions, original)
        self._notify_finished(result)
        return result

    def _notify_finished(self, result: Resolution) -> None:
        hook = self._finished_hook
        if hook is not None:
            hook(resolution=result, title=self.book.title)

    def _hooked_roll(self, die: Die, purpose: str) -> int | None:
        if self._roll_hook is None:
            return None
        return self._roll_hook(die=die, purpose=purpose, title=self.book.title)

    # ---------------------------------------------------------------- paragraphs
    def enter(self, ctx: Context, paragraph: str, with_: Mapping[str, Any]) -> None:
        """Read ``paragraph`` and follow its ``goto`` jumps until they end."""
        target: str | None = paragraph
        passed = with_
        if ctx.quick is not None and not ctx.track_effects and self.observer is None and self._enter_hook is None and not ctx.boundary:
            # the fast mode, where nothing watches a step: compiled paragraphs (fastplan)
            run_plans(self, ctx, target, passed, _recent_cycle)
            return
        while target is not None:
            target = self._read(ctx, target, passed)
            passed = _NOTHING_PASSED
            if target is not None and ctx.boundary and not ctx.stack:
                ctx.chooser.at_boundary(ctx, target)  # exact odds memoise here

    def call(self, ctx: Context, paragraph: str, with_: Mapping[str, Any]) -> None:
        self.enter(ctx, paragraph, with_)

    def _plan(self, pid: str) -> None:
        """Compile a paragraph for the fast mode (on its first reading there)."""
        from paragraphs.interpreter.fastplan import CheckPlan, is_check_paragraph, plan_paragraph

        par = self._paragraphs.get(pid)
        if par is None:  # the ordinary reading says what is wrong
            self._plans[pid] = lambda ctx, with_: self._read(ctx, pid, with_)
        elif is_check_paragraph(par):
            self._inline_plans[pid] = CheckPlan(self, par)
        else:
            self._plans[pid] = plan_paragraph(self, par, _recent_cycle)

    def _read(self, ctx: Context, pid: str, with_: Mapping[str, Any]) -> str | None:
        # This runs once per paragraph entered: it is kept tight on purpose.
        par = self._paragraphs.get(pid)
        if par is None:
            raise ResolutionError(f"{self.book.title} {ctx.paragraph}: no paragraph {pid}")
        ctx.entries = entries = ctx.entries + 1
        if entries > ctx.entry_limit:
            ctx.chooser.entry_limit_reached(ctx, pid)  # exact odds with a depth stop here
            raise CycleError(_recent_cycle(ctx.trail))
        stack = ctx.stack
        if pid in stack and stack.count(pid) >= self.max_reentry:
            raise CycleError(stack[stack.index(pid):] + [pid])
        ctx.trail.append(pid)
        state = ctx.state
        if state.retired and pid in state.retired:
            from paragraphs.interpreter.fastplan import say_spent

            say_spent(ctx, pid)
            return None
        counts = state.read_counts
        counts[pid] = counts.get(pid, 0) + 1
        saved = ctx.paragraph
        ctx.paragraph = pid
        if par.marks:
            for sid in par.marks:
                ctx.mark(sid)
        if self._enter_hook is not None:
            self._enter_hook(paragraph=pid, state=state, title=self.book.title)
        stack.append(pid)
        if with_:
            ctx.frames.append(with_)
        # No try/finally: an exception ends the whole resolution and its context with it.
        target = self.run_steps(ctx, par.steps)
        stack.pop()
        if with_:
            ctx.frames.pop()
        ctx.paragraph = saved
        return target

    def _run_in(self, ctx: Context, paragraph: str, steps: m.Steps) -> None:
        """Run steps as if inside ``paragraph`` (hook bodies), following their jumps."""
        saved = ctx.paragraph
        ctx.paragraph = paragraph
        ctx.stack.append(paragraph)
        ctx.frames.append({})
        try:
            target = self.run_steps(ctx, steps)
        finally:
            ctx.stack.pop()
            ctx.frames.pop()
            ctx.paragraph = saved
        if target is not None:
            self.enter(ctx, target, {})

    def run_steps(self, ctx: Context, steps: m.Steps) -> str | None:
        handlers = HANDLERS
        for step in steps:
            cls = step.__class__
            if cls is GOTO:  # the commonest last step: no call needed
                return step.to  # type: ignore[no-any-return]
            target = handlers[cls](self, ctx, step)
            if target is not None:
                return target
        return None

    # ---------------------------------------------------------------- predicates
    def test(self, ctx: Context, pred: Any) -> bool:
        cls = pred.__class__
        if cls is m.SightingIs:
            return ctx.state.has_sighting(pred.id, pred.observer)
        if cls is m.Not:
            return not self.test(ctx, pred.item)
        if cls is m.Always:
            return pred.value
        if cls is m.AllOf:
            return all(self.test(ctx, p) for p in pred.items)
        if cls is m.AnyOf:
            return any(self.test(ctx, p) for p in pred.items)
        if cls is m.AnySighting:
            return any(s not in pred.except_ for s in ctx.state.sightings)
        if cls is m.TimesRead:
            return _COMPARE[pred.op](ctx.state.read_counts.get(pred.paragraph, 0), pred.n)
        if cls is m.HasRead:
            return ctx.state.read_counts.get(pred.paragraph, 0) > 0
        if cls is m.Compare:
            value = ctx.value(pred.value)
            if value is None:
                return pred.op == "ne"
            try:
                return _COMPARE[pred.op](value, pred.operand)
            except TypeError:
                return False
        if cls is m.Asked:
            return ctx.answer(pred.question) == pred.equals
        if cls is m.TitlePredicate:
            kind = self.grammar.predicates[pred.kind]
            held = kind.evaluate(ctx, pred.args)  # type: ignore[misc]
            if held is None or isinstance(held, str):
                raise _not_a_truth(ctx, kind, pred, held)
            return bool(held)
        raise ResolutionError(f"unknown predicate {pred!r}")

    # ---------------------------------------------------------------- checks
    def check(self, ctx: Context, step: m.Check) -> str:
        pick = getattr(ctx.chooser, "pick_outcome", None)
        if pick is not None:
            kind = self.grammar.checks[step.kind]
            if kind.chances is not None:
                spec = dict(step.spec)
                spec["purpose"] = step.purpose or f"{step.kind} check in {ctx.paragraph}"
                what = f"{step.kind} check: {spec['purpose']}"
                if step.group is None:
                    chances = lambda: _declared_chances(ctx, kind, kind.chances(ctx, spec))  # noqa: E731
                else:
                    chances = lambda: self._group_chances(ctx, step, kind, spec)  # noqa: E731
                lumped = getattr(ctx.chooser, "lumped", None)
                if lumped is not None:
                    # the odds chooser asks the check's own questions itself (see Chooser.lumped)
                    outcome = lumped(ctx, chances, what)
                    if outcome is not None:
                        return outcome  # type: ignore[no-any-return]
                else:
                    dist = chances()
                    if dist:
                        return pick(ctx, dist, what=what)  # type: ignore[no-any-return]
        if step.group is None:
            fast = self._prepared.get(id(step), False)
            if fast is False:
                fast = self._prepare(ctx, step)
            if fast is not None:
                return fast(ctx)  # type: ignore[operator]
        kind = self.grammar.checks[step.kind]
        spec = dict(step.spec)
        spec["purpose"] = step.purpose or f"{step.kind} check in {ctx.paragraph}"
        if step.group is None:
            outcome = kind.resolve(ctx, spec)
            if outcome not in kind.outcomes:
                raise _undeclared(ctx, kind, outcome)
            return outcome
        count = bounded_subjects(ctx, ctx.number(step.group.subjects))
        results = []
        outer = ctx.subject
        for i in range(1, count + 1):
            ctx.subject = i
            try:
                outcome = kind.resolve(ctx, {**spec, "purpose": f"{spec['purpose']} (man {i})"})
            finally:
                ctx.subject = outer
            if outcome not in kind.outcomes:
                raise _undeclared(ctx, kind, outcome)
            results.append(outcome)
        wins = [r in ("success", "exact") for r in results]
        ok = any(wins) if step.group.aggregate == "any" else all(wins)
        return "success" if ok else "failure"


    def _group_chances(self, ctx: Context, step: m.Check, kind: Any, spec: dict[str, Any]) -> dict[str, Any] | None:
        """Success and failure chances of a group check from each man's own chances."""
        from fractions import Fraction

        assert step.group is not None
        count = bounded_subjects(ctx, ctx.number(step.group.subjects))
        any_wins = step.group.aggregate == "any"
        # The product is kept as integers (the chance that every man fails, for "any";
        # that every man succeeds, for "all") and made Fractions once: exact odds work
        # these chances out for every answer of every man, and Fraction arithmetic was
        # most of their cost.
        num = den = 1
        outer = ctx.subject
        for i in range(1, count + 1):
            ctx.subject = i
            try:
                dist = _declared_chances(ctx, kind, kind.chances(ctx, spec))
            finally:
                ctx.subject = outer
            if not dist:
                return None
            s, e = dist.get("success", 0), dist.get("exact", 0)
            s = s if s.__class__ is Fraction else Fraction(s)
            e = e if e.__class__ is Fraction else Fraction(e)
            # this man's chance of success (or exact), s + e, as w_num / w_den
            w_num = s.numerator * e.denominator + e.numerator * s.denominator
            w_den = s.denominator * e.denominator
            num *= w_den - w_num if any_wins else w_num
            den *= w_den
        success = Fraction(den - num, den) if any_wins else Fraction(num, den)
        return {"success": success, "failure": 1 - success}

    def _prepare(self, ctx: Context, step: m.Check) -> Callable[[Context], str] | None:
        kind = self.grammar.checks[step.kind]
        fast = None
        if kind.prepare is not None:
            spec = dict(step.spec)
            spec["purpose"] = step.purpose or f"{step.kind} check in {ctx.paragraph}"
            fast = kind.prepare(spec, self)
        self._prepared[id(step)] = fast
        return fast


_NOTHING_PASSED: Mapping[str, Any] = {}


def _undeclared(ctx: Context, kind: Any, outcome: Any, function: Any = None) -> Exception:
    """A check kind's ``resolve`` (or ``chances``) gave a label it did not declare (the plugin's bug)."""
    from paragraphs.pluginhost.plugin_errors import undeclared_outcome

    return undeclared_outcome(f"{ctx.title} {ctx.paragraph}", "check kind", kind.id, function or kind.resolve, outcome, kind.outcomes)


def _not_a_truth(ctx: Context, kind: Any, pred: Any, held: Any) -> Exception:
    """A predicate kind's ``evaluate`` gave a text or None: ``"no"`` would hold (any text
    does) and a forgotten ``return`` would never hold, both without a word."""
    from paragraphs.foundation.errors import PluginError
    from paragraphs.pluginhost.plugin_errors import code_pos, shown

    where = code_pos(kind.evaluate)
    at = f" ({shown(where.path)}:{where.line})" if where is not None else ""
    return PluginError(f"{ctx.title} {ctx.paragraph}: predicate kind {kind.id!r}{at} returned {held!r}, not True or False (the test at {pred.pos})")


def _declared_chances(ctx: Context, kind: Any, dist: Any) -> Any:
    """A kind's exact chances, each outcome one it declares (else exact odds would show a
    branch no content can take), summing to 1 (else the odds would lie: an outcome left
    out showed the other as certain)."""
    if not dist:
        return dist  # None (or nothing): the kind does not know its chances here
    from paragraphs.pluginhost.plugin_errors import bad_chances, chances_mistake

    why = chances_mistake(dist)
    if why:
        raise bad_chances(f"{ctx.title} {ctx.paragraph}", kind.id, kind.chances, why)
    for label in dist:
        if label not in kind.outcomes:
            raise _undeclared(ctx, kind, label, kind.chances)
    return dist


def _lapses_with(lapse: Any, event: str) -> bool:
    if isinstance(lapse, Mapping):
        return bool(lapse.get("event") == event)
    return bool(lapse == event)


def run_plans(engine: Engine, ctx: Context, target: str | None, passed: Mapping[str, Any], recent_cycle: Callable[[list[str]], list[str]]) -> None:
    """The fast mode's loop (:func:`paragraphs.interpreter.fastplan.run_plans`), imported on
    its first use: a command that reads one paragraph (``paragraphs read``) never runs it,
    and importing the planner is some 0.3 ms of its start. The first call puts the real
    function in this module's globals, so later ones go to it directly."""
    global run_plans
    from paragraphs.interpreter.fastplan import run_plans

    run_plans(engine, ctx, target, passed, recent_cycle)


def _recent_cycle(trail: list[str]) -> list[str]:
    """The repeating tail of a trail that ran away (for the error message)."""
    tail = trail[-50:]
    last = tail[-1]
    for i in range(len(tail) - 2, -1, -1):
        if tail[i] == last:
            return tail[i:]
    return tail


def _face_problem(face: Any, call: Mapping[str, Any]) -> str | None:
    """Why a ``paragraphs_roll`` result cannot be used (a face of the die, or None)."""
    die = call["die"]
    if isinstance(face, bool) or not isinstance(face, int) or face not in die.distribution:
        return f"returned {face!r}, which is not a face of {die.name}"
    return None


def _settable_hint(blank: State, key: Any) -> str:
    """`` (did you mean 'counters'?)`` for a misspelt state field, else the fields to use."""
    import difflib

    settable = sorted(
        name for name in dir(blank)
        if not name.startswith("_") and name not in ("title", "content_hash", "version") and not callable(getattr(blank, name))
    )
    close = difflib.get_close_matches(str(key), settable, n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else f" (it may set: {', '.join(settable)})"


def _setup_problem(setup: Any, call: Mapping[str, Any]) -> str | None:
    """Why a ``paragraphs_initial_state`` result cannot be used, or None."""
    if not isinstance(setup, Mapping):
        return f"returned {type(setup).__name__}, expected a mapping of state fields"
    blank = State(title="")
    for key, value in setup.items():
        if not isinstance(key, str) or key.startswith("_") or key in ("title", "content_hash", "version") or not hasattr(blank, key) or callable(getattr(blank, key)):
            return f"returned the field {key!r}, which a set-up cannot set{_settable_hint(blank, key)}"
        current = getattr(blank, key)
        if isinstance(current, dict) and not isinstance(value, Mapping):
            return f"returned {type(value).__name__} for {key!r}, expected a mapping"
        if isinstance(current, list) and not isinstance(value, (list, tuple)):
            return f"returned {type(value).__name__} for {key!r}, expected a list"
    return None
