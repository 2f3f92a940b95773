"""Hook implementations of the SPI Commando plugin.

Registrations only: the CLI builds a plugin host at each start and calls every
registration hook, so the rules and tables are imported inside the functions that need
them, never here.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from paragraphs import hookimpl

if TYPE_CHECKING:
    from paragraphs.records import CheckKind, Command, LintRule, Procedure, SchemaResource, SessionVerb, SheetSection, Title

TITLE = "spi_commando"


@hookimpl
def paragraphs_register_titles() -> Iterator[Title]:
    from paragraphs.records import Title

    from paragraphs_spi_commando.resources import COLLECTIONS_SCHEMA_ID, content_root

    yield Title(
        id=TITLE,
        name="Commando (SPI, 1979)",
        content=content_root(),
        package="paragraphs_spi_commando",
        doc="Man-to-man raids from 1916 to 1978: the library referees every procedure and table, and asks for the cells the source lost.",
        collections_schema=COLLECTIONS_SCHEMA_ID,
    )


@hookimpl
def paragraphs_register_schemas() -> Iterator[SchemaResource]:
    from paragraphs.records import SchemaResource

    from paragraphs_spi_commando.resources import SCHEMA_NAMES, schema

    for name in SCHEMA_NAMES:
        contents = schema(name)
        yield SchemaResource(id=contents["$id"], contents=contents, title=TITLE)


@hookimpl
def paragraphs_register_lint_rules() -> Iterator[LintRule]:
    from paragraphs_spi_commando.lint import lint_rules

    yield from lint_rules()


@hookimpl
def paragraphs_register_procedures() -> Iterator[Procedure]:
    from paragraphs_spi_commando.procedures import procedures

    yield from procedures()


@hookimpl
def paragraphs_register_check_kinds() -> Iterator[CheckKind]:
    from paragraphs_spi_commando.checks import check_kinds

    yield from check_kinds()


@hookimpl
def paragraphs_register_session_verbs() -> Iterator[SessionVerb]:
    from paragraphs_spi_commando.verbs import fire_verbs, session_verbs, weapon_verbs

    yield from session_verbs()
    yield from fire_verbs()
    yield from weapon_verbs()


@hookimpl
def paragraphs_register_commands() -> Iterator[Command]:
    from paragraphs_spi_commando.commands import commands

    yield from commands()


@hookimpl
def paragraphs_register_sheet_sections() -> Iterator[SheetSection]:
    from paragraphs_spi_commando.sheet import sheet_sections

    yield from sheet_sections()
