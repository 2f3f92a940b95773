"""The game loop of Dieppe: state, set-up, checked British actions, the German phase, turns."""
