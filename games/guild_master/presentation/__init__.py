"""Guild Master on Discord: narration, status, board, guild sheets, the order board, prompts,
card texts and rules topics, rendered from views only (they move behind `bot/presentation.py`'s
contract in the next step)."""
