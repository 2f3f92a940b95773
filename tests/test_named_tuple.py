"""``paragraphs.foundation.named_tuple.NamedTuple`` makes the class ``typing.NamedTuple`` makes
(#9 item 7: the content model's records are built without importing ``typing``).

Annotations are evaluated in this module (no ``from __future__ import annotations``), as
in the content model.
"""

import copy
import pickle
import typing

import pytest

from paragraphs.book import model
from paragraphs.foundation import named_tuple


def _declare(base: type) -> type:
    class Unit(base):  # type: ignore[valid-type,misc]
        """A counter on the map."""

        id: str
        strength: int | None
        tags: tuple[str, ...] = ()
        note: str = ""

        def label(self) -> str:
            return f"{self.id} ({self.strength})"

        @property
        def strong(self) -> bool:
            return (self.strength or 0) > 3

    return Unit


Unit = _declare(named_tuple.NamedTuple)
Standard = _declare(typing.NamedTuple)  # type: ignore[arg-type]


def test_the_class_is_the_standard_one() -> None:
    assert Unit.__bases__ == Standard.__bases__ == (tuple,)
    assert Unit._fields == Standard._fields and Unit._field_defaults == Standard._field_defaults  # type: ignore[attr-defined]
    assert Unit.__annotations__ == Standard.__annotations__  # evaluated annotations, kept as they are
    assert Unit.__new__.__annotations__ == Standard.__new__.__annotations__
    assert Unit.__doc__ == Standard.__doc__ and Unit.__module__ == Standard.__module__ and Unit.__qualname__ == Standard.__qualname__
    assert sorted(vars(Unit)) == sorted(vars(Standard))
    assert Unit.__orig_bases__ == (named_tuple.NamedTuple,) and Standard.__orig_bases__ == (typing.NamedTuple,)  # type: ignore[attr-defined]
    a, b = Unit("GE 1", 4), Standard("GE 1", 4)
    assert repr(a) == repr(b) and a == b and hash(a) == hash(b)
    assert a.label() == b.label() and a.strong is b.strong is True
    assert a._replace(note="x") == b._replace(note="x") and a._asdict() == b._asdict()  # type: ignore[attr-defined]
    assert Unit._make(["x", 1, (), ""]) == Standard._make(["x", 1, (), ""])  # type: ignore[attr-defined]
    assert copy.deepcopy(a) == a
    with pytest.raises(TypeError):
        Unit()  # type: ignore[call-arg]


def test_records_pickle_by_reference() -> None:
    say = model.Say("Hold the bridge.")
    assert pickle.loads(pickle.dumps(say)) == say and type(pickle.loads(pickle.dumps(say))) is model.Say


def test_an_annotation_written_as_text_stays_text() -> None:
    # typing would wrap it in a ForwardRef, compiled from the text
    assert model.Literal.__annotations__["value"] == "Any"
    assert model.Question.__annotations__["min"] == (int | None)  # the documented record keeps its types


@pytest.mark.parametrize("base", [named_tuple.NamedTuple, typing.NamedTuple])
def test_mistakes_are_refused_as_by_typing(base: type) -> None:
    with pytest.raises(TypeError, match="Non-default namedtuple field b cannot follow default field a"):

        class Bad(base):  # type: ignore[valid-type,misc]
            a: int = 1
            b: int

    with pytest.raises(AttributeError, match="Cannot overwrite NamedTuple attribute _make"):

        class Worse(base):  # type: ignore[valid-type,misc]
            a: int

            def _make(self) -> None: ...
