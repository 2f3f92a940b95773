"""The companion's play sessions: what a player sees and answers between engine resolutions."""
