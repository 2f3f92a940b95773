"""The automatic game: state, set-up, the British actions, the turn sequence, the journal."""
