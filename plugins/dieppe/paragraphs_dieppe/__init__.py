"""Commando n°4: Dieppe 1942 for the paragraphs engine.

The plugin registers the title (content in ``content/``, schemas in ``schemas/``), its
procedures for exact odds, the automatic game behind ``play dieppe --auto`` and the
Monte Carlo ``simulate dieppe``. The rules live in :mod:`paragraphs_dieppe.rules`, one
module per chapter of the rulebook; the game loop in :mod:`paragraphs_dieppe.game`.
"""

__version__ = "0.1.0"
TITLE = "dieppe"
