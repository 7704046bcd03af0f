"""Guild Master's rules: pure, synchronous, deterministic; they import only the engine core."""
