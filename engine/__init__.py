"""Pure, synchronous, deterministic rules engines for the games the bot hosts.

Nothing in this package does I/O beyond reading its own packaged content files, talks to Discord or
touches a database. `engine.core` is game-agnostic; each game is a package of its own under
`games/`.
"""
