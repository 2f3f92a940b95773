"""Raid sur Bruneval 1942 for the paragraphs engine.

The plugin registers the title (content in ``content/``, schemas in ``schemas/``), its
procedures for exact odds, the automatic game behind ``play --auto``, the Monte Carlo
``simulate`` command and the ``turn`` companion. Rules live in :mod:`paragraphs_bruneval.rules`,
one module per section of the rulebook; the game loop in :mod:`paragraphs_bruneval.game`.
"""

__version__ = "0.1.0"
TITLE = "bruneval"

# Before any compiled module of this package is imported: a compiled build's wheels work
# only together, and a mixed install is refused here with a message that says how to mend it.
from paragraphs_raids.compiled_build import require_same_build  # noqa: E402

require_same_build(__name__)
