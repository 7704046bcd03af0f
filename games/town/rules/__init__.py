"""The pure rules of Founders' Town: state, commands, events, one module per rulebook section."""
