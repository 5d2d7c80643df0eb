"""The live game: the only mutable object a user plays with.

`Game` keeps the table as plain lists for speed and hands out frozen `GameState` and
`PlayerView` snapshots. Every move is checked once at the boundary (`play`), applied in
place, and remembered with just enough to take it back exactly (`undo`).
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Iterable, Sequence
from typing import Any, Final, NamedTuple, Protocol

from . import records
from .cards import RANK_OF, Card, check_two_packs, two_packs
from .errors import IllegalMoveError, NotAMoveError, RecordError
from .i18n import _
from .moves import InvalidMoveError, Move
from .records import MARKS
from .rules import HAND_SIZE, PAYOFF_SIZE, Rules, completes, fits, is_complete, legal_moves, why_illegal
from .state import GameState, PlayerView, Result
from .whole import as_seed, seat, whole

DEFAULT_PLAYERS: Final = ("Player 0", "Player 1")
"""The names a game gets when none are given (None means these too)."""


def check_players(players: Iterable[str] | None) -> tuple[str, str]:
    """The two players' names (None: DEFAULT_PLAYERS); ValueError for anything else, such as
    one string (not two names, though it may have two letters) or names that are not text."""
    if players is None:
        return DEFAULT_PLAYERS
    names = tuple(players) if isinstance(players, Iterable) and not isinstance(players, str) else ()
    if len(names) != 2 or not all(isinstance(n, str) for n in names):
        raise ValueError(f"players must be two names, not {players!r}")
    return (names[0], names[1])


def _check_player(player: object) -> None:
    """ValueError unless `player` is None, 0 or 1: player 2 is no player at all, which "it is
    not your turn" would not say."""
    if player is not None:
        seat(player)


class _Undo(NamedTuple):
    """What one move changed, so that `undo` restores the table exactly."""

    move: Move
    player: int
    hand_index: int  # where the card left the hand, -1 if it came from elsewhere
    completed: list[Card] | None  # the 12 cards of a stack the move completed
    old_stock: list[Card] | None  # the stock before that reshuffle
    rng_state: Any  # the generator before that reshuffle
    drawer: int  # who drew after the move
    drawn: int  # how many cards they drew


class Played(NamedTuple):
    """What one move did, as the engine worked it out: returned by `Game.play`.

    Widgets, narration and teaching read this instead of comparing positions. `drawn`
    holds the cards themselves: when the turn passed they are the next player's hand,
    hidden from the mover, so only `len(drawn)` may go to anyone else. (A named tuple:
    frozen and cheap to build, since every `play` returns one.)
    """

    move: Move
    """The move played."""
    player: int
    """Who played it."""
    completed: str | None
    """The center stack (`C1`..`C3`) the move completed and sent back to the stock, or None."""
    drawer: int
    """Who drew after the move (the next player when the turn passed)."""
    drawn: tuple[Card, ...]
    """The cards `drawer` drew, in order (empty when nobody drew)."""
    turn_passed: bool
    """The move ended the turn (a hand card to a side stack)."""
    result: Result | None
    """How the game ended, if this move ended it."""

    def __repr__(self) -> str:
        parts = [f"{self.move} by player {self.player}"]
        if self.completed:
            parts.append(f"completed {self.completed}")
        if self.turn_passed:
            parts.append("turn passed")
        if self.drawn:
            n = len(self.drawn)
            parts.append(f"player {self.drawer} drew {n} card{'s' if n != 1 else ''}")
        if self.result is not None:
            parts.append(
                "draw"
                if self.result.winner is None
                else f"player {self.result.winner} won {self.result.points}"
            )
        return f"<Played {', '.join(parts)}>"


_new_tuple = tuple.__new__


class GameWatcher(Protocol):
    """Something a game tells about every move and take-back made on it, by any caller: a
    table showing the game (`Game.watch`), so that `w.game.play(...)` reaches the table as a
    click would. Never set on the copies bots search, which stay as fast as ever."""

    def moving(self, game: Game, move: Move | None) -> None:
        """About to play `move` (already checked legal), or to take back a move (None);
        raise (IllegalMoveError) to refuse it: the game is left as it was. An illegal move is
        shown here too before it is refused, so that the watcher's reason (not your turn)
        comes before the move's own (that card is not in the hand of the player to move)."""

    def moved(self, game: Game, played: Played | None, undone: Move | None) -> None:
        """`played`: what the move just did; or `undone`: the move just taken back."""


class Game:
    """A game of Spite & Malice in progress (or finished). Create one with `Game.new`."""

    __slots__ = (
        "_centers",
        "_deck",
        "_hands",
        "_history",
        "_ks",
        "_notes",
        "_payoffs",
        "_player",
        "_ply",
        "_result",
        "_rng",
        "_rules",
        "_sides",
        "_start",
        "_stock",
        "_stocks",
        "_watcher",
        "first_player",
        "meta",
        "players",
    )

    def __init__(
        self,
        deck: Sequence[Card],
        *,
        first_player: int = 0,
        rules: Rules | dict[str, Any] | None = None,
        players: Sequence[str] | None = DEFAULT_PLAYERS,
        rng: random.Random | None = None,
    ) -> None:
        first_player = seat(first_player, "first_player")  # not True, not 0.0; numpy's 1 is
        names = check_players(players)
        self._deck: tuple[Card, ...] = tuple(map(Card, deck))  # interned: play() tests tops by identity
        self._rules = Rules.from_dict(rules)
        self._ks = self._rules.kings_start_stacks
        self.players: tuple[str, str] = names
        """The two players' names, as written in records."""
        self.first_player = first_player
        """Who moved first in this game."""
        self._rng = rng if rng is not None else random.Random()
        d = list(self._deck)
        self._payoffs = [d[0:20], d[20:40]]
        self._hands = [d[40:45], d[45:50]]
        self._sides: list[list[list[Card]]] = [[[], [], [], []], [[], [], [], []]]
        self._centers: list[list[Card]] = [[], [], []]
        self._stock = d[50:]
        self._player = first_player
        self._ply = 0
        self._result: Result | None = None
        self._history: list[_Undo] = []
        self._stocks: dict[int, tuple[Card, ...]] = {}
        self._notes: dict[int, dict[str, Any]] = {}
        self._start: GameState | None = None
        self.meta: dict[str, Any] = {}
        """Top-level record keys beyond the game itself (`event`, `date`, `comment`, `x-...`)."""
        self._watcher: GameWatcher | None = None

    # ------------------------------------------------------------------ creating
    @classmethod
    def new(
        cls,
        seed: int | None = None,
        *,
        deck: Iterable[str] | None = None,
        first_player: int = 0,
        rules: Rules | dict[str, Any] | None = None,
        players: Sequence[str] | None = DEFAULT_PLAYERS,
    ) -> Game:
        """A new game: two packs shuffled with `seed` (or the given `deck`), dealt per RULES.md.

        The same seeded generator later shuffles completed center stacks into the stock.
        """
        rng = random.Random(as_seed(seed))  # type: ignore[arg-type]  # random judges the rest
        if deck is None:
            cards = two_packs()
            rng.shuffle(cards)
        else:
            cards = check_two_packs(deck)
        return cls(cards, first_player=first_player, rules=rules, players=players, rng=rng)

    @classmethod
    def from_state(
        cls,
        state: GameState | PlayerView,
        seed: int | None = None,
        *,
        players: Sequence[str] | None = DEFAULT_PLAYERS,
    ) -> Game:
        """A game that plays on from any position (a puzzle, a pasted `to_text`, a bug report).

        A `GameState` is taken as it is, unseen cards included. A `PlayerView` is completed
        by dealing the cards its player cannot see at random from `seed`, consistent with
        the view. `seed` also drives later reshuffles. Such a game has no deal, so it has
        no record: `to_record` refuses it (keep its position with `state.to_text()`).
        """
        from .position import check_state, deal_unseen

        if isinstance(state, PlayerView):
            state = deal_unseen(state, seed)
        elif isinstance(state, GameState):
            check_state(state)
        else:
            raise TypeError(f"from_state needs a GameState or a PlayerView, not {type(state).__name__}")
        g = cls((), first_player=state.current_player, rules=state.rules, players=players)
        g._rng = random.Random(as_seed(seed))  # type: ignore[arg-type]

        def cards(pile: Sequence[str]) -> list[Card]:
            return [Card(c) for c in pile]  # interned: play() tests tops by identity

        g._payoffs = [cards(state.payoffs[0]), cards(state.payoffs[1])]
        g._hands = [cards(state.hands[0]), cards(state.hands[1])]
        g._sides = [[cards(s) for s in state.sides[0]], [cards(s) for s in state.sides[1]]]
        g._centers = [cards(c) for c in state.centers]
        g._stock = cards(state.stock)
        g._player = state.current_player
        g._ply = state.ply
        g._result = state.result
        g._start = state
        return g

    @property
    def start(self) -> GameState | None:
        """The position this game was started from by `from_state` (None: from the deal)."""
        return self._start

    # ------------------------------------------------------------------ reading
    @property
    def current_player(self) -> int:
        """0 or 1: who is to move."""
        return self._player

    @property
    def rules(self) -> Rules:
        return self._rules

    @property
    def deck(self) -> tuple[Card, ...]:
        """The deal, as in a record: 104 cards (none for a game started `from_state`)."""
        return self._deck

    @property
    def ply(self) -> int:
        """How many moves have been played."""
        return self._ply

    @property
    def moves(self) -> tuple[Move, ...]:
        """The moves played so far, in order."""
        return tuple(h.move for h in self._history)

    @property
    def last_move(self) -> Move | None:
        return self._history[-1].move if self._history else None

    @property
    def is_over(self) -> bool:
        return self._result is not None

    @property
    def winner(self) -> int | None:
        """0 or 1; None for a draw or while the game goes on."""
        return self._result.winner if self._result is not None else None

    @property
    def points(self) -> int:
        """Points the winner scores (0 for a draw or unfinished game)."""
        return self._result.points if self._result is not None else 0

    @property
    def result(self) -> dict[str, Any] | None:
        """None, or the `result` of a record: winner, points and reason."""
        return self._result.to_dict() if self._result is not None else None

    @property
    def outcome(self) -> Result | None:
        """The result as a frozen object (None while the game goes on)."""
        return self._result

    @property
    def state(self) -> GameState:
        """A frozen snapshot of the whole table."""
        return GameState(
            payoffs=(tuple(self._payoffs[0]), tuple(self._payoffs[1])),
            hands=(tuple(self._hands[0]), tuple(self._hands[1])),
            sides=(
                tuple(tuple(s) for s in self._sides[0]),
                tuple(tuple(s) for s in self._sides[1]),
            ),
            centers=(tuple(self._centers[0]), tuple(self._centers[1]), tuple(self._centers[2])),
            stock=tuple(self._stock),
            current_player=self._player,
            ply=self._ply,
            result=self._result,
            rules=self._rules,
        )

    def view(self, player: int) -> PlayerView:
        """What `player` may see: built from the state, never holding the game."""
        return self.state.view(player)

    def legal_moves(self) -> list[Move]:
        """Every legal move of the player to move, each once; [] when the game is over."""
        if self._result is not None:
            return []
        p = self._player
        pay = self._payoffs[p]
        return legal_moves(
            self._hands[p],
            pay[-1] if pay else None,
            [s[-1] if s else None for s in self._sides[p]],
            [len(c) for c in self._centers],
            self._ks,
        )

    def why_illegal(self, move: Move | str, player: int | None = None) -> str | None:
        """None if `move` may be played now (by `player`, if given), else why not."""
        _check_player(player)
        if not isinstance(move, Move):
            try:
                move = Move.parse(move)
            except InvalidMoveError as e:
                return str(e)
        if self._result is not None:
            return _("the game is over")
        if player is not None and player != self._player:
            return _("it is not your turn: {name} is to move").format(name=self.players[self._player])
        p = self._player
        pay = self._payoffs[p]
        return why_illegal(
            move,
            self._hands[p],
            pay[-1] if pay else None,
            [s[-1] if s else None for s in self._sides[p]],
            [len(c) for c in self._centers],
            self._ks,
            theirs=lambda: self._tops(1 - p),
        )

    def _tops(self, player: int) -> tuple[Card | None, list[Card | None]]:
        """`player`'s pay-off top and side-stack tops."""
        pay = self._payoffs[player]
        return (pay[-1] if pay else None, [s[-1] if s else None for s in self._sides[player]])

    def is_legal(self, move: Move | str) -> bool:
        return self.why_illegal(move) is None

    # ------------------------------------------------------------------ playing
    def play(
        self, move: Move | str, *, player: int | None = None, stock: Sequence[str] | None = None
    ) -> Played:
        """Play `move` for the player to move (checked to be `player`, if given); say what it did.

        An illegal move raises IllegalMoveError saying why; the game is left as it was.
        `stock`: replaying a record, the reshuffled stock recorded with a move that
        completes a stack (checked to hold exactly the right cards; RecordError if not).
        """
        if type(move) is not Move:
            try:
                move = Move.parse(move)  # type: ignore[arg-type]
            except InvalidMoveError as e:
                raise NotAMoveError(str(e)) from None
        _check_player(player)
        if self._result is not None or (player is not None and player != self._player):
            raise IllegalMoveError(self.why_illegal(move, player) or "")
        # the direct legality test: cheap, and only on failure do we build the reason
        p = self._player
        card = move.card
        src = move._src
        if src == 1:
            ok = card in self._hands[p]
        elif src == 0:
            pay = self._payoffs[p]
            ok = bool(pay) and pay[-1] is card
        else:
            side = self._sides[p][src - 2]
            ok = bool(side) and side[-1] is card
        tgt = move._tgt
        if ok and tgt < 3:
            ok = fits(card, len(self._centers[tgt]), self._ks)
        if not ok:
            if self._watcher is not None:
                self._watcher.moving(self, move)
            raise IllegalMoveError(self.why_illegal(move) or f"{move} is not legal here")
        stock_after = self._check_stock(move, stock) if stock is not None else None
        watcher = self._watcher
        if watcher is None:
            return self._apply(move, stock_after)
        watcher.moving(self, move)
        played = self._apply(move, stock_after)
        watcher.moved(self, played, None)
        return played

    def watch(self, watcher: GameWatcher | None) -> None:
        """Tell `watcher` about every move and take-back from now on (None: stop). A game has
        one watcher, the table showing it: a new one replaces the old."""
        self._watcher = watcher

    @property
    def watcher(self) -> GameWatcher | None:
        """What is told about this game's moves (the table showing it), or None."""
        return self._watcher

    def completes(self, move: Move | str) -> bool:
        """Would `move` complete a center stack (sending it back to the stock)?"""
        m = move if isinstance(move, Move) else Move.parse(move)
        return m._tgt < 3 and completes(len(self._centers[m._tgt]))

    def _check_stock(self, move: Move, stock: Sequence[str]) -> list[Card]:
        """A recorded reshuffle for `move`: refused unless it completes a stack and the
        stock holds the old stock's cards and the completed stack's."""
        if not self.completes(move):
            raise RecordError(f"{move} completes no center stack, so it must not carry a stock")
        try:
            cards = [Card(c) for c in stock]
        except ValueError as e:
            raise RecordError(f"the stock after {move.target} was completed: {e}") from None
        should = [*self._stock, *self._centers[move._tgt], move.card]
        if sorted(cards) != sorted(should):  # the same multiset (sorting is C-fast; replays do this)
            raise RecordError(
                f"the stock after {move.target} was completed must hold the {len(should)} cards "
                f"of the old stock and the completed stack, reshuffled; it holds other cards"
            )
        return cards

    def _apply(self, move: Move, stock_after: Sequence[Card] | None) -> Played:
        """Apply a move already known to be legal (`stock_after`: a record's reshuffle)."""
        p = self._player
        card = move.card
        src = move._src
        tgt = move._tgt
        hand = self._hands[p]
        hand_index = -1
        if src == 1:
            hand_index = hand.index(card)
            del hand[hand_index]
        elif src == 0:
            self._payoffs[p].pop()
        else:
            self._sides[p][src - 2].pop()
        completed = old_stock = rng_state = None
        stock = self._stock
        if tgt < 3:
            center = self._centers[tgt]
            center.append(card)
            if is_complete(len(center)):
                completed = center
                self._centers[tgt] = []
                old_stock = stock[:]
                stock.extend(center)
                if stock_after is None:
                    rng_state = self._rng.getstate()
                    self._rng.shuffle(stock)
                else:
                    stock[:] = stock_after
                self._stocks[self._ply] = tuple(stock)
        else:
            self._sides[p][tgt - 3].append(card)
        drawer = p
        drawn = 0
        if src == 0 and not self._payoffs[p]:
            self._result = Result(p, len(self._payoffs[1 - p]), "payoff-emptied")
        elif tgt >= 3 or not hand:
            if tgt >= 3:  # the turn passes; the next player draws up to a full hand
                drawer = self._player = 1 - p
                hand = self._hands[drawer]
            while len(hand) < HAND_SIZE:
                if not stock:
                    self._result = Result(None, 0, "stock-exhausted")
                    break
                hand.append(stock.pop())
                drawn += 1
        self._history.append(_Undo(move, p, hand_index, completed, old_stock, rng_state, drawer, drawn))
        self._ply += 1
        # built straight from the tuple: every move returns one, so it must cost next to nothing
        return _new_tuple(
            Played,
            (
                move,
                p,
                move.target if completed is not None else None,
                drawer,
                tuple(hand[-drawn:]) if drawn else (),
                tgt >= 3,
                self._result,
            ),
        )

    def undo(self) -> Move:
        """Take back the last move exactly (draws and reshuffles included); return it."""
        if not self._history:
            raise IllegalMoveError("there is no move to take back")
        watcher = self._watcher
        if watcher is not None:
            watcher.moving(self, None)
        h = self._history.pop()
        self._ply -= 1
        self._result = None
        hand = self._hands[h.drawer]
        for _drawn in range(h.drawn):
            self._stock.append(hand.pop())
        self._player = p = h.player
        move = h.move
        tgt = move._tgt
        if tgt < 3:
            if h.completed is not None:
                # copies: a Game.copy() shares history entries with this game
                self._centers[tgt] = h.completed[:]
                self._stock = h.old_stock[:]  # type: ignore[index]
                if h.rng_state is not None:
                    self._rng.setstate(h.rng_state)
                self._stocks.pop(self._ply, None)
            self._centers[tgt].pop()
        else:
            self._sides[p][tgt - 3].pop()
        src = move._src
        if src == 1:
            self._hands[p].insert(h.hand_index, move.card)
        elif src == 0:
            self._payoffs[p].append(move.card)
        else:
            self._sides[p][src - 2].append(move.card)
        self._notes.pop(self._ply, None)
        if watcher is not None:
            watcher.moved(self, None, move)
        return move

    def __getstate__(self) -> dict[str, Any]:
        """Pickled and deep-copied without its watcher (a table is no part of the game)."""
        return {k: getattr(self, k) for k in Game.__slots__ if k != "_watcher"}

    def __setstate__(self, state: dict[str, Any]) -> None:
        for k, v in state.items():
            setattr(self, k, v)
        self._watcher = None

    def copy(self) -> Game:
        """An independent copy, generator included (bots and tools search on copies)."""
        g = Game.__new__(Game)
        g._deck = self._deck
        g._start = self._start
        g._rules = self._rules
        g._ks = self._ks
        g.players = self.players
        g.first_player = self.first_player
        g._rng = random.Random()
        g._rng.setstate(self._rng.getstate())
        g._payoffs = [self._payoffs[0][:], self._payoffs[1][:]]
        g._hands = [self._hands[0][:], self._hands[1][:]]
        g._sides = [[s[:] for s in self._sides[0]], [s[:] for s in self._sides[1]]]
        g._centers = [c[:] for c in self._centers]
        g._stock = self._stock[:]
        g._player = self._player
        g._ply = self._ply
        g._result = self._result
        g._history = self._history[:]
        g._stocks = dict(self._stocks)
        g._notes = {k: dict(v) for k, v in self._notes.items()}
        g.meta = json.loads(json.dumps(self.meta))
        g._watcher = None  # a copy is nobody's table
        return g

    # ------------------------------------------------------------------ annotations
    def annotate(self, number: int, comment: str | None = None, mark: str | None = None) -> None:
        """Set (or with "" clear) the comment and mark of move `number` (1-based)."""
        number = self._check_number(number)
        if mark is not None and mark != "" and mark not in MARKS:
            raise ValueError(f"a mark must be one of {' '.join(MARKS)}, not {mark!r}")
        if comment is not None and not isinstance(comment, str):
            raise ValueError(f"a comment must be text, not {comment!r}")
        note = self._notes.setdefault(number - 1, {})
        for key, value in (("comment", comment), ("mark", mark)):
            if value == "":
                note.pop(key, None)
            elif value is not None:
                note[key] = value
        if not note:
            del self._notes[number - 1]

    def set_eval(self, number: int, chances: dict[str, float] | None) -> None:
        """Set (or with None clear) the `eval` of move `number`: each player's chance of
        winning after it, {"p0": ..., "p1": ...} (RULES.md)."""
        number = self._check_number(number)
        note = self._notes.setdefault(number - 1, {})
        if chances is None:
            note.pop("eval", None)
        else:
            note["eval"] = records.check_eval(chances)
        if not note:
            del self._notes[number - 1]

    def annotation(self, number: int) -> dict[str, Any]:
        """A copy of what move `number` (1-based) carries besides the move: comment, mark,
        eval, side lines (`variations`) and any `x-...` keys, as in the record."""
        n = whole(number)
        note = self._notes.get(n - 1) if n is not None else None
        if not note:
            return {}
        return {k: v if isinstance(v, str) else json.loads(json.dumps(v)) for k, v in note.items()}

    def set_annotation(self, number: int, note: dict[str, Any]) -> None:
        """Replace everything move `number` carries besides the move (as `annotation` gives
        it). Checked as a record's reader checks a move entry: only comment, mark, eval,
        variations and `x-...` keys, JSON data only, and side lines legal from the position
        before the move (played on a copy); ValueError for anything else, and nothing changes,
        so that what `save` writes `load` reads back."""
        number = self._check_number(number)
        self._keep_note(number, records.check_move_note(note, number, lambda: self._before(number)))

    def _keep_note(self, number: int, note: dict[str, Any]) -> None:
        """Store a note already checked (the record reader checks it as it replays)."""
        if note:
            self._notes[number - 1] = json.loads(json.dumps(note))
        else:
            self._notes.pop(number - 1, None)

    def _before(self, number: int) -> Game:
        """A copy of the game at the position before move `number` (1-based, checked)."""
        g = self.copy()
        while g._ply >= number:
            g.undo()
        return g

    def opponent_left(self) -> tuple[int, int, int] | None:
        """The center stacks' sizes when the player to move began this turn, as the other
        player left them (public: both saw it), which what they hold is judged from; None in a
        game from the deal where the other player has not played yet. A game from a position
        knows its moves from there on only."""
        sizes = [len(c) for c in self._centers]
        for h in reversed(self._history):
            if h.player != self._player:
                return (sizes[0], sizes[1], sizes[2])
            tgt = h.move._tgt
            if tgt < 3:
                sizes[tgt] = len(h.completed) - 1 if h.completed is not None else sizes[tgt] - 1
        if self._start is None and self._ply == len(self._history):
            return None  # back at the deal: the other player has made no move
        return (sizes[0], sizes[1], sizes[2])

    def stock_after(self, number: int) -> tuple[Card, ...] | None:
        """The stock right after move `number` (1-based) reshuffled a completed stack, or None."""
        return self._stocks.get(number - 1)

    def mover(self, number: int) -> int:
        """Who played move `number` (1-based)."""
        number = self._check_number(number)
        return self._history[number - 1 - (self._ply - len(self._history))].player

    def _check_number(self, number: int) -> int:
        """`number` as an int, if this game has a move `number` (1-based)."""
        n = whole(number)
        if n is None or not self._ply - len(self._history) < n <= self._ply:
            moves = "1 move" if self._ply == 1 else f"{self._ply} moves"
            raise ValueError(f"there is no move {number!r}: this game has {moves}")
        return n

    # ------------------------------------------------------------------ records
    def to_record(self) -> dict[str, Any]:
        """The game in the RULES.md record format; `Game.from_record` reads it back exactly."""
        return records.write_game(self)

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> Game:
        """Replay and check a record; RecordError names the move and the reason."""
        return records.read_game(record)

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the record as JSON."""
        records.write_json(path, self.to_record())

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Game:
        """Read and check a record written by `save` (or any writer of the format)."""
        return records.read_game(records.read_json(path))

    # ------------------------------------------------------------------ display
    def __repr__(self) -> str:
        if self._result is not None:
            status = self._result.describe(self.players)
        else:
            status = f"{self.players[self._player]} to move"
        return f"<Game {self.players[0]!r} v {self.players[1]!r}, ply {self._ply}: {status}>"

    def _repr_svg_(self) -> str:
        return self.state.to_svg(names=self.players)


__all__ = [
    "MARKS",
    "PAYOFF_SIZE",
    "RANK_OF",
    "Game",
    "GameWatcher",
    "IllegalMoveError",
    "Played",
    "RecordError",
]
