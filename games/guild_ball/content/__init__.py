"""Guild Ball's content pack: our own guilds, models, traits, plays and game plans, as TOML data
files validated at load (loader.py) against the primitive vocabulary of schema.py; the team
composition rules in teams.py."""
