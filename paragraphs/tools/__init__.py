"""Tools for title authors: random playthroughs and the pytest plugin."""
