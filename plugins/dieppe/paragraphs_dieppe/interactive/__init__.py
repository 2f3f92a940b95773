"""``paragraphs play dieppe``: the interactive game (the player commands the British)."""
