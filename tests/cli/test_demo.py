"""`guildmaster demo`: the bot plays a whole game offline against the loopback Discord."""

from bot.demo import run_demo


async def test_the_demo_plays_a_whole_game_and_saves_the_pictures(tmp_path):
    lines = []
    code = await run_demo(players=2, out=tmp_path, write=lines.append, limit=120)
    text = "\n".join(lines)
    assert code == 0
    assert "— Round 9 of 9" in text and "Final Fame" in text
    assert (tmp_path / "board-round-1.png").read_bytes().startswith(b"\x89PNG")
    assert (tmp_path / "standings.png").exists()
