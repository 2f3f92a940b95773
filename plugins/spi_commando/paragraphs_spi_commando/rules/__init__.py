"""The rules of SPI Commando as small pure functions, one module per section.

Every function takes the dice it needs as explicit values (so a test, a session or the
odds enumerator can supply them) and reads the charts through
:class:`paragraphs_spi_commando.cells.Charts`, so a missing cell raises
:class:`~paragraphs_spi_commando.cells.UnknownCell` instead of being guessed. Each names
the case numbers it implements.
"""
