"""Record classes built with their methods' code kept between runs (issue #9 item 7, start-up).

``paragraphs.foundation.dataclass_code.dataclass`` must make exactly the class the standard
decorator makes, and a second process must find every method it needs already compiled.
"""

from __future__ import annotations

import collections
import copy
import dataclasses
import inspect
import os
import pickle
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

import pytest

from paragraphs.foundation import dataclass_code
from paragraphs.foundation.dataclass_code import FILE


def _body() -> dict[str, object]:
    return {"__annotations__": {"name": "str", "rank": "int", "tags": "tuple[str, ...]"}, "rank": 0, "tags": (), "__module__": __name__}


def _both(**params: object) -> tuple[type, type]:
    """The same class body made by the standard decorator and by ours."""
    plain = dataclasses.dataclass(type("Soldier", (), _body()), **params)  # type: ignore[call-overload]
    ours = dataclass_code.dataclass(type("Soldier", (), _body()), **params)
    return plain, ours


@pytest.mark.parametrize("params", [{}, {"frozen": True}, {"frozen": True, "slots": True}, {"frozen": True, "slots": True, "order": True}, {"eq": False}])
def test_the_class_is_the_standard_one(params: dict[str, object]) -> None:
    plain, ours = _both(**params)
    assert [(f.name, f.type, f.default) for f in dataclasses.fields(ours)] == [(f.name, f.type, f.default) for f in dataclasses.fields(plain)]
    assert ours.__dataclass_params__.__repr__() == plain.__dataclass_params__.__repr__()  # type: ignore[attr-defined]
    assert getattr(ours, "__slots__", None) == getattr(plain, "__slots__", None)
    assert ours.__match_args__ == plain.__match_args__  # type: ignore[attr-defined]
    assert str(inspect.signature(ours)) == str(inspect.signature(plain))
    assert ours.__doc__ == plain.__doc__
    # every generated method has the same code as the standard decorator compiles
    for name, method in vars(plain).items():
        if inspect.isfunction(method):
            theirs = vars(ours)[name]
            assert theirs.__code__.co_code == method.__code__.co_code, name
            assert theirs.__code__.co_consts == method.__code__.co_consts, name
            assert theirs.__code__.co_names == method.__code__.co_names, name
            assert theirs.__qualname__ == method.__qualname__, name
            assert theirs.__annotations__ == method.__annotations__, name
    a, b = ours("Ames", 2, ("scout",)), plain("Ames", 2, ("scout",))
    assert repr(a) == repr(b)
    assert (a == ours("Ames", 2, ("scout",))) == (b == plain("Ames", 2, ("scout",)))
    assert dataclasses.replace(a, rank=3).rank == 3
    assert dataclasses.asdict(a) == dataclasses.asdict(b)
    if params.get("frozen"):
        with pytest.raises(dataclasses.FrozenInstanceError):
            a.rank = 5  # type: ignore[misc]
        assert hash(a) == hash(ours("Ames", 2, ("scout",)))
    if params.get("order"):
        assert ours("Ames", 1) < ours("Ames", 2)


def test_a_record_of_the_core_pickles_and_compares_as_before() -> None:
    from paragraphs.foundation.problems import Problem, Severity, SourcePos

    problem = Problem(SourcePos("book.yaml", 3, 1), "E101", "a message", Severity.ERROR)
    assert pickle.loads(pickle.dumps(problem)) == problem
    # a position pickles as a call of its class (fast to load from the compiled cache)
    assert pickle.loads(pickle.dumps(problem.pos, protocol=pickle.HIGHEST_PROTOCOL)) == problem.pos
    assert problem.pos.__reduce_ex__(pickle.HIGHEST_PROTOCOL) == (SourcePos, ("book.yaml", 3, 1))
    assert copy.deepcopy(problem.pos) == problem.pos and copy.copy(problem.pos) == problem.pos
    assert dataclasses.is_dataclass(problem) and [f.name for f in dataclasses.fields(problem)][:2] == ["pos", "code"]
    with pytest.raises(dataclasses.FrozenInstanceError):
        problem.code = "E102"  # type: ignore[misc]
    # the decorator leaves the standard library as it found it
    assert "exec" not in vars(dataclasses)


def _ranked() -> type:
    class Ranked(NamedTuple):
        """A man and his rank."""

        name: str
        rank: int | None = None

        def shown(self) -> str:
            return f"{self.name} ({self.rank})"

    return Ranked


def test_a_namedtuple_made_while_its_code_is_kept_is_the_standard_one() -> None:
    plain = _ranked()
    dataclass_code.keep_namedtuple_code()
    try:
        ours = _ranked()
    finally:
        dataclass_code.stop_keeping_namedtuple_code()
    assert "eval" not in vars(collections)
    assert ours._fields == plain._fields and ours._field_defaults == plain._field_defaults  # type: ignore[attr-defined]
    assert ours.__annotations__ == plain.__annotations__ and ours.__doc__ == plain.__doc__
    assert ours.__new__.__code__.co_code == plain.__new__.__code__.co_code
    assert str(inspect.signature(ours)) == str(inspect.signature(plain))
    a, b = ours("Ames"), plain("Ames")
    assert repr(a) == repr(b) and a == b and hash(a) == hash(b) and a.shown() == b.shown()  # type: ignore[attr-defined]
    assert a._replace(rank=2) == ("Ames", 2) and a._asdict() == {"name": "Ames", "rank": None}  # type: ignore[attr-defined]


def test_the_content_model_leaves_namedtuple_as_it_found_it() -> None:
    from paragraphs.book import model

    assert "eval" not in vars(collections)
    assert model.Question("k", "p")._replace(type=model.INTEGER).type == model.INTEGER
    assert model.Goto._fields and model.Paragraph._field_defaults is not None


COUNT = """
import paragraphs.foundation.dataclass_code as code
import paragraphs.interpreter.api, paragraphs.pluginhost.plugins, paragraphs.pluginhost.records, paragraphs.book.model
from paragraphs.pluginhost.records import Table, Title, StepKind
print(code.compiled)
"""


def _compiled(cache_dir: Path, **env: str) -> int:
    done = subprocess.run([sys.executable, "-c", COUNT], capture_output=True, text=True, timeout=120, env=dict(os.environ, PARAGRAPHS_CACHE_DIR=str(cache_dir), **env))
    assert done.returncode == 0, done.stderr
    return int(done.stdout.split()[-1])


def test_a_second_start_compiles_nothing(tmp_path: Path) -> None:
    first = _compiled(tmp_path)
    assert first > 20  # the read path's record classes, several methods each
    assert (tmp_path / FILE).is_file() and (tmp_path / FILE).stat().st_mode & 0o077 == 0
    assert _compiled(tmp_path) == 0


def test_a_damaged_or_foreign_table_is_ignored(tmp_path: Path) -> None:
    _compiled(tmp_path)
    stored = tmp_path / FILE
    data = bytearray(stored.read_bytes())
    data[-5] ^= 0xFF  # one byte changed: the signature no longer matches
    stored.write_bytes(bytes(data))
    assert _compiled(tmp_path) > 20  # compiled again, without a word to the user
    assert _compiled(tmp_path) == 0  # and the table rewritten


def test_no_cache_reads_and_writes_nothing(tmp_path: Path) -> None:
    assert _compiled(tmp_path, PARAGRAPHS_NO_CACHE="1") > 20
    assert not (tmp_path / FILE).exists()


def test_dataclasses_comes_without_inspect_until_it_is_used() -> None:
    # inspect is a tenth of a `paragraphs read`; dataclasses needs it only to write the
    # docstring of a class that has none, and then gets the real module
    script = (
        "import sys\n"
        "from paragraphs.foundation.dataclass_code import dataclass\n"
        "print('inspect' in sys.modules)\n"
        "@dataclass(frozen=True)\n"
        "class Documented:\n"
        "    '''Has its own.'''\n"
        "    a: int\n"
        "print('inspect' in sys.modules)\n"
        "@dataclass\n"
        "class Bare:\n"
        "    a: int\n"
        "    b: str = 'x'\n"
        "import dataclasses, inspect\n"
        "print(Bare.__doc__, 'inspect' in sys.modules, dataclasses.inspect is inspect)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60, env=dict(os.environ, PARAGRAPHS_NO_CACHE="1"))
    assert done.stdout.splitlines() == ["False", "False", "Bare(a: int, b: str = 'x') True True"], done.stderr
