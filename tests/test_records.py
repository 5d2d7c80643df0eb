"""Records: exact round trips, kept annotations and extra keys, and strict validation."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from decks import deal, ladder, random_game

from spite_widget import Game, RecordError

WON = random_game(1)  # won by player 1, 19 reshuffles
DRAWN = random_game(2)  # the stock ran out


def record_of(g: Game) -> dict[str, Any]:
    return json.loads(json.dumps(g.to_record()))


def first_completing(rec: dict[str, Any]) -> int:
    return next(i for i, m in enumerate(rec["moves"]) if "stock" in m)


def refused(rec: object, says: str, move_number: int | None = None) -> RecordError:
    with pytest.raises(RecordError) as info:
        Game.from_record(rec)  # type: ignore[arg-type]
    e = info.value
    assert says in str(e), str(e)
    assert e.move_number == move_number
    if move_number is not None:
        assert str(e).startswith(f"move {move_number}: ")
    return e


# ---------------------------------------------------------------- round trips
@pytest.mark.parametrize("game", [WON, DRAWN, random_game(3, plies=40), Game.new(seed=9)])
def test_a_record_round_trips_exactly(game):
    rec = game.to_record()
    again = Game.from_record(rec)
    assert again.to_record() == rec
    assert again.state == game.state
    assert Game.from_record(json.loads(json.dumps(rec))).to_record() == rec


def test_the_record_has_the_documented_shape():
    rec = WON.to_record()
    assert list(rec) == ["format", "version", "rules", "players", "first_player", "deck", "moves", "result"]
    assert rec["format"] == "spite-malice" and rec["version"] == 1
    assert rec["rules"] == {"kings_start_stacks": False}
    assert rec["first_player"] == 1 and len(rec["deck"]) == 104
    assert rec["result"] == {"winner": 1, "points": 5, "reason": "payoff-emptied"}
    assert DRAWN.to_record()["result"] == {"winner": None, "points": 0, "reason": "stock-exhausted"}
    assert random_game(3, plies=5).to_record()["result"] is None
    for i, entry in enumerate(rec["moves"]):
        assert set(entry) <= {"move", "stock"}
        if "stock" in entry:  # exactly the moves that complete a stack carry the stock
            g = Game.from_record({**rec, "moves": rec["moves"][: i + 1], "result": None})
            assert entry["stock"] == list(g.state.stock) or len(g.state.hands[g.current_player]) < 5


def test_a_record_replays_without_the_generator():
    rec = record_of(WON)
    g = Game.from_record(rec)
    assert g.state == WON.state
    # the reshuffles come from the record: a different generator would not change them
    assert [e.get("stock") for e in g.to_record()["moves"]] == [e.get("stock") for e in rec["moves"]]


def test_save_and_load_round_trip_and_the_text_is_stable(tmp_path):
    g = WON.copy()
    g.annotate(3, comment="keeps the 8 for the pay-off", mark="?!")
    g.meta.update({"event": "club night", "date": "2024-05-01", "comment": "a long one", "x-clock": [1, 2]})
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    g.save(first)
    loaded = Game.load(first)
    loaded.save(second)
    assert first.read_text(encoding="utf-8") == second.read_text(encoding="utf-8")
    assert loaded.to_record() == g.to_record()
    assert json.loads(first.read_text(encoding="utf-8")) == g.to_record()


def test_comments_marks_and_extra_keys_are_kept():
    rec = record_of(random_game(3, plies=30))
    rec.update({"comment": "before the first move", "event": "final", "date": "2024", "x-app": {"v": 2}})
    rec["moves"][0].update({"comment": "opening", "mark": "!!"})
    rec["moves"][4].update({"mark": "??", "x-think": 12.5})
    g = Game.from_record(rec)
    out = g.to_record()
    assert out == rec
    assert g.meta == {"comment": "before the first move", "event": "final", "date": "2024", "x-app": {"v": 2}}
    assert g.annotation(1) == {"comment": "opening", "mark": "!!"}
    assert g.annotation(5) == {"mark": "??", "x-think": 12.5}
    rec["x-app"]["v"] = 3  # the game holds its own copy
    assert g.to_record()["x-app"] == {"v": 2}


@pytest.mark.parametrize("mark", ["!!", "!", "!?", "?!", "?", "??"])
def test_every_mark_is_accepted(mark):
    rec = record_of(random_game(3, plies=3))
    rec["moves"][1]["mark"] = mark
    assert Game.from_record(rec).annotation(2) == {"mark": mark}


# ---------------------------------------------------------------- strict validation
def test_a_wrong_deck_is_refused():
    rec = record_of(random_game(3, plies=10))
    refused({**rec, "deck": rec["deck"][:103]}, "got 103 cards")
    triple = [*rec["deck"][:103], next(c for c in rec["deck"] if c != rec["deck"][103])]
    refused({**rec, "deck": triple}, "appears 3 times")
    refused({**rec, "deck": [*rec["deck"][:103], "1h"]}, "deck card 104: '1h' is not a card")  # says where
    refused({**rec, "deck": [*rec["deck"][:103], 7]}, "deck must be a list of strings")
    refused({**rec, "deck": "AhAh"}, "deck must be a list of strings")


def test_an_illegal_move_is_refused_naming_its_number():
    rec = record_of(Game.new(deck=deal(hands=(["Ah", "2h", "Kc", "5c"], []))))
    rec["moves"] = [{"move": "H:Ah>C1"}, {"move": "H:2h>C1"}, {"move": "H:5c>C1"}]
    e = refused(rec, "H:5c>C1 is illegal: a 5 cannot go on C1: it needs a 3", 3)
    assert e.reason.startswith("H:5c>C1 is illegal")
    rec["moves"] = [{"move": "H:Kc>C2"}]
    refused(rec, "a King cannot start an empty center stack", 1)
    rec["moves"] = [{"move": "H:Ah>S1"}, {"move": "H:2h>C1"}]  # not player 1's card
    refused(rec, "there is no two of hearts (2h) in your hand", 2)


@pytest.mark.parametrize(
    ("entry", "says"),
    [
        ({"move": "H:Ah-C1"}, "is not a move"),
        ({"move": "S1:Ah>S2"}, "nothing moves between side stacks"),
        ({"move": 7}, "a move is a string"),
        ("H:Ah>C1", "each move must be an object"),
        ({"comment": "no move"}, 'the move object has no "move" key'),
        ({"move": "H:Ah>C1", "note": "x"}, "unknown key 'note' in the move"),
        ({"move": "H:Ah>C1", "mark": "?!?"}, "a mark must be one of"),
        ({"move": "H:Ah>C1", "comment": 3}, "a comment must be text"),
        ({"move": "H:Ah>C1", "stock": []}, "completes no center stack, so it must not carry a stock"),
    ],
)
def test_a_malformed_move_entry_is_refused_naming_its_number(entry, says):
    rec = record_of(Game.new(deck=deal(hands=(["Ah", "2h"], []))))
    rec["moves"] = [{"move": "H:2h>S1"}, {"move": f"H:{rec['deck'][45]}>S1"}, entry]
    refused(rec, says, 3)


def test_the_stock_of_a_completing_move_is_checked():
    rec = record_of(WON)
    i = first_completing(rec)
    number = i + 1
    cut = {**rec, "moves": rec["moves"][: i + 1], "result": None}
    Game.from_record(cut)  # the cut record itself is fine
    missing = copy.deepcopy(cut)
    del missing["moves"][i]["stock"]
    refused(missing, "completes", number)
    refused(missing, "so the move must carry the reshuffled stock", number)
    stock = cut["moves"][i]["stock"]
    for wrong in (stock[:-1], [*stock, stock[0]], [stock[0] if c == stock[1] else c for c in stock]):
        if sorted(wrong) == sorted(stock):
            continue
        bad = copy.deepcopy(cut)
        bad["moves"][i]["stock"] = wrong
        refused(bad, "must hold the", number)
    bad = copy.deepcopy(cut)
    bad["moves"][i]["stock"] = [*stock[:-1], "Xx"]
    refused(bad, f"stock card {len(stock)}: 'Xx' is not a card", number)
    reordered = copy.deepcopy(cut)  # any order of the right cards is a valid reshuffle
    reordered["moves"][i]["stock"] = list(reversed(stock))
    assert Game.from_record(reordered).state.stock == tuple(reversed(stock))


def test_a_result_the_replay_contradicts_is_refused():
    rec = record_of(WON)
    for result in (
        {"winner": 0, "points": 5, "reason": "payoff-emptied"},
        {"winner": 1, "points": 6, "reason": "payoff-emptied"},
        {"winner": None, "points": 0, "reason": "stock-exhausted"},
        None,
    ):
        refused({**rec, "result": result}, "but the replay gives")
    unfinished = {**rec, "moves": rec["moves"][:10]}
    refused(unfinished, "the replay gives null (unfinished)")
    drawn = record_of(DRAWN)
    refused(
        {**drawn, "result": {"winner": 0, "points": 0, "reason": "payoff-emptied"}}, "but the replay gives"
    )


@pytest.mark.parametrize(
    "result",
    [
        {"winner": 2, "points": 5, "reason": "payoff-emptied"},
        {"winner": True, "points": 5, "reason": "payoff-emptied"},
        {"winner": 1.0, "points": 5, "reason": "payoff-emptied"},
        {"winner": 1, "points": 5.0, "reason": "payoff-emptied"},
        {"winner": 1, "points": -1, "reason": "payoff-emptied"},
        {"winner": 1, "points": 5, "reason": "resigned"},
        {"winner": 1, "points": 5},
        "won",
    ],
)
def test_a_malformed_result_is_refused(result):
    refused({**record_of(WON), "result": result}, "result")


def test_moves_after_the_end_are_refused():
    rec = record_of(WON)
    n = len(rec["moves"])
    rec["moves"].append({"move": "H:Ah>S1"})
    refused(rec, "the game is over", n + 1)
    drawn = record_of(DRAWN)
    drawn["moves"].append({"move": "P:Ah>C1"})
    refused(drawn, "the game is over", len(drawn["moves"]))


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ({"format": "spite"}, "format must be 'spite-malice'"),
        ({"version": 2}, "version must be 1"),
        ({"version": "1"}, "version must be 1"),
        ({"version": True}, "version must be 1"),
        ({"version": 1.0}, "version must be 1"),
        ({"colour": "red"}, "unknown key 'colour'"),
        ({"first_player": 2}, "first_player must be 0 or 1"),
        ({"first_player": 0.0}, "first_player must be 0 or 1"),
        ({"players": ["solo"]}, "players must be two names"),
        ({"players": "Ada"}, "players must be a list of strings"),
        ({"rules": {"kings_start_stacks": "yes"}}, "kings_start_stacks must be true or false"),
        ({"rules": {"wild_twos": True}}, "unknown rule option"),
        ({"event": 5}, "event must be text"),
        ({"moves": {"1": "P:Ah>C1"}}, "moves must be a list"),
    ],
)
def test_a_malformed_record_is_refused(change, says):
    refused({**record_of(random_game(3, plies=4)), **change}, says)


@pytest.mark.parametrize("key", ["rules", "players", "first_player", "deck", "moves"])
def test_a_record_missing_a_key_is_refused(key):
    rec = record_of(random_game(3, plies=4))
    del rec[key]
    refused(rec, f"missing {key}")


def test_a_record_without_result_key_is_an_unfinished_game():
    rec = record_of(random_game(3, plies=4))
    del rec["result"]
    assert Game.from_record(rec).to_record()["result"] is None


def test_not_a_record_at_all(tmp_path):
    refused([1, 2], "a record is a JSON object")
    path = tmp_path / "broken.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(RecordError, match="is not JSON"):
        Game.load(path)


def test_kings_start_stacks_is_recorded_and_replayed():
    g = Game.new(
        deck=deal(payoffs=(ladder("h", "J"), []), hands=(["Kc"], [])), rules={"kings_start_stacks": True}
    )
    g.play("H:Kc>C1")  # counts as an Ace; the pay-off Ace goes elsewhere
    rec = record_of(g)
    assert rec["rules"] == {"kings_start_stacks": True}
    assert Game.from_record(rec).state == g.state
    refused({**rec, "rules": {"kings_start_stacks": False}}, "a King cannot start an empty center stack", 1)


# ---------------------------------------------------------------- what a writer may not write
@pytest.mark.parametrize(
    ("meta", "says"),
    [
        ({"event": 5}, "event must be text, not 5"),
        ({"bogus": "x"}, "unknown key 'bogus'"),
        ({"players": ["X", "Y", "Z"]}, "unknown key 'players'"),
        ({"format": "chess"}, "unknown key 'format'"),
        ({"x-when": {1, 2}}, "JSON data only"),
    ],
)
def test_a_game_is_not_saved_with_a_meta_the_reader_would_refuse(
    tmp_path, meta: dict[str, Any], says: str
) -> None:
    """`g.meta["event"] = 5` was written, and the file then could not be loaded; a meta
    "players" silently replaced the game's players in the record. Now the writer refuses
    what the reader would, and writes nothing."""
    g = Game.new(seed=9, players=("Ada", "Bo"))
    g.play(g.legal_moves()[0])
    g.meta.update(meta)
    path = tmp_path / "g.json"
    with pytest.raises(ValueError, match=says):
        g.save(path)
    assert not path.exists()
    with pytest.raises(ValueError, match=says):
        g.to_record()


def test_a_meta_the_reader_takes_is_saved_and_loaded_back(tmp_path) -> None:
    g = Game.new(seed=9, players=("Ada", "Bo"))
    g.meta.update({"event": "Club night", "date": "2026-12-04", "x-table": {"room": 2}})
    g.save(tmp_path / "g.json")
    back = Game.load(tmp_path / "g.json")
    assert back.meta == g.meta and back.players == ("Ada", "Bo")


def test_a_file_that_is_not_text_is_a_record_error(tmp_path) -> None:
    path = tmp_path / "picture.json"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\xff\xfe")
    with pytest.raises(RecordError, match="is not JSON: not UTF-8 text"):
        Game.load(path)


def test_a_match_record_of_no_game_is_refused_in_words() -> None:
    from spite_widget.engine.records import match_record

    with pytest.raises(ValueError, match="at least one game"):
        match_record([], 50)
    g = Game.new(seed=9)
    with pytest.raises(ValueError, match=r"match\.meta: unknown key 'target'"):
        match_record([g], 50, {"target": 10})


def test_a_missing_game_or_move_is_counted_as_the_cursor_counts() -> None:
    from spite_widget.engine.replay import Replay

    g = Game.new(seed=9)
    g.play(g.legal_moves()[0])
    replay = Replay(g)
    with pytest.raises(
        ValueError, match=r"no game 3: games are counted from 0, and the record holds 1 game \(index 0\)"
    ):
        replay.select_game(3)
    with pytest.raises(ValueError, match=r"this game has 1 move \(1\.\.1\)"):
        replay.annotation(2)
    with pytest.raises(ValueError, match=r"this game has 1 move$"):
        g.mover(2)
