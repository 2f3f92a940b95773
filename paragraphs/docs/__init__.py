"""The generated rule reference and its mkdocs plugin."""
