"""The interactive game of Raid sur Bruneval (``paragraphs play bruneval``)."""
