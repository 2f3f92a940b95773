"""Hook implementations of the Raid sur Bruneval 1942 plugin.

Every function is a few lines that hand over to a module. The CLI builds a plugin host at
each start and calls every registration hook, so heavy modules (rules, game, policy) are
imported inside the functions that run them, never here.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from paragraphs import hookimpl

if TYPE_CHECKING:
    from paragraphs.records import Command, IdList, LintRule, Policy, Procedure, SchemaResource, SessionVerb, SheetSection, Title

TITLE = "bruneval"


@hookimpl
def paragraphs_register_titles() -> Iterator[Title]:
    from paragraphs.records import Title

    from paragraphs_bruneval.resources import COLLECTIONS_SCHEMA_ID, content_root

    yield Title(
        id=TITLE,
        name="Raid sur Bruneval 1942",
        content=content_root(),
        package="paragraphs_bruneval",
        doc="Solitaire raid on the Würzburg radar at Bruneval, February 1942: the rules play the Germans.",
        collections_schema=COLLECTIONS_SCHEMA_ID,
    )


@hookimpl
def paragraphs_register_schemas() -> Iterator[SchemaResource]:
    from paragraphs.records import SchemaResource

    from paragraphs_bruneval.resources import SCHEMA_NAMES, schema

    for name in SCHEMA_NAMES:
        contents = schema(name)
        yield SchemaResource(id=contents["$id"], contents=contents, title=TITLE)


@hookimpl
def paragraphs_register_procedures() -> Iterator[Procedure]:
    from paragraphs_bruneval.interactive.verbs import procedures as orders
    from paragraphs_bruneval.procedures import procedures

    yield from procedures()
    yield from orders()


@hookimpl
def paragraphs_register_lint_rules() -> Iterator[LintRule]:
    from paragraphs_bruneval.lint import lint_rules

    yield from lint_rules()


@hookimpl
def paragraphs_register_commands() -> Iterator[Command]:
    from paragraphs_bruneval.commands import commands

    yield from commands()


@hookimpl
def paragraphs_register_policies() -> Iterator[Policy]:
    from paragraphs_bruneval.commands import policies

    yield from policies()


@hookimpl
def paragraphs_register_session_verbs() -> Iterator[SessionVerb]:
    from paragraphs_bruneval.interactive.verbs import session_verbs

    yield from session_verbs()


@hookimpl
def paragraphs_register_sheet_sections() -> Iterator[SheetSection]:
    from paragraphs_bruneval.interactive.verbs import sheet_sections

    yield from sheet_sections()


@hookimpl
def paragraphs_register_id_lists() -> Iterator[IdList]:
    from paragraphs_raids.content import id_list_records

    yield from id_list_records(TITLE)
