"""The application: the Discord adapter, storage, scheduling, rendering and the command line."""
