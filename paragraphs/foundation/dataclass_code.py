"""``dataclasses.dataclass`` with the generated methods compiled once, not at every start.

The standard decorator writes the source of each method it adds (``__init__``,
``__repr__``, ``__eq__``, a frozen class's ``__setattr__`` and ``__delattr__``, ...) and
compiles it with ``exec``: about 0.5 ms for a frozen class on Python 3.11, six compiles
each. ``paragraphs read`` builds some thirty record classes, a sixth of its whole run.

:func:`dataclass` here *is* the standard decorator, run unchanged: while it runs, its
``exec`` finds the code object of a source text it has compiled before in a table kept in
the private cache folder (:mod:`paragraphs.foundation.private_files`: owner and mode
checked, the file signed with the user's key like the compiled-content cache), keyed by
the exact text and the Python that compiled it. A text not in the table is compiled as
``exec`` would compile it and added; the table is written when the process exits. The
classes are the standard library's, field for field and method for method
(``dataclasses.fields``, ``replace``, ``asdict``, pickling); only the compile of a text
seen before is skipped. ``PARAGRAPHS_NO_CACHE=1`` turns the table off (nothing read or
written), and a missing, foreign or damaged table is ignored.

Modules use it as::

    if TYPE_CHECKING:
        from dataclasses import dataclass
    else:
        from paragraphs.foundation.dataclass_code import dataclass

so type checkers see the standard decorator (which this is).

``collections.namedtuple`` (and so ``typing.NamedTuple``) compiles one text per class too,
its ``__new__``: a module defining many of them (the content model's 46 records) calls
:func:`keep_namedtuple_code` before them and :func:`stop_keeping_namedtuple_code` after,
and those texts are kept in the same table.

``dataclasses`` is imported here without ``inspect`` (:mod:`paragraphs.foundation.deferred_inspect`):
modules that use ``dataclasses.field`` or ``replace`` import them from here, so that the
first ``import dataclasses`` of a command is this one.
"""

from __future__ import annotations

import builtins
import collections
import marshal
import os
import sys
from types import CodeType

from paragraphs.foundation.deferred_inspect import import_without_inspect

# ``typing`` is not imported at run time here (start-up time)
TYPE_CHECKING = False
if TYPE_CHECKING:
    import dataclasses
    from typing import Any


if TYPE_CHECKING:
    from dataclasses import field as field, fields as fields, is_dataclass as is_dataclass, replace as replace
else:
    # (dataclasses uses inspect only for a class without a docstring)
    dataclasses = import_without_inspect("dataclasses")
    field, fields, is_dataclass, replace = dataclasses.field, dataclasses.fields, dataclasses.is_dataclass, dataclasses.replace

#: What the code objects are valid for: the interpreter and its exact release (the bytecode
#: may change between releases); stored in the table too and checked when it is read.
_PYTHON = f"{sys.implementation.cache_tag}-{sys.hexversion:08x}"

#: The table's file in the private cache folder, one per Python (two Pythons sharing the
#: folder each keep their own instead of rewriting one in turn).
FILE = f"dataclass-code-{_PYTHON}.bin"

#: File layout: this, the MAC of the rest (keyed BLAKE2b, 32 bytes), then the marshalled
#: ``(Python, {source text: marshalled code object})``. Each code object is unmarshalled
#: when it is first used: the table holds the texts of every command run (some 260), a
#: ``read`` uses about a hundred, and unmarshalling them all was 2 ms of its start.
_MAGIC = b"PGCODE2\n"

#: A table past this many texts is rewritten with only the texts this process used (an
#: edited record class leaves its old texts behind; this bounds what they cost).
_MOST = 4000

_table: dict[str, CodeType | bytes] | None = None  # read on first use (bytes: still marshalled)
_used: set[str] = set()
_added = False  # a text was compiled here: write the table at exit
_writer_registered = False

#: How many texts this process compiled (the rest came from the table); tests read it.
compiled = 0


def dataclass(cls: Any = None, /, **params: Any) -> Any:
    """``dataclasses.dataclass(cls, **params)``, its method sources compiled at most once."""

    def wrap(cls: Any) -> Any:
        # dataclasses calls ``exec`` by its module's global name: a global of that name
        # shadows the builtin while this class is built (and only then)
        namespace = vars(dataclasses)
        namespace["exec"] = _exec
        try:
            return dataclasses.dataclass(cls, **params)
        finally:
            namespace.pop("exec", None)

    return wrap if cls is None else wrap(cls)


def keep_namedtuple_code() -> None:
    """From here, ``collections.namedtuple`` finds the ``__new__`` it compiles in the table
    (until :func:`stop_keeping_namedtuple_code`): it calls ``eval`` by its module's global
    name, which a global of that name shadows meanwhile."""
    vars(collections)["eval"] = _eval


def stop_keeping_namedtuple_code() -> None:
    vars(collections).pop("eval", None)


def _exec(source: Any, globals: dict[str, Any] | None = None, locals: Any = None, /) -> None:
    if globals is None:  # as exec: the caller's globals (dataclasses always passes its own)
        globals = sys._getframe(1).f_globals
    builtins.exec(_code(source, "exec") if isinstance(source, str) else source, globals, locals)


def _eval(source: Any, globals: dict[str, Any] | None = None, locals: Any = None, /) -> Any:
    if globals is None:  # as eval: the caller's globals (namedtuple always passes its own)
        globals = sys._getframe(1).f_globals
    return builtins.eval(_code(source, "eval") if isinstance(source, str) else source, globals, locals)


def _code(source: str, mode: str) -> CodeType:
    global _table, _added, compiled
    if _table is None:
        _table = _read()
    key = source if mode == "exec" else f"{mode}\0{source}"  # a text compiled as an expression
    _used.add(key)
    code = _table.get(key)
    if isinstance(code, bytes):
        code = marshal.loads(code)
        if not isinstance(code, CodeType):  # (the table is signed: written by write())
            code = None
    if code is not None:
        _table[key] = code
    else:
        # what ``exec``/``eval`` compile in dataclasses and collections, whose modules have
        # no __future__ imports: no flags inherited from this one (its ``annotations``
        # would turn the methods' annotations into strings)
        code = _table[key] = compile(source, "<string>", mode, dont_inherit=True)
        compiled += 1
        if not _added:
            _added = True
            _write_at_exit()
    return code


def _read() -> dict[str, CodeType | bytes]:
    from paragraphs.foundation import private_files as private

    if not private.enabled():
        return {}
    folder = private.trusted_dir(create=False)
    if folder is None:
        return {}
    data = private.read_private(os.path.join(folder, FILE))
    body = None if data is None else private.signed_body(data, _MAGIC, private.secret(folder, create=False))
    if body is None:
        return {}
    try:
        python, table = marshal.loads(body)
    except (ValueError, EOFError, TypeError):
        return {}
    # signed by this user's key, so written by :func:`write`: a table of texts and code
    return table if python == _PYTHON and isinstance(table, dict) else {}


def _marshalled(code: CodeType | bytes) -> bytes:
    return code if isinstance(code, bytes) else marshal.dumps(code)


def _write_at_exit() -> None:
    global _writer_registered
    from paragraphs.foundation import private_files as private

    if _writer_registered or not private.enabled():
        return
    import atexit

    _writer_registered = True
    atexit.register(write)


def write() -> None:
    """Store the table (atomically, 0600 in the private folder) if this process added to
    it. A failure is not the user's problem: the next start compiles again."""
    global _added
    from paragraphs.foundation import private_files as private

    if not _added or _table is None or not private.enabled():
        return
    _added = False
    texts = _table if len(_table) <= _MOST else [text for text in _used if text in _table]
    table = {text: _marshalled(_table[text]) for text in texts}
    found = private.signing_folder()
    if found is None:
        return
    folder, secret = found
    try:
        private.write_signed(folder, FILE, _MAGIC, secret, marshal.dumps((_PYTHON, table)))
    except OSError:
        pass
