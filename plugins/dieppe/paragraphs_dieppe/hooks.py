"""Hook implementations of the Commando n°4: Dieppe 1942 plugin.

The CLI builds a plugin host at every start and calls each registration hook, so this
module stays light: rules, game and policy are imported inside the functions that run them.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from paragraphs import hookimpl

if TYPE_CHECKING:
    from paragraphs.records import Command, IdList, LintRule, Policy, Procedure, SchemaResource, SessionVerb, SheetSection, Title

TITLE = "dieppe"


@hookimpl
def paragraphs_register_titles() -> Iterator[Title]:
    from paragraphs.records import Title

    from paragraphs_dieppe.resources import COLLECTIONS_SCHEMA_ID, content_root

    yield Title(
        id=TITLE,
        name="Commando n°4: Dieppe 1942",
        content=content_root(),
        package="paragraphs_dieppe",
        doc="Solitaire raid of No. 4 Commando on the Hess coastal battery near Dieppe, August 1942: the rules play the Germans.",
        collections_schema=COLLECTIONS_SCHEMA_ID,
    )


@hookimpl
def paragraphs_register_schemas() -> Iterator[SchemaResource]:
    from paragraphs.records import SchemaResource

    from paragraphs_dieppe.resources import SCHEMA_NAMES, schema

    for name in SCHEMA_NAMES:
        contents = schema(name)
        yield SchemaResource(id=contents["$id"], contents=contents, title=TITLE)


@hookimpl
def paragraphs_register_procedures() -> Iterator[Procedure]:
    from paragraphs_dieppe.interactive.verbs import procedures as orders
    from paragraphs_dieppe.procedures import procedures

    yield from procedures()
    yield from orders()


@hookimpl
def paragraphs_register_lint_rules() -> Iterator[LintRule]:
    from paragraphs_dieppe.lint import lint_rules

    yield from lint_rules()


@hookimpl
def paragraphs_register_commands() -> Iterator[Command]:
    from paragraphs_dieppe.commands import commands

    yield from commands()


@hookimpl
def paragraphs_register_policies() -> Iterator[Policy]:
    from paragraphs_dieppe.commands import policies

    yield from policies()


@hookimpl
def paragraphs_register_session_verbs() -> Iterator[SessionVerb]:
    from paragraphs_dieppe.interactive.verbs import session_verbs

    yield from session_verbs()


@hookimpl
def paragraphs_register_sheet_sections() -> Iterator[SheetSection]:
    from paragraphs_dieppe.interactive.verbs import sheet_sections

    yield from sheet_sections()


@hookimpl
def paragraphs_register_id_lists() -> Iterator[IdList]:
    # zones, lines, counters and groups, the assumed ones marked, as every raid title lists them
    from paragraphs_raids.content import id_list_records

    yield from id_list_records(TITLE)
