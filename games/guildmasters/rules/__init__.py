"""Guildmasters' rules: pure, one module per section of the manual; they import only the engine
core."""
