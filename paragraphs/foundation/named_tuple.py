"""``class Record(NamedTuple)`` as ``typing.NamedTuple`` makes it, without importing ``typing``.

The content model's 46 records are named tuples declared with the class syntax of
``typing.NamedTuple``, and every command builds them. Importing ``typing`` for that is
some 3 ms, and its metaclass checks each annotation again; a ``paragraphs read`` takes
about 50 ms in all. :class:`NamedTuple` here makes the same class as the standard one
(``collections.namedtuple`` with the class body's annotations, defaults, docstring and
methods: ``tests/test_named_tuple.py`` compares them), keeping each annotation as
written: an annotation given as text stays text, where ``typing`` would wrap it in a
``ForwardRef``. Modules use it as::

    if TYPE_CHECKING:
        from typing import NamedTuple
    else:
        from paragraphs.foundation.named_tuple import NamedTuple

so type checkers see the standard one. Only the class syntax is offered, without
``Generic`` (the content model uses neither the call form nor type parameters).
"""

from __future__ import annotations

import collections

# ``typing`` is not imported at run time here (the point of this module)
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

#: Attributes a class body may not set (as in ``typing``).
_PROHIBITED = frozenset({"__new__", "__init__", "__slots__", "__getnewargs__", "_fields", "_field_defaults", "_make", "_replace", "_asdict", "_source"})
#: Attributes of the class body not copied to the class (as in ``typing``).
_SPECIAL = frozenset({"__module__", "__name__", "__annotations__"})


class _NamedTupleMeta(type):
    def __new__(mcs, typename: str, bases: tuple[type, ...], ns: dict[str, Any]) -> Any:
        if not bases:  # the base class below
            return super().__new__(mcs, typename, bases, ns)
        if bases != (NamedTuple,):
            raise TypeError("can only inherit from a NamedTuple type")
        types = ns.get("__annotations__", {})
        default_names: list[str] = []
        for field_name in types:
            if field_name in ns:
                default_names.append(field_name)
            elif default_names:
                raise TypeError(
                    f"Non-default namedtuple field {field_name} cannot follow default field"
                    f"{'s' if len(default_names) > 1 else ''} {', '.join(default_names)}"
                )
        made = collections.namedtuple(typename, list(types), defaults=[ns[n] for n in default_names], module=ns["__module__"])  # type: ignore[misc]
        made.__annotations__ = made.__new__.__annotations__ = dict(types)
        # what the class statement names as its base (``typing.NamedTuple``, a function,
        # gets it from the class statement: it is in ``ns`` there)
        made.__orig_bases__ = bases  # type: ignore[attr-defined]
        for key in ns:
            if key in _PROHIBITED:
                raise AttributeError("Cannot overwrite NamedTuple attribute " + key)
            if key not in _SPECIAL and key not in made._fields:
                setattr(made, key, ns[key])
        return made


class NamedTuple(metaclass=_NamedTupleMeta):
    """Base of a named tuple declared as a class (the class made is a ``tuple`` subclass,
    as with ``typing.NamedTuple``)."""
