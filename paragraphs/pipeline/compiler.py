"""Turning validated YAML data into the IR of :mod:`paragraphs.book.model`.

The compiler knows the core grammar and asks the title's registered step, predicate and
check kinds for the rest. Title steps that *expand* are rewritten into core steps here,
once, so the engine only ever runs core steps and title steps that run code.
Problems (an unknown check kind, a question key defined twice differently) are collected
with their positions rather than raised one at a time.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from paragraphs.book import model as m
from paragraphs.book.cells import from_content, is_typed
from paragraphs.foundation.errors import UsageError
from paragraphs.foundation.problems import Problem, Severity, SourcePos
from paragraphs.pluginhost.records import CheckKind, PredicateKind, StepKind

OPEN_LOW = -(10**9)
OPEN_HIGH = 10**9

_RANGE = re.compile(r"^(?:(?P<cmp><=|>=)?(?P<one>-?\d+)|(?P<lo>-?\d+)-(?P<hi>-?\d+)|(?P<plus>-?\d+)\+)$")

VALUE_KEYS = ("value", "counter", "ask", "sum")


def parse_range(key: str) -> tuple[int, int]:
    """``"4"`` -> (4, 4); ``"0-3"`` -> (0, 3); ``"9+"`` and ``">=9"`` -> (9, open); ``"<=0"``."""
    match = _RANGE.match(str(key).strip())
    if not match:
        raise ValueError(f"cannot read range {key!r}")
    if match["one"] is not None:
        n = int(match["one"])
        if match["cmp"] == "<=":
            return OPEN_LOW, n
        if match["cmp"] == ">=":
            return n, OPEN_HIGH
        return n, n
    if match["plus"] is not None:
        return int(match["plus"]), OPEN_HIGH
    lo, hi = int(match["lo"]), int(match["hi"])
    if lo > hi:
        raise ValueError(f"range {key!r} runs backwards")
    return lo, hi


def format_range(low: int, high: int) -> str:
    if low == OPEN_LOW:
        return f"<={high}"
    if high == OPEN_HIGH:
        return f"{low}+"
    return str(low) if low == high else f"{low}-{high}"


PosLookup = Callable[[tuple[str | int, ...]], SourcePos]


class Compiler:
    """Compiles one title's records; collects problems instead of stopping at the first."""

    def __init__(
        self,
        title: str,
        steps: Mapping[str, StepKind],
        predicates: Mapping[str, PredicateKind],
        checks: Mapping[str, CheckKind],
        procedures: set[str],
        questions: dict[str, m.Question],
        schemas: Sequence[Mapping[str, Any]] = (),
        elsewhere: Callable[[str, str], str] | None = None,
    ) -> None:
        """``elsewhere(code, id)``: the hint of an unknown check kind (CHECK001) or procedure
        (PROC001) that a plugin registers for another title
        (:meth:`~paragraphs.pipeline.grammar.Grammar.registered_elsewhere`)."""
        self.title = title
        self.elsewhere = elsewhere or (lambda code, rid: "")
        self.step_kinds = steps
        self.predicate_kinds = predicates
        self.check_kinds = checks
        self.procedures = procedures
        self.questions = questions
        self.problems: list[Problem] = []
        self.schemas = tuple(schemas)
        self._spec_validators: dict[str, Any] = {}
        self._paragraph = ""
        self._pos: PosLookup = lambda path: SourcePos("<none>")
        self._hook_serial = 0

    # ---------------------------------------------------------------- entry points
    def paragraph(self, raw: Mapping[str, Any], at: tuple[str | int, ...], pos: PosLookup) -> m.Paragraph:
        self._paragraph = str(raw["id"])
        self._pos = pos
        self._hook_serial = 0
        steps = self.steps(raw.get("steps") or [], at + ("steps",))
        return m.Paragraph(
            id=self._paragraph,
            kind=str(raw.get("kind", "paragraph")),
            steps=steps,
            marks=tuple(str(s) for s in raw.get("marks", ())),
            damaged=raw.get("damaged"),
            assumed=raw.get("assumed"),
            extra=dict(raw.get("extra") or {}),
            pos=pos(at),
        )

    def question(self, raw: Any, at: tuple[str | int, ...], *, default_type: str = m.YESNO) -> m.Question:
        """A question from a key (declared elsewhere) or an inline definition."""
        if isinstance(raw, str):
            key, body = raw, None
        else:
            key = str(raw["key"])
            body = {k: v for k, v in raw.items() if k not in ("key", "equals", "store")}
        if not body:
            known = self.questions.get(key)
            if known is None:
                self.error(at, "QUESTION002", f"question {key!r} is used but never defined")
                known = m.Question(key=key, prompt=key, type=default_type, pos=self._pos(at))
                self.questions[key] = known
            return known
        q = make_question(key, body, default_type, self._pos(at))
        known = self.questions.get(key)
        if known is None:
            self.questions[key] = q
            return q
        if (known.type, known.min, known.max, known.choices) != (q.type, q.min, q.max, q.choices):
            self.error(at, "QUESTION001", f"question {key!r} is defined again with another domain (first at {known.pos})")
        return known

    # ---------------------------------------------------------------- steps
    def steps(self, raw: Any, at: tuple[str | int, ...]) -> m.Steps:
        out: list[Any] = []
        for i, item in enumerate(raw or ()):
            step = self.step(item, at + (i,))
            if type(step) is tuple:  # a title step that expanded into several (steps are NamedTuples)
                out.extend(step)
            elif step is not None:
                out.append(step)
        return tuple(out)

    def step(self, raw: Mapping[str, Any], at: tuple[str | int, ...]) -> Any:
        (name, value), = raw.items()
        here = at + (name,)
        pos = self._pos(at)
        method = getattr(self, f"_step_{name}", None)
        if method is not None:
            return method(value, here, pos)
        kind = self.step_kinds.get(name)
        if kind is None:
            self.error(at, "STEP001", f"unknown step {name!r}{_did_you_mean(name, [*self.step_kinds, *CORE_STEPS])}")
            return None
        if kind.expand is not None:
            try:
                expanded = kind.expand(value)
            except Exception as exc:  # the plugin's bug: say whose, and where, and go on
                from paragraphs.pluginhost.plugin_errors import plugin_problem

                self.problems.append(plugin_problem(exc, None, f"step kind {name!r} (expand)", pos, owner=kind.expand))
                return None
            if isinstance(expanded, list):
                return self._expanded_steps(expanded, at)
            return self._expanded_step(expanded, at)
        branches = {}
        args = value
        if kind.step_lists and isinstance(value, Mapping):
            args = {k: v for k, v in value.items() if k not in kind.step_lists}
            branches = {k: self.steps(value[k], here + (k,)) for k in kind.step_lists if k in value}
        self._register_inline_questions(args, here)
        return m.TitleStep(kind=name, args=args, branches=branches, pos=pos)

    def _expanded_step(self, raw: Any, at: tuple[str | int, ...]) -> Any:
        # Paths inside expanded data do not exist in the file; position lookups fall back
        # to the nearest ancestor that does, which is the title step itself.
        return self.step(raw, at)

    def _expanded_steps(self, raw: list[Any], at: tuple[str | int, ...]) -> m.Steps:
        out: list[Any] = []
        for item in raw:
            step = self._expanded_step(item, at)
            if type(step) is tuple:
                out.extend(step)
            elif step is not None:
                out.append(step)
        return tuple(out)

    def _step_say(self, value: Any, at: Any, pos: SourcePos) -> m.Say:
        return m.Say(str(value), pos)

    def _step_note(self, value: Any, at: Any, pos: SourcePos) -> m.Note:
        if isinstance(value, Mapping):
            return m.Note(str(value["text"]), value.get("id"), pos)
        return m.Note(str(value), None, pos)

    def _step_see(self, value: Any, at: Any, pos: SourcePos) -> m.See:
        if isinstance(value, Mapping):
            with_ = tuple(sorted((str(k), v) for k, v in (value.get("with") or {}).items()))
            return m.See(str(value["to"]), str(value.get("purpose", "")), with_, pos)
        return m.See(str(value), "", (), pos)

    def _step_goto(self, value: Any, at: Any, pos: SourcePos) -> m.Goto:
        return m.Goto(str(value), pos)

    def _step_if(self, value: Any, at: Any, pos: SourcePos) -> m.If:
        return m.If(
            self.predicate(value["test"], at + ("test",)),
            self.steps(value["then"], at + ("then",)),
            self.steps(value.get("else") or [], at + ("else",)),
            pos,
        )

    def _step_first_of(self, value: Any, at: Any, pos: SourcePos) -> m.FirstOf:
        branches = tuple(
            m.Branch(self.predicate(b["when"], at + (i, "when")), self.steps(b["do"], at + (i, "do")), self._pos(at + (i,)))
            for i, b in enumerate(value)
        )
        return m.FirstOf(branches, pos)

    def _step_for_each(self, value: Any, at: Any, pos: SourcePos) -> m.ForEach:
        return m.ForEach(
            self.value(value["subjects"], at + ("subjects",)),
            str(value.get("label", "subject")),
            self.steps(value["do"], at + ("do",)),
            pos,
        )

    def _step_check(self, value: Any, at: Any, pos: SourcePos) -> Any:
        kind_id = str(value["kind"])
        kind = self.check_kinds.get(kind_id)
        if kind is None:
            self.error(at + ("kind",), "CHECK001", f"unknown check kind {kind_id!r}{_did_you_mean(kind_id, self.check_kinds)} (known: {', '.join(sorted(self.check_kinds))}){self.elsewhere('CHECK001', kind_id)}")
            return None
        outcomes = {}
        for name in kind.outcomes:
            if name in value:
                outcomes[name] = self.steps(value[name], at + (name,))
        extra_outcomes = [k for k in ("success", "failure", "exact", "attacker_wins", "defender_wins") if k in value and k not in kind.outcomes]
        for name in extra_outcomes:
            self.error(at + (name,), "CHECK002", f"check kind {kind_id!r} has no outcome {name!r} (it has {', '.join(kind.outcomes)})")
        spec_raw = {k: v for k, v in value.items() if k not in ("kind", "group", "purpose") and k not in kind.outcomes and k not in extra_outcomes}
        self._check_spec_schema(kind, spec_raw, at)
        self._near_outcomes(kind, spec_raw, at)
        spec = {k: self.value_refs(v, at + (k,)) for k, v in spec_raw.items()}
        group = None
        if "group" in value:
            g = value["group"]
            if not {"success", "failure"} <= set(kind.outcomes):
                # the engine's group result is success or failure: any other kind's branches would never run
                self.error(
                    at + ("group",),
                    "CHECK005",
                    f"a group check counts its subjects' successes, but check kind {kind_id!r} has no 'success' and 'failure' outcomes (it has {', '.join(kind.outcomes)})",
                )
            group = m.Group(self.value(g["subjects"], at + ("group", "subjects")), str(g["aggregate"]))
        return m.Check(kind_id, spec, outcomes, group, str(value.get("purpose", "")), pos)

    def _near_outcomes(self, kind: CheckKind, spec: Mapping[str, Any], at: Any) -> None:
        """A key the kind's schema does not name, close to one of its outcomes: a kind that
        allows other keys (no ``additionalProperties: false``) would take ``unsen:`` as its
        own, and that branch would never run. The closed schemas report it as CHECK003."""
        own = kind.schema or {}
        if own.get("additionalProperties", True) is False and isinstance(own.get("properties"), Mapping):
            return
        props = own.get("properties")
        named: Mapping[str, Any] = props if isinstance(props, Mapping) else {}
        for key, raw in spec.items():
            if key not in named and isinstance(raw, list):  # steps, as an outcome holds
                near = _did_you_mean(str(key), kind.outcomes)
                if near:
                    outcome = near[len(" (did you mean "):-len("?)")]
                    message = f"{kind.id} check: key {key!r} is not in its kind's schema and is close to its outcome {outcome}: a misspelt outcome never runs"
                    self.problems.append(Problem(self._pos(at + (key,)), "CHECK004", message, Severity.WARNING))

    def _check_spec_schema(self, kind: CheckKind, spec: Mapping[str, Any], at: Any) -> None:
        if not kind.schema:
            return
        from paragraphs.pipeline.validation import make_validator, schema_errors

        validator = self._spec_validators.get(kind.id)
        if validator is None:
            validator = self._spec_validators[kind.id] = make_validator(dict(kind.schema), self.schemas)
        for path, message in schema_errors(validator, dict(spec)):
            self.error(at + tuple(path), "CHECK003", f"{kind.id} check: {message}")

    def _rows(self, value: Mapping[str, Any], at: Any) -> tuple[m.Row, ...]:
        rows = []
        for key, body in (value.get("ranges") or {}).items():
            here = at + ("ranges", key)
            try:
                low, high = parse_range(key)
            except ValueError as exc:
                self.error(here, "DICE004", str(exc))
                continue
            if is_typed(body):  # a row the source lost: asked like an unknown table cell
                rows.append(m.Row(low, high, (), False, self._pos(here), from_content(body)))
            elif isinstance(body, Mapping):
                rows.append(m.Row(low, high, self.steps(body.get("do") or [], here + ("do",)), bool(body.get("reroll")), self._pos(here)))
            else:
                rows.append(m.Row(low, high, self.steps(body, here), False, self._pos(here)))
        rows.sort(key=lambda r: (r.low, r.high))
        return tuple(rows)

    def _step_roll(self, value: Any, at: Any, pos: SourcePos) -> m.Roll:
        return m.Roll(
            die=str(value["die"]),
            rows=self._rows(value, at),
            odd=self.steps(value["odd"], at + ("odd",)) if "odd" in value else None,
            even=self.steps(value["even"], at + ("even",)) if "even" in value else None,
            modifier=self.value(value["modifier"], at + ("modifier",)) if "modifier" in value else None,
            table=value.get("table"),
            store=value.get("store"),
            purpose=str(value.get("purpose", "")),
            clamp=bool(value.get("clamp", False)),
            halve=bool(value.get("halve", False)),
            pos=pos,
            rounding=value.get("rounding"),
        )

    def _step_match(self, value: Any, at: Any, pos: SourcePos) -> m.Match:
        return m.Match(
            value=self.value(value["value"], at + ("value",)),
            rows=self._rows(value, at),
            odd=self.steps(value["odd"], at + ("odd",)) if "odd" in value else None,
            even=self.steps(value["even"], at + ("even",)) if "even" in value else None,
            pos=pos,
        )

    def _step_ask(self, value: Any, at: Any, pos: SourcePos) -> m.AskStep:
        return m.AskStep(self.question(value, at), value.get("store"), pos)

    def _step_choice(self, value: Any, at: Any, pos: SourcePos) -> m.Choice:
        options = tuple(
            m.Option(str(o["id"]), str(o.get("label", o["id"])), self.steps(o["do"], at + ("options", i, "do")), self._pos(at + ("options", i)))
            for i, o in enumerate(value["options"])
        )
        body = {"prompt": value.get("prompt", value["key"]), "type": m.CHOICE, "choices": [{"id": o.id, "label": o.label} for o in options]}
        return m.Choice(self.question({"key": value["key"], **body}, at), options, pos)

    def _step_mark_sighting(self, value: Any, at: Any, pos: SourcePos) -> m.MarkSighting:
        if isinstance(value, str):
            return m.MarkSighting((value,), pos=pos)
        if isinstance(value, list):
            return m.MarkSighting(tuple(str(v) for v in value), pos=pos)
        ids = tuple(str(v) for v in value.get("ids", ())) + ((str(value["id"]),) if "id" in value else ())
        lapses = value.get("lapses")
        unless = None
        if isinstance(lapses, Mapping) and lapses.get("unless") is not None:
            # compiled here for the lint and to report mistakes at their line; the state
            # keeps the data, compiled again when the event comes (Engine.runtime_predicate)
            unless = self.predicate(lapses["unless"], at + ("lapses", "unless"))
            lapses = {"event": str(lapses["event"]), "unless": lapses["unless"]}
        return m.MarkSighting(ids, value.get("observer"), value.get("revealed"), lapses, pos, unless)

    def _step_clear_sighting(self, value: Any, at: Any, pos: SourcePos) -> m.ClearSighting:
        if isinstance(value, str):
            return m.ClearSighting((value,), pos=pos)
        if isinstance(value, list):
            return m.ClearSighting(tuple(str(v) for v in value), pos=pos)
        ids = tuple(str(v) for v in value.get("ids", ())) + ((str(value["id"]),) if "id" in value else ())
        observer = value.get("observer")
        return m.ClearSighting(ids, None if observer is None else str(observer), str(value.get("reason", "")), pos)

    def _step_ignore_further(self, value: Any, at: Any, pos: SourcePos) -> m.IgnoreFurther:
        items = value["paragraphs"] if isinstance(value, Mapping) else [value]
        ids = tuple(self._paragraph if str(v) == "self" else str(v) for v in items)
        return m.IgnoreFurther(ids, pos)

    def _step_counter(self, value: Any, at: Any, pos: SourcePos) -> m.CounterChange:
        per = self.value(value["per"], at + ("per",)) if "per" in value else None
        return m.CounterChange(str(value["name"]), value.get("add"), value.get("set"), str(value.get("reason", "")), per, pos)

    def _step_set(self, value: Any, at: Any, pos: SourcePos) -> m.SetValues:
        return m.SetValues(tuple(sorted((str(k), v) for k, v in value.items())), pos)

    def _step_hook(self, value: Any, at: Any, pos: SourcePos) -> m.HookStep:
        self._hook_serial += 1
        hook_id = str(value.get("id") or f"{self._paragraph}#{self._hook_serial}")
        return m.HookStep(
            id=hook_id,
            event=str(value["event"]),
            steps=self.steps(value["do"], at + ("do",)),
            once=bool(value.get("once", True)),
            replaces=value.get("replaces"),
            note=str(value.get("note", "")),
            pos=pos,
        )

    def _step_procedure(self, value: Any, at: Any, pos: SourcePos) -> m.ProcedureCall:
        if isinstance(value, str):
            value = {"name": value}
        name = str(value["name"])
        if name not in self.procedures:
            self.error(at, "PROC001", f"unknown procedure {name!r}{_did_you_mean(name, self.procedures)}{self.elsewhere('PROC001', name)}")
        outcomes = {str(k): self.steps(v, at + ("outcomes", k)) for k, v in (value.get("outcomes") or {}).items()}
        raw_args = value.get("args") or {}
        args = {k: self.value_refs(v, at + ("args", k)) for k, v in raw_args.items()}
        return m.ProcedureCall(name, args, outcomes, pos, {k: self._pos(at + ("args", k)) for k in raw_args} or None)

    def _step_no_event(self, value: Any, at: Any, pos: SourcePos) -> m.NoEvent:
        return m.NoEvent(pos)

    # ---------------------------------------------------------------- predicates
    def predicate(self, raw: Any, at: tuple[str | int, ...]) -> Any:
        if isinstance(raw, bool):
            return m.Always(raw)
        (name, value), = raw.items()
        here = at + (name,)
        if name == "sighting":
            if isinstance(value, Mapping):
                return m.SightingIs(str(value["id"]), value.get("observer"))
            return m.SightingIs(str(value))
        if name == "any_sighting":
            return m.AnySighting(frozenset(str(s) for s in ((value or {}).get("except") or ())))
        if name == "not":
            return m.Not(self.predicate(value, here))
        if name in ("all", "any"):
            items = tuple(self.predicate(p, here + (i,)) for i, p in enumerate(value))
            return m.AllOf(items) if name == "all" else m.AnyOf(items)
        if name == "times_read":
            paragraph = str(value.get("paragraph", self._paragraph))
            tests: list[Any] = [m.TimesRead(paragraph, op, int(n)) for op, n in value.items() if op != "paragraph"]
            return tests[0] if len(tests) == 1 else m.AllOf(tuple(tests))
        if name == "has_read":
            return m.HasRead(str(value))
        if name in ("value", "flag", "counter"):
            ref = m.CounterOf(str(value["name"])) if name == "counter" else m.ValueOf(str(value["name"]))
            tests = [m.Compare(ref, op, operand) for op, operand in value.items() if op != "name"]
            return tests[0] if len(tests) == 1 else m.AllOf(tuple(tests))
        if name == "ask":
            question = self.question(value, here)
            equals = value.get("equals", True) if isinstance(value, Mapping) else True
            if question.type != m.YESNO and equals is True:
                self.error(here, "QUESTION003", f"question {question.key!r} is not yes/no: say which answer holds with `equals`")
            try:
                return m.Asked(question, question.parse(equals))
            except UsageError as exc:
                self.error(here, "QUESTION004", str(exc))
                return m.Always(False)
        kind = self.predicate_kinds.get(name)
        if kind is None:
            self.error(at, "PRED001", f"unknown predicate {name!r}{_did_you_mean(name, self.predicate_kinds)}")
            return m.Always(False)
        if kind.expand is not None:
            try:
                expanded = kind.expand(value)
            except Exception as exc:  # the plugin's bug: say whose, and where, and go on
                from paragraphs.pluginhost.plugin_errors import plugin_problem

                self.problems.append(plugin_problem(exc, None, f"predicate kind {name!r} (expand)", self._pos(at), owner=kind.expand))
                return m.Always(False)
            return self.predicate(expanded, at)
        self._register_inline_questions(value, here)
        return m.TitlePredicate(name, value, self._pos(at))

    # ---------------------------------------------------------------- values
    def value(self, raw: Any, at: tuple[str | int, ...]) -> Any:
        if isinstance(raw, bool) or not isinstance(raw, (int, Mapping)):
            return m.Literal(raw)
        if isinstance(raw, int):
            return m.Literal(raw)
        (name, value), = raw.items()
        if name == "value":
            return m.ValueOf(str(value))
        if name == "counter":
            return m.CounterOf(str(value))
        if name == "ask":
            return m.AnswerTo(self.question(value, at + ("ask",), default_type=m.INTEGER))
        if name == "sum":
            return m.SumOf(tuple(self.value(v, at + ("sum", i)) for i, v in enumerate(value)))
        self.error(at, "VALUE001", f"cannot read a value from {name!r}")
        return m.Literal(None)

    def value_refs(self, raw: Any, at: tuple[str | int, ...]) -> Any:
        """Turn value-shaped mappings inside free-form data into value references."""
        if isinstance(raw, Mapping) and len(raw) == 1 and next(iter(raw)) in VALUE_KEYS:
            key, inner = next(iter(raw.items()))
            # `{value: 3}` is a side's own number (an opposed check), not a named value
            if not (key == "value" and not isinstance(inner, str)):
                return self.value(raw, at)
        if isinstance(raw, Mapping):
            return {k: self.value_refs(v, at + (k,)) for k, v in raw.items()}
        if isinstance(raw, list):
            return [self.value_refs(v, at + (i,)) for i, v in enumerate(raw)]
        return raw

    def _register_inline_questions(self, raw: Any, at: tuple[str | int, ...]) -> None:
        if isinstance(raw, Mapping):
            for k, v in raw.items():
                if k == "ask" and isinstance(v, Mapping) and "key" in v:
                    self.question(v, at + (k,))
                else:
                    self._register_inline_questions(v, at + (k,))
        elif isinstance(raw, list):
            for i, v in enumerate(raw):
                self._register_inline_questions(v, at + (i,))

    # ---------------------------------------------------------------- problems
    def error(self, at: tuple[str | int, ...], code: str, message: str) -> None:
        self.problems.append(Problem(self._pos(at), code, message))


#: Steps the compiler itself knows (``_step_<name>`` methods).
CORE_STEPS = tuple(name[len("_step_"):] for name in dir(Compiler) if name.startswith("_step_"))


def _did_you_mean(word: str, known: Any) -> str:
    from paragraphs.pipeline.validation import did_you_mean

    return did_you_mean(word, sorted(known))


def make_question(key: str, body: Mapping[str, Any], default_type: str, pos: SourcePos) -> m.Question:
    qtype = str(body.get("type") or (m.CHOICE if "choices" in body else default_type))
    choices: list[tuple[str, str]] = []
    for c in body.get("choices") or ():
        if isinstance(c, Mapping):
            choices.append((str(c["id"]), str(c.get("label", c["id"]))))
        else:
            choices.append((str(c), str(c)))
    lo, hi = body.get("min"), body.get("max")
    if qtype == m.INTEGER:
        lo = 0 if lo is None else int(lo)
        hi = 9 if hi is None else int(hi)
    return m.Question(key=key, prompt=str(body.get("prompt", key)), type=qtype, min=lo, max=hi, choices=tuple(choices), pos=pos)
