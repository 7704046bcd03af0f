"""Guild Ball (Season 4 core rules): the pitch engine (`pitch`), the teams and game plans
(`content`); the rules of the Introductory game are still to come, so the game is not yet in the
registry (games/__init__.py)."""
