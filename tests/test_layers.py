"""The core's import structure (issue 9, item 6).

``lint-imports`` (run by the test job, contracts in pyproject.toml) checks the layers and
that the core imports no title. This test adds what a layers contract cannot see: no two
core modules import each other, deferred imports inside functions included, so no module
can only work because another was imported first.
"""

from __future__ import annotations

import grimp


def test_no_import_cycles_in_the_core_deferred_imports_included():
    graph = grimp.build_graph("paragraphs", exclude_type_checking_imports=True)
    cycles = sorted(
        (importer, imported)
        for importer in graph.modules
        for imported in graph.find_modules_directly_imported_by(importer)
        if imported.startswith("paragraphs") and imported != importer
        and graph.chain_exists(importer=imported, imported=importer)
    )
    assert cycles == [], "import cycles: " + "; ".join(f"{a} <-> {b}" for a, b in cycles)


def test_the_layers_contract_names_every_core_module():
    # a new module must be placed in a layer, or the contract silently ignores it
    import tomllib
    from pathlib import Path

    config = tomllib.loads((Path(__file__).resolve().parents[1] / "pyproject.toml").read_text(encoding="utf-8"))
    layers = next(c for c in config["tool"]["importlinter"]["contracts"] if c["id"] == "core-layers")["layers"]
    placed = {name.strip() for layer in layers for name in layer.replace("|", ":").split(":")}
    graph = grimp.build_graph("paragraphs", exclude_type_checking_imports=True)
    top_level = {".".join(m.split(".")[:2]) for m in graph.modules if m != "paragraphs"}
    assert sorted(top_level - placed) == []
