"""The Discord adapter: slash commands, controls, notifications and the client. Thin: it turns
Discord input into service calls and service updates into Discord messages."""
