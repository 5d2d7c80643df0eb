"""What a replay step sends (issues 13 and 16): under 2 KB in both views, in Spanish too, the
move list and the table patched rather than resent, and a front end that applies the patches
ends with Python's list and table exactly."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from spite_widget.widgets.replay import ReplayWidget

SAMPLE = Path(__file__).resolve().parents[2] / "examples" / "sample_game.json"


class Browser:
    """The replay's front end as far as the move list and the table go: a model that takes every
    update the widget sends and, as js/replay/index.js does, splices `moves` with each
    `moves_patch` and applies each `table_patch` to its `table`."""

    def __init__(self, w: ReplayWidget) -> None:
        self.state: dict[str, Any] = json.loads(json.dumps(w.get_state()))
        self.sizes: list[int] = []
        self.sent: list[dict[str, Any]] = []
        """The state of each update received, as sent (patches and all)."""
        w._send = self._receive  # type: ignore[method-assign]

    def _receive(self, msg: dict[str, Any], buffers: Any = None) -> None:
        self.sizes.append(len(json.dumps(msg, ensure_ascii=False)))
        self.sent.append(msg.get("state", {}))
        state = json.loads(json.dumps(msg.get("state", {})))
        self.state.update(
            {k: v for k, v in state.items() if k not in ("moves_patch", "table_patch", "evals_patch")}
        )
        change = state.get("table_patch")
        if change:
            table = self.state["table"]
            assert table["seq"] == change["base"]
            for path, value in change["set"]:
                at = table
                for key in path[:-1]:
                    at = at[key]
                at[path[-1]] = value
        for name in ("moves", "evals"):
            patch = state.get(f"{name}_patch")
            if patch:
                items = self.state[name]
                items[patch["at"] : patch["at"] + patch["delete"]] = patch["insert"]
                assert len(items) == patch["length"]


STEP_BUDGET = 2048


@pytest.mark.parametrize("seat", [None, 0, 1])
def test_every_step_sends_under_2_kb_and_the_list_stays_right(seat: int | None) -> None:
    # in Spanish, whose piles' spoken names are the longest: a step sends the piles it changed
    w = ReplayWidget(SAMPLE, perspective=seat, lang="es")
    b = Browser(w)
    rng = random.Random(seat)
    steps = list(range(1, w.length + 1)) + list(range(w.length - 1, -1, -1))
    jumps = rng.choices(range(w.length + 1), k=40)
    for i, ply in enumerate(steps + jumps):
        b.sizes.clear()
        w._handle_custom_msg({"type": "seek", "ply": ply, "seq": w.table["seq"]}, [])
        assert w.ply == ply
        if i < len(steps):  # one move forward or back: small, however long the game
            assert sum(b.sizes) < STEP_BUDGET, (ply, b.sizes)
        else:  # a jump from a seat sends the moves it reveals and the table, never more
            whole = len(json.dumps(w.moves)) + len(json.dumps(w.table, ensure_ascii=False))
            assert sum(b.sizes) < whole + STEP_BUDGET, (ply, b.sizes)
        assert b.state["moves"] == json.loads(json.dumps(w.moves)), ply
        assert b.state["ply"] == ply and b.state["table"] == json.loads(json.dumps(w.table))
    # a mark and a comment patch the one move they change
    b.sizes.clear()
    w._handle_custom_msg(
        {"type": "annotate", "ply": 3, "mark": "?!", "comment": "hm", "seq": w.table["seq"]}, []
    )
    assert b.state["moves"] == json.loads(json.dumps(w.moves))
    assert sum(b.sizes) < STEP_BUDGET


@pytest.mark.parametrize("seat", [0, 1])
def test_a_reviewed_games_steps_from_a_seat_stay_small(seat: int) -> None:
    """From a seat the graph grows a point a step, and the whole graph went with each step:
    3 KB a step late in a long reviewed game."""
    from spite_widget.bots.review import annotate_with_bot

    w = ReplayWidget(annotate_with_bot(SAMPLE), perspective=seat)
    b = Browser(w)
    sent = b.sent
    for ply in [*range(1, w.length + 1), *range(w.length - 1, -1, -1)]:
        b.sizes.clear()
        sent.clear()
        w._handle_custom_msg({"type": "seek", "ply": ply, "seq": w.table["seq"]}, [])
        # the last move also brings the accuracy header, told at the end of the game
        extra = len(json.dumps(w.summary, ensure_ascii=False)) if ply == w.length else 0
        assert sum(b.sizes) < STEP_BUDGET + extra, (ply, b.sizes)
        assert b.state["evals"] == json.loads(json.dumps(w.evals)), ply
        if 20 < ply < w.length:  # (a short list goes whole: shorter than a patch)
            assert any("evals_patch" in state for state in sent) and not any(
                "evals" in state for state in sent
            )


def test_a_seat_never_gets_a_move_past_the_cursor() -> None:
    w = ReplayWidget(SAMPLE, perspective=0)
    b = Browser(w)
    sent: list[str] = []
    real = b._receive

    def spy(msg: dict[str, Any], buffers: Any = None) -> None:
        # the seat's own legal moves (its hand and the public piles) are checked apart, below
        state = {k: v for k, v in msg.get("state", {}).items() if k != "legal"}
        sent.append(json.dumps({**msg, "state": state}))
        real(msg, buffers)

    w._send = spy  # type: ignore[method-assign]
    for ply in range(0, 30):
        sent.clear()
        w._handle_custom_msg({"type": "seek", "ply": ply, "seq": w.table["seq"]}, [])
        later = [str(m) for m in w.replay.game.moves[ply:]]
        known = {str(m) for m in w.replay.game.moves[:ply]}
        assert not [m for m in later if m not in known and f'"{m}"' in "".join(sent)], ply
        view = w.replay.view(0)
        mine = view.current_player == 0 and w.replay.state.result is None
        assert w.legal == ([str(m) for m in view.legal_moves()] if mine else []), ply


def test_side_lines_stay_small_to_sync() -> None:
    """Issue 13: trying a move, entering a line, stepping in it or marking a move in it sends
    at most 4 KB, and the browser's patched list stays Python's."""
    w = ReplayWidget(SAMPLE)
    b = Browser(w)

    def act(msg: dict[str, Any]) -> int:
        b.sizes.clear()
        w._handle_custom_msg({**msg, "seq": w.table["seq"]}, [])
        assert w.status["kind"] != "error", w.status
        assert b.state["moves"] == json.loads(json.dumps(w.moves))
        return sum(b.sizes)

    act({"type": "seek", "ply": 60})
    nxt = str(w.replay.moves[60])
    sizes = {"try a move": act({"type": "move", "move": next(m for m in w.legal if m != nxt)})}
    for _ in range(6):
        sizes["extend the line"] = max(
            sizes.get("extend the line", 0), act({"type": "move", "move": w.legal[0]})
        )
    sizes["mark in the line"] = act({"type": "annotate", "ply": 63, "mark": "?!", "line": w.line})
    sizes["step in the line"] = act({"type": "seek", "ply": 62})
    sizes["leave the line"] = act({"type": "line", "action": "exit"})
    sizes["enter the line"] = act({"type": "goto", "line": [[61, 1]], "ply": 61})
    assert all(size <= 4096 for size in sizes.values()), sizes


def test_a_seat_in_side_lines_is_sent_no_card_it_could_not_see() -> None:
    """Side lines seen from a seat (issue 13): every card named in anything sent is one that
    seat sees at the cursor (its hand, the tops, the stacks) or saw played on the way there."""
    from .test_hidden import cards_named, visible_from

    rng = random.Random(7)
    for seat in (0, 1):
        w = ReplayWidget(SAMPLE)
        # side lines by both players at a few places, made from above
        for at in (8, 30, 61):
            w.goto([], at)
            nxt = str(w.replay.moves[at])
            w.play(next(m for m in w.legal if m != nxt))
            for _ in range(rng.randrange(2, 8)):
                if not w.legal:
                    break
                w.play(rng.choice(w.legal))
        w.perspective = seat
        b = Browser(w)
        sent: list[str] = []
        real = b._receive

        def spy(msg: dict[str, Any], buffers: Any = None, sent: list[str] = sent, real: Any = real) -> None:
            state = {k: v for k, v in msg.get("state", {}).items() if k not in ("_esm", "_css")}
            sent.append(json.dumps(state, ensure_ascii=False))
            real(msg, buffers)

        w._send = spy  # type: ignore[method-assign]
        lines = [[[9, 1]], [[31, 1]], [[62, 1]]]
        for line in lines:
            start = line[0][0] - 1
            for ply in range(start - 2, start + 9):
                w.perspective = None  # from above to walk into the line, then back to the seat
                w.goto(line, ply)
                sent.clear()
                w.perspective = seat
                r = w.replay
                allowed = visible_from(r.state, seat)
                for i in range(1, r.ply + 1):
                    allowed.update(cards_named(str(r.moves[i - 1])))
                allowed.update(cards_named(" ".join(str(m) for m in w.legal)))
                state = {k: v for k, v in w.get_state().items() if k not in ("_esm", "_css")}
                named = cards_named("".join(sent) + json.dumps(state, ensure_ascii=False, default=str))
                # comments are the reader's own words: drop them from the scan
                for i in range(1, r.ply + 1):
                    named.subtract(cards_named(str(r.annotation(i).get("comment", ""))))
                assert not [c for c, n in named.items() if n > 0 and c not in allowed], (seat, line, ply)


def test_a_step_and_its_words_go_in_one_update() -> None:
    """The replay sent a position and the words that say it in two updates, a moment apart:
    a screen reader (and a test) could meet the new table with the old words. Each call is one
    update now, even one that changes the table twice (a side-line move, then its chances)."""
    w = ReplayWidget(SAMPLE)
    b = Browser(w)
    sent = b.sent
    for ply in (1, 2, 30, 29):
        sent.clear()
        w._handle_custom_msg({"type": "seek", "ply": ply, "seq": w.table["seq"]}, [])
        assert len(sent) == 1 and "status" in sent[0], [sorted(s) for s in sent]
        assert {"table", "table_patch"} & set(sent[0])
    nxt = str(w.replay.moves[29])
    side = next(m for m in w.legal if m != nxt)
    sent.clear()
    w._handle_custom_msg({"type": "move", "move": side, "seq": w.table["seq"]}, [])
    assert w.status["kind"] != "error", w.status
    assert len(sent) == 1 and "status" in sent[0], [sorted(s) for s in sent]
    assert b.state["table"] == json.loads(json.dumps(w.table))
    assert b.state["moves"] == json.loads(json.dumps(w.moves))
    assert b.state["status"] == json.loads(json.dumps(w.status))
    for ply in (31, 30, 0):  # and the steps after it still patch from what the browser has
        w._handle_custom_msg({"type": "seek", "ply": ply, "seq": w.table["seq"]}, [])
        assert b.state["table"] == json.loads(json.dumps(w.table))


class ReloadedBrowser(Browser):
    """A page reloaded in marimo: it holds the table and move list first sent, not the patched
    ones Python holds now; like js/replay/index.js it asks for both whole (`resend`) when a
    patch does not fit, instead of drawing a position from long ago."""

    def __init__(self, w: ReplayWidget, stale: dict[str, Any]) -> None:
        super().__init__(w)
        self.state.update(stale)
        self.w = w
        self.misfits = 0

    def _receive(self, msg: dict[str, Any], buffers: Any = None) -> None:
        state = msg.get("state", {})
        change = state.get("table_patch")
        patch = state.get("moves_patch")
        table_fits = not change or self.state["table"]["seq"] == change["base"]
        moves_fit = (
            not patch or len(self.state["moves"]) == patch["length"] - len(patch["insert"]) + patch["delete"]
        )
        if table_fits and moves_fit:
            super()._receive(msg, buffers)
            return
        self.misfits += 1
        rest = {k: v for k, v in state.items() if k not in ("moves_patch", "table_patch", "table", "moves")}
        self.state.update(json.loads(json.dumps(rest)))
        self.asked = True

    def flush(self) -> None:
        """The resend goes out once the update is handled, as a message from the page would."""
        if getattr(self, "asked", False):
            self.asked = False
            self.w._handle_custom_msg({"type": "resend", "seq": self.state["table"]["seq"]}, [])


def test_a_page_holding_an_old_table_asks_for_it_whole_and_draws_the_move_shown() -> None:
    """marimo gave a reloaded page the table first sent; the steps' patches did not fit it and
    were ignored, so the board stayed on the deal while the counter said 23 / 155."""
    w = ReplayWidget(SAMPLE)
    first = json.loads(json.dumps({"table": w.table, "moves": w.moves}))
    for ply in range(1, 21):
        w.seek(ply)
    b = ReloadedBrowser(w, first)
    for ply in (21, 22, 23):
        w._handle_custom_msg({"type": "seek", "ply": ply, "seq": w.table["seq"]}, [])
        b.flush()
        assert b.state["table"] == json.loads(json.dumps(w.table)), ply
        assert b.state["moves"] == json.loads(json.dumps(w.moves)) and b.state["ply"] == ply
    assert b.misfits == 1  # once whole, the patches fit again
    # a resend changes nothing Python holds and is no error (a seat still being played too)
    before = json.dumps([w.table, w.moves, w.ply])
    w._handle_custom_msg({"type": "resend", "seq": 0}, [])
    assert w.status["kind"] != "error" and json.dumps([w.table, w.moves, w.ply]) == before
    seat = ReplayWidget(SAMPLE, perspective=0, seat_only=True)
    seat._handle_custom_msg({"type": "resend", "seq": 0}, [])
    assert seat.status["kind"] != "error" and seat.table["seats"][1]["hand"] is None
