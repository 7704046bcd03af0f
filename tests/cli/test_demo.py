"""`guildmaster demo`: the bot plays a whole game offline against the loopback Discord."""

from bot.demo import pick_question, run_demo


async def test_the_demo_plays_a_whole_game_and_saves_the_pictures(tmp_path):
    lines = []
    code = await run_demo(players=2, out=tmp_path, write=lines.append, limit=120)
    text = "\n".join(lines)
    assert code == 0
    assert "— Round 9 of 9" in text and "Final Fame" in text
    assert (tmp_path / "board-round-1.png").read_bytes().startswith(b"\x89PNG")
    assert (tmp_path / "standings.png").exists()
    # Issue 19: without --play nobody is called "you"; the host's seat is explained.
    assert "you" not in text.split("Round 1")[0].lower().split()
    assert "only to open the game" in text


def test_the_terminal_asks_for_one_choice_or_several_as_the_select_takes():
    """Issue 19: a single choice asked for "numbers separated by spaces"."""
    assert pick_question({"max_values": 1}) == "Pick one (its number): "
    assert "up to 3" in pick_question({"max_values": 3})
