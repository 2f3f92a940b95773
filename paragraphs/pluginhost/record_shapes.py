"""The shape of a record a plugin yields, checked when the plugin is admitted.

A record with a name where a function goes (``function="weather"``) or a string where a
tuple of labels goes (``outcomes="storm"``) used to be accepted: the first failed only
when content reached it, as "code raised TypeError: 'str' object is not callable"
naming neither the record nor the plugin, and the second made every outcome branch of
the content an error ("unknown key 'storm' (outcomes: s, t, o, r, m)"). Read from the
records' own annotations, so a new record class is covered without a list to keep.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def shape_problem(record: Any) -> str | None:
    """Why ``record`` is not built as its class says, in a few words, or None."""
    # the class's own field table: no import (dataclasses pulls in inspect) on this start-up path
    for f in getattr(type(record), "__dataclass_fields__", {}).values():
        annotation = f.type if isinstance(f.type, str) else str(f.type)
        if not annotation.startswith(("Callable[", "tuple[")):
            continue  # only those are checked (nor is a field read that needs no check)
        value = getattr(record, f.name, None)
        optional = annotation.endswith("| None")
        if value is None and optional:
            continue
        if annotation.startswith("Callable[") and not callable(value):
            return f"its {f.name} is {_kind(value)}, not a function"
        if annotation.startswith("Callable[["):
            wrong = _arity_problem(f.name, value, annotation)
            if wrong:
                return wrong
        if annotation.startswith("tuple[") and isinstance(value, str):
            return f"its {f.name} is the string {value!r}, not a tuple ({f.name}=({value!r},))"
    return _inert(record)


#: Record classes that act through one of these functions: with none of them, the step or
#: predicate could never do anything (play stopped at it with "cannot run").
_ACTS_BY = {"StepKind": ("run", "expand"), "PredicateKind": ("evaluate", "expand")}


def _inert(record: Any) -> str | None:
    acts = _ACTS_BY.get(type(record).__name__)
    if acts and all(getattr(record, name, None) is None for name in acts):
        what = "step" if acts[0] == "run" else "predicate"
        return f"it has neither {' nor '.join(acts)}, so the {what} could never do anything"
    return None


def _kind(value: Any) -> str:
    return "None" if value is None else f"{type(value).__name__} {value!r}"[:60]


def _arity_problem(name: str, value: Any, annotation: str) -> str | None:
    """Why a function cannot be called with the arguments its record's field is called with.

    ``def listen(spec)`` given as a check kind's ``resolve`` (called as ``resolve(ctx,
    spec)``) validated clean and failed only in play, as "code raised TypeError: listen()
    takes 1 positional argument but 2 were given", naming neither the check kind nor its
    file. Read from the function's code object (no ``inspect`` on this start-up path); a
    callable without one (a builtin, a partial, a compiled function, an object) is left
    to its call.
    """
    passed = _parameters(annotation)
    fn, bound = (value.__func__, 1) if hasattr(value, "__func__") and hasattr(value, "__self__") else (value, 0)
    code = getattr(fn, "__code__", None)
    if passed is None or code is None or not hasattr(code, "co_argcount"):
        return None
    positional = code.co_argcount - bound
    required = positional - len(getattr(fn, "__defaults__", None) or ())
    keyword_only = code.co_kwonlyargcount - len(getattr(fn, "__kwdefaults__", None) or {})
    takes_more = bool(code.co_flags & 0x04)  # *args
    if required <= len(passed) and (positional >= len(passed) or takes_more) and keyword_only <= 0:
        return None
    params = ", ".join(code.co_varnames[bound : code.co_argcount + code.co_kwonlyargcount])
    from paragraphs.foundation.problems import shown

    where = f"{shown(code.co_filename)}:{code.co_firstlineno}"
    return f"its {name} is {getattr(fn, '__name__', '?')}({params}) ({where}), but it is called with {len(passed)} argument{'s' if len(passed) != 1 else ''} ({', '.join(passed)})"


def _parameters(annotation: str) -> list[str] | None:
    """``Callable[[Context, Mapping[str, Any]], str]`` -> ``["Context", "Mapping[str, Any]"]``."""
    inside = annotation[len("Callable[["):]
    depth, start = 0, 0
    out: list[str] = []
    for i, char in enumerate(inside):
        if char == "[":
            depth += 1
        elif char == "]" and depth:
            depth -= 1
        elif char == "]":
            last = inside[start:i].strip()
            return [*out, last] if last else out
        elif char == "," and not depth:
            out.append(inside[start:i].strip())
            start = i + 1
    return None
