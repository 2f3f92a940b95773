"""SPI Commando (1979) for the paragraphs engine.

The plugin registers the title (content in ``content/``, schemas in ``schemas/``), reads
its charts and tables as typed cells (:mod:`paragraphs_spi_commando.cells`) and resolves
the rules' procedures as small pure functions, one module per section of the rulebook
(:mod:`paragraphs_spi_commando.rules`).
"""

__version__ = "0.1.0"
TITLE = "spi_commando"
