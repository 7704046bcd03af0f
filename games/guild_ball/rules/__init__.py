"""The rules of Guild Ball's Introductory game, event-sourced (docs/rules-notes.md, "Rules")."""
