"""Malformed content is rejected at load with a message naming the file, the entry and the
field, so an author can mend it at once."""

import pytest

from games.guild_ball.content.loader import (
    COMMON_FILE,
    PLANS_FILE,
    ContentError,
    pack_files,
    parse_pack,
)

BELL = "guilds/bellfounders.toml"
LINK = "guilds/linkbearers.toml"
ROPE = "guilds/ropewalkers.toml"
SCRIV = "guilds/scriveners.toml"


def broken(file: str, old: str, new: str) -> str:
    """The error the pack gives once the first `old` of `file` is replaced by `new`."""
    files = pack_files()
    assert old in files[file], old
    files[file] = files[file].replace(old, new, 1)
    with pytest.raises(ContentError) as err:
        parse_pack(files)
    return str(err.value)


OSWIN = 'slug = "oswin-tollbright"'
CLAPPER_BOOK = (
    '{ momentous = "tackle" },\n  { plain = "push 1", momentous = "dmg 1" },\n'
    '  { plain = "dmg 1", momentous = "KD" },\n  { momentous = "dmg 2" }'
)
CLAPPER_COLUMN = '  { plain = "push 1", momentous = "dmg 1" },\n'

CASES = [
    # The stat line.
    ("missing stat", BELL, "tac = 6\n", "", f"{BELL}: oswin-tollbright: tac: missing"),
    ("stat too high", BELL, "tac = 6\n", "tac = 9\n", f"{BELL}: oswin-tollbright: tac: 9 is not"),
    (
        "stat of the wrong type",
        BELL,
        "def = 4\n",
        'def = "4+"\n',
        f"{BELL}: oswin-tollbright: def:",
    ),
    (
        "sprint not beyond jog",
        BELL,
        "mov = [5, 7]",
        "mov = [5, 5]",
        f"{BELL}: oswin-tollbright: mov:",
    ),
    ("kick not a pair", BELL, "kick = [3, 7]", "kick = [3]", f"{BELL}: oswin-tollbright: kick:"),
    ("max INF below base", BELL, "inf = [3, 5]", "inf = [3, 2]", f"{BELL}: oswin-tollbright: inf:"),
    (
        "recovery past health",
        BELL,
        "recovery = 6",
        "recovery = 18",
        f"{BELL}: oswin-tollbright: recovery:",
    ),
    ("unknown base size", BELL, "base = 40", "base = 35", f"{BELL}: oswin-tollbright: base:"),
    ("melee zone of 3", BELL, "melee = 1", "melee = 3", f"{BELL}: oswin-tollbright: melee:"),
    (
        "unknown role",
        BELL,
        'role = "captain"',
        'role = "coach"',
        f"{BELL}: oswin-tollbright: role:",
    ),
    (
        "unknown homeland",
        BELL,
        'homeland = "lanternmere"',
        'homeland = "atlantis"',
        f"{BELL}: oswin-tollbright: homeland:",
    ),
    (
        "unknown field",
        BELL,
        "tac = 6\n",
        "tac = 6\nluck = 3\n",
        f"{BELL}: oswin-tollbright: luck: is not a field",
    ),
    (
        "slug not readable",
        BELL,
        OSWIN,
        'slug = "Oswin Tollbright"',
        f"{BELL}: Oswin Tollbright: slug:",
    ),
    # References.
    (
        "unknown play",
        BELL,
        '"clapper-strike", "brace-for-impact"',
        '"clapper-smash", "brace-for-impact"',
        f"{BELL}: oswin-tollbright: plays: 'clapper-smash'",
    ),
    (
        "unknown trait",
        BELL,
        '"heavy-peal", "bronze-skin"',
        '"heavy-peal", "tin-skin"',
        f"{BELL}: oswin-tollbright: traits: 'tin-skin'",
    ),
    (
        "another guild's play",
        BELL,
        '"clapper-strike", "brace-for-impact"',
        '"torch-signal", "brace-for-impact"',
        f"{BELL}: oswin-tollbright: plays: 'torch-signal'",
    ),
    # Playbooks.
    ("too few columns", BELL, CLAPPER_COLUMN, "", f"{BELL}: clapper: playbook: 3 columns"),
    (
        "unknown result",
        BELL,
        'plain = "dmg 1", momentous = "tackle"',
        'plain = "punch 1", momentous = "tackle"',
        f"{BELL}: oswin-tollbright: playbook column 1: 'punch 1'",
    ),
    (
        "damage too high",
        BELL,
        'plain = "dmg 1", momentous = "tackle"',
        'plain = "dmg 9", momentous = "tackle"',
        f"{BELL}: oswin-tollbright: playbook column 1: dmg 9",
    ),
    (
        "push too long",
        BELL,
        'momentous = "push 1"',
        'momentous = "push 4"',
        f"{BELL}: oswin-tollbright: playbook column 2: push 4",
    ),
    (
        "effect twice in a result",
        BELL,
        'momentous = "push 1"',
        'momentous = "push 1 + push 1"',
        f"{BELL}: oswin-tollbright: playbook column 2: push appears twice",
    ),
    (
        "empty column",
        BELL,
        '{ plain = "dmg 1", momentous = "tackle" }',
        "{}",
        f"{BELL}: oswin-tollbright: playbook column 1:",
    ),
    (
        "third row",
        BELL,
        '{ plain = "dmg 1", momentous = "tackle" }',
        '{ plain = "dmg 1", extra = "KD" }',
        f"{BELL}: oswin-tollbright: playbook column 1:",
    ),
    (
        "icon without a play",
        LINK,
        'momentous = "dodge 2" },\n  { plain = "dmg 2", momentous = "play-s" }',
        'momentous = "dodge 2" },\n  { plain = "dmg 2", momentous = "play-t" }',
        f"{LINK}: sefa-lanternhold: playbook: play-t triggers none",
    ),
    (
        "no momentous result",
        BELL,
        CLAPPER_BOOK,
        '{ plain = "tackle" },\n  { plain = "push 1" },\n'
        '  { plain = "dmg 1" },\n  { plain = "dmg 2" }',
        f"{BELL}: clapper: playbook: no momentous result",
    ),
    (
        "icon-only play never triggered",
        BELL,
        '{ plain = "dmg 4", momentous = "play-s" }',
        '{ plain = "dmg 4", momentous = "KD" }',
        f"{BELL}: maud-clangwright: plays: drive-it-home costs no influence",
    ),
    # Plays.
    (
        "unknown primitive",
        BELL,
        '{ do = "damage", amount = 3 }',
        '{ do = "explode", amount = 3 }',
        f"{BELL}: drive-it-home: effects: 'explode' is not a primitive",
    ),
    (
        "argument out of range",
        BELL,
        '{ do = "damage", amount = 3 }',
        '{ do = "damage", amount = 9 }',
        f"{BELL}: drive-it-home: effects: damage amount: 9 is not within 1..6",
    ),
    (
        "missing argument",
        BELL,
        '{ do = "damage", amount = 3 }',
        '{ do = "damage" }',
        f"{BELL}: drive-it-home: effects: damage needs 'amount'",
    ),
    (
        "unknown argument",
        BELL,
        '{ do = "damage", amount = 3 }',
        '{ do = "damage", amount = 3, twice = 1 }',
        f"{BELL}: drive-it-home: effects: damage takes no argument 'twice'",
    ),
    (
        "unknown condition",
        BELL,
        '[{ do = "condition", condition = "knocked_down" }]\ntext = "Target',
        '[{ do = "condition", condition = "dazed" }]\ntext = "Target',
        f"{BELL}: clapper-strike: effects: condition condition: 'dazed'",
    ),
    (
        "primitive out of place",
        BELL,
        '{ do = "damage", amount = 3 }',
        '{ do = "immune", condition = "bleed" }',
        f"{BELL}: drive-it-home: effects: immune cannot be used here",
    ),
    (
        "terrain outside an ongoing effect",
        SCRIV,
        '{ do = "condition", condition = "snared" }]\nongoing',
        '{ do = "terrain", kind = "rough" }]\nongoing',
        f"{SCRIV}: ink-blot: effects: terrain cannot be used here",
    ),
    (
        "character play without a cost",
        BELL,
        'cost = 2\nicons = ["s"]\nrange = 1',
        "range = 1",
        f"{BELL}: clapper-strike: cost:",
    ),
    (
        "cost too high",
        BELL,
        'cost = 2\nicons = ["s"]\nrange = 1',
        'cost = 7\nicons = ["s"]\nrange = 1',
        f"{BELL}: clapper-strike: cost: 7 is not",
    ),
    (
        "unknown icon",
        BELL,
        'cost = 2\nicons = ["s"]\nrange = 1',
        'cost = 2\nicons = ["x"]\nrange = 1',
        f"{BELL}: clapper-strike: icons:",
    ),
    (
        "playbook play with a cost",
        BELL,
        'icons = ["s"]\nrange = "playbook"',
        'cost = 1\nicons = ["s"]\nrange = "playbook"',
        f"{BELL}: drive-it-home: range: a playbook-only play",
    ),
    (
        "playbook play on a friend",
        BELL,
        'range = "playbook"\ntarget = "enemy"',
        'range = "playbook"\ntarget = "friendly"',
        f"{BELL}: drive-it-home: target:",
    ),
    (
        "unknown range word",
        BELL,
        'range = "playbook"',
        'range = "pitch"',
        f"{BELL}: drive-it-home: range:",
    ),
    (
        "self play at range",
        BELL,
        'range = "self"\ntarget = "self"\nsustain = true',
        'range = 4\ntarget = "self"\nsustain = true',
        f"{BELL}: brace-for-impact: target:",
    ),
    (
        "lasting effect without sustain",
        BELL,
        "sustain = true\nonce_per_turn = true",
        "once_per_turn = true",
        f"{BELL}: brace-for-impact: sustain:",
    ),
    (
        "sustain with nothing lasting",
        BELL,
        'range = 1\ntarget = "enemy"\n',
        'range = 1\ntarget = "enemy"\nsustain = true\n',
        f"{BELL}: clapper-strike: sustain:",
    ),
    (
        "heroic play with a cost",
        BELL,
        'kind = "heroic"\n',
        'kind = "heroic"\ncost = 1\n',
        f"{BELL}: peal-of-war: cost: a heroic play's cost is set by the rules",
    ),
    (
        "pulse at range",
        BELL,
        'kind = "heroic"\nrange = "self"',
        'kind = "heroic"\nrange = 6',
        f"{BELL}: peal-of-war: range: a pulse",
    ),
    (
        "area play with a target",
        BELL,
        'area = "pulse"\nsize = 4',
        'target = "friendly"\narea = "pulse"\nsize = 4',
        f"{BELL}: peal-of-war: target:",
    ),
    (
        "pulse without a size",
        BELL,
        'area = "pulse"\nsize = 4\n',
        'area = "pulse"\n',
        f"{BELL}: peal-of-war: size: missing",
    ),
    (
        "AOE with a size",
        BELL,
        'area = "aoe"\nside = "all"',
        'area = "aoe"\nsize = 4\nside = "all"',
        f"{BELL}: molten-splash: size: an AOE template is always 3",
    ),
    (
        "ongoing effect without an AOE",
        BELL,
        'effects = [{ do = "damage", amount = 3 }]',
        'effects = [{ do = "damage", amount = 3 }]\nongoing = [{ do = "terrain", kind = "rough" }]',
        f"{BELL}: drive-it-home: ongoing:",
    ),
    (
        "unknown test",
        ROPE,
        '{ test = "target_has_ball" }]\neffects = [{ do = "scatter_ball" }]',
        '{ test = "lucky" }]\neffects = [{ do = "scatter_ball" }]',
        f"{ROPE}: throw-the-grapnel: if: 'lucky' is not a test",
    ),
    # Traits.
    (
        "passive trait with a trigger",
        BELL,
        'slug = "bronze-skin"\nname = "Bronze Skin"\nkind = "passive"',
        'slug = "bronze-skin"\nname = "Bronze Skin"\nkind = "passive"\nwhen = "taken_out"',
        f"{BELL}: bronze-skin: when: a passive trait",
    ),
    (
        "unknown trigger",
        BELL,
        'when = "charge_hit"',
        'when = "sneeze"',
        f"{BELL}: toll-of-the-bell: when: 'sneeze'",
    ),
    (
        "target at a moment with none",
        BELL,
        'when = "charge_hit"\naffects = "target"',
        'when = "taken_out"\naffects = "target"',
        f"{BELL}: toll-of-the-bell: affects: taken_out has no other model",
    ),
    (
        "passive trait that acts",
        BELL,
        '[{ do = "modify", stat = "arm", amount = 1 }]\ntext = "While',
        '[{ do = "damage", amount = 1 }]\ntext = "While',
        f"{BELL}: bronze-skin: effects: damage cannot be used here",
    ),
    (
        "modify of zero",
        BELL,
        'stat = "arm", amount = 1 }]\ntext = "While',
        'stat = "arm", amount = 0 }]\ntext = "While',
        f"{BELL}: bronze-skin: effects: modify amount: must not be 0",
    ),
    (
        "unknown stat",
        BELL,
        'stat = "arm", amount = 1 }]\ntext = "While',
        'stat = "luck", amount = 1 }]\ntext = "While',
        f"{BELL}: bronze-skin: effects: modify stat: 'luck'",
    ),
    # Uniqueness and guilds.
    (
        "model name used twice",
        LINK,
        'name = "Flitter"',
        'name = "Clapper"',
        f"{LINK}: flitter: name: a model also in {BELL}",
    ),
    (
        "play slug used twice",
        LINK,
        'slug = "torch-signal"',
        'slug = "patch-up"',
        f"{LINK}: patch-up: slug: a trait or play also in {COMMON_FILE}",
    ),
    (
        "guild without a mascot",
        BELL,
        'role = "mascot"',
        'role = "squaddie"',
        f"{BELL}: guild: model: the guild has no mascot",
    ),
    (
        "guild in the wrong file",
        BELL,
        'slug = "bellfounders"',
        'slug = "bellmakers"',
        f"{BELL}: guild: slug:",
    ),
    (
        "bad guild colour",
        BELL,
        'colour = "#b0793a"',
        'colour = "bronze"',
        f"{BELL}: guild: colour:",
    ),
    ("invalid TOML", BELL, "tac = 6\n", "tac = = 6\n", f"{BELL}: not valid TOML"),
    # Game plans.
    (
        "trigger on an instant plan",
        PLANS_FILE,
        'timing = "instant"\naffects = "team"\neffects = [{ do = "heal", amount = 1 }]',
        'timing = "instant"\nwhen = "scores_goal"\naffects = "team"\n'
        'effects = [{ do = "heal", amount = 1 }]',
        f"{PLANS_FILE}: catch-your-breath: when:",
    ),
    (
        "once without a trigger",
        PLANS_FILE,
        'timing = "instant"\naffects = "team"\neffects = [{ do = "heal", amount = 1 }]',
        'timing = "instant"\nonce = true\naffects = "team"\n'
        'effects = [{ do = "heal", amount = 1 }]',
        f"{PLANS_FILE}: catch-your-breath: once:",
    ),
    (
        "influence value too large",
        PLANS_FILE,
        "influence = 2",
        "influence = 3",
        f"{PLANS_FILE}: catch-your-breath: influence: 3 is not within -2..2",
    ),
    (
        "initiative of zero",
        PLANS_FILE,
        "initiative = 5",
        "initiative = 0",
        f"{PLANS_FILE}: first-to-the-ball: initiative:",
    ),
    (
        "instant plan that lasts",
        PLANS_FILE,
        'effects = [{ do = "heal", amount = 1 }]',
        'effects = [{ do = "modify", stat = "def", amount = 1 }]',
        f"{PLANS_FILE}: catch-your-breath: effects: modify cannot be used here",
    ),
    (
        "plan primitive out of place",
        PLANS_FILE,
        'effects = [{ do = "heal", amount = 1 }]',
        'effects = [{ do = "damage", amount = 1 }]',
        f"{PLANS_FILE}: catch-your-breath: effects: damage cannot be used here",
    ),
    (
        "plan name used twice",
        PLANS_FILE,
        'name = "Dig In"',
        'name = "First to the Ball"',
        f"{PLANS_FILE}: dig-in: name: a game plan also in",
    ),
]


@pytest.mark.parametrize(
    ("file", "old", "new", "message"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_a_malformed_entry_names_file_entry_and_field(file, old, new, message):
    assert broken(file, old, new).startswith(message)


def test_a_missing_file_is_named():
    files = pack_files()
    del files[PLANS_FILE]
    with pytest.raises(ContentError, match=r"^game_plans\.toml: the file is missing"):
        parse_pack(files)


def test_a_deck_too_small_for_two_hands_of_seven():
    """'each player is dealt seven game plans from a shared deck'"""
    files = pack_files()
    text = files[PLANS_FILE]
    cut = text.index("[[plan]]", text.index('slug = "seize-the-moment"') - 40)
    files[PLANS_FILE] = text[:cut]
    with pytest.raises(ContentError, match=r"^game_plans\.toml: \[\[plan\]\]: plan: 9 plans"):
        parse_pack(files)


def test_a_setting_word_list_is_required():
    files = pack_files()
    files[COMMON_FILE] = files[COMMON_FILE].replace("kins = ", "kinds = ", 1)
    with pytest.raises(ContentError, match=r"^common\.toml: setting: kinds: is not a field"):
        parse_pack(files)
