"""Hook implementations of the Ambush! title (each delegates to a module of its own)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from paragraphs import hookimpl
from paragraphs.records import CheckKind, Command, PredicateKind, Procedure, SchemaResource, SessionVerb, SheetSection, StepKind, Title

from paragraphs_ambush import TITLE


@hookimpl
def paragraphs_register_titles() -> Iterator[Title]:
    from paragraphs.resources import package_folder

    yield Title(
        id=TITLE,
        name="Ambush! Silver Star",
        content=package_folder("paragraphs_ambush") / "content",
        package="paragraphs_ambush",
        doc="The Silver Star module of Ambush! (Missions 19-24): its 775-paragraph booklet, tables and missions.",
        collections_schema="https://paragraphs.dev/schemas/ambush/collections.schema.json",
    )


@hookimpl
def paragraphs_register_schemas() -> Iterator[SchemaResource]:
    import json

    from paragraphs.resources import package_folder

    for path in sorted((package_folder("paragraphs_ambush") / "schemas").iterdir(), key=lambda p: p.name):
        if path.name.endswith(".schema.json") and path.name != "book.schema.json":
            contents = json.loads(path.read_text(encoding="utf-8"))
            yield SchemaResource(id=contents["$id"], contents=contents, title=TITLE)


@hookimpl
def paragraphs_register_steps() -> Iterator[StepKind]:
    from paragraphs_ambush.steps import step_kinds

    yield from step_kinds()


@hookimpl
def paragraphs_register_predicates() -> Iterator[PredicateKind]:
    from paragraphs_ambush.predicates import predicate_kinds

    yield from predicate_kinds()


@hookimpl
def paragraphs_register_check_kinds() -> Iterator[CheckKind]:
    from paragraphs_ambush.checks import check_kinds

    yield from check_kinds()


@hookimpl
def paragraphs_register_procedures() -> Iterator[Procedure]:
    from paragraphs_ambush import verbs
    from paragraphs_ambush.procedures import procedures

    yield from procedures()
    yield from verbs.procedures()


@hookimpl
def paragraphs_register_session_verbs() -> Iterator[SessionVerb]:
    from paragraphs_ambush.verbs import session_verbs

    yield from session_verbs()


@hookimpl
def paragraphs_register_sheet_sections() -> Iterator[SheetSection]:
    from paragraphs_ambush.sheet import sheet_sections

    yield from sheet_sections()


@hookimpl
def paragraphs_register_commands() -> Iterator[Command]:
    from paragraphs_ambush.companion import play_extension

    yield play_extension()


@hookimpl
def paragraphs_initial_state(book: Any, options: dict[str, Any]) -> dict[str, Any] | None:
    if book.title != TITLE:
        return None
    from paragraphs_ambush.missions import initial_state

    return initial_state(book, options)
