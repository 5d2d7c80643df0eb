"""`TableSession`: a match at a card table, without any user interface.

Everything a table decides lives here: the match and its games, the computer's seat and
its turn stepped one move at a time, two players at one screen (the *cover*: the hand of
the player to move is not sent until "Show my hand"), which moves may be taken back,
hints, and every sentence of the status line. `SpiteWidget` keeps only what a notebook
needs on top: synced traits, a lock, the thread that paces the computer, and the
browser's messages. So the session is tested without a widget, and it imports no
anywidget, ipywidgets or traitlets (an import-linter contract says so).

The session watches its game (`Game.watch`): a move or a take-back made on `game` by any
caller, `w.game.play(...)` included, is checked and told about exactly as a click's is.
Whoever shows the table (the widget) may take the watcher's place and call `check` and
`record` itself, around its own lock.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final, NamedTuple

from ...bots import BOT_NAMES, Bot, get_bot
from ...bots.expert import ExpertBot, opponent_left
from ...bots.protocol import BotError, BotLike, bot_name, check_answer, is_spec
from ...engine.cards import STACK_COMPLETE, card_words, the_card
from ...engine.errors import IllegalMoveError
from ...engine.game import DEFAULT_PLAYERS, Game, GameWatcher, Played
from ...engine.i18n import N_, _, ngettext
from ...engine.match import Match
from ...engine.moves import Move
from ...engine.names import shown_names
from ...engine.narrate import pile_words, symbols_in_words
from ...engine.state import GameState, PlayerView
from ...engine.whole import seat
from ..protocol import (
    ACTIONS,
    LastMove,
    Score,
    StatusKind,
    TableView,
    as_moves,
    last_move,
    table_view,
)
from .summary import SHORT_ENOUGH, STATUS_ROOM, TurnMove, summarize_turn

_CARD: Final = re.compile(r"(?:10|[A2-9JQK])[♣♦♥♠]")
"""A card as the bots' explanations name it (A♦, 10♣)."""


_SOURCE_WORDS = {"P": N_("your pay-off card"), "H": N_("from your hand")}


class Say(NamedTuple):
    """A status line: the text, its kind, and the same in words for screen readers."""

    text: str
    kind: StatusKind
    words: str
    quiet: bool = False
    """Shown but not read aloud (`Status.quiet`): a move the turn's summary will say again."""


class Frame(NamedTuple):
    """What a table shows at one moment, built from one view of the game."""

    table: TableView
    legal: list[str]
    """The bottom player's legal moves, or [] when they cannot move now."""
    actions: dict[str, bool]
    """Which buttons can act: every name of `protocol.ACTIONS`."""
    score: Score
    busy: bool
    can_move: bool


def say(text: str, kind: StatusKind, words: str | None = None) -> Say:
    """A status line whose words are its text unless told otherwise."""
    return Say(text, kind, words or text)


class TableSession:
    """A match of Spite & Malice at one table: against the computer, or two players at one screen."""

    def __init__(
        self,
        opponent: str | BotLike | None = "greedy",
        seed: int | None = None,
        *,
        kings_start_stacks: bool = False,
        target: int = 50,
        game: Game | None = None,
        players: Sequence[str] | None = None,
        human: int = 0,
    ) -> None:
        if isinstance(opponent, str) and opponent not in BOT_NAMES and not is_spec(opponent):
            raise ValueError(
                f"opponent must be one of {', '.join(BOT_NAMES)}, None, a module:MyBot spec, an object "
                f"with choose(view) or a function of the view, not {opponent!r}"
            )
        human = seat(human, "human")
        self.opponent = opponent
        """The computer's level (or your own bot), or None for two players at one screen."""
        self.human = human
        """The seat of the person at the screen when playing the computer."""
        self.seed = seed
        self.bot: Bot | None = None if opponent is None else get_bot(opponent, seed=seed)
        """The computer player (None at one screen)."""
        self.computer: int | None = None if self.bot is None else 1 - human
        """The computer's seat, or None for two players at one screen."""
        self._hint_bot: Bot | None = None
        self.seq = 0
        """Counts the tables shown: bumped whenever the table changes (messages quote it)."""
        self.busy = False
        """True from the move that hands the computer its turn until that turn is over."""
        self.computer_moving = False
        """True while the computer's own move is being played (`computer_plays`)."""
        self.stalled = False
        """True once the computer has thought over one move for long (the widget says when):
        New match may then end its turn. A bot of your own may be slow, or stuck."""
        self.last: LastMove | None = None
        """The move just played, as the table shows it (None after a take-back or a new table)."""
        self._last_args: tuple[Move, int, tuple[int, ...], str] | None = None
        self.played: Played | None = None
        """What that move did (the cards it drew are marked on the table)."""
        self.said: Say | None = None
        """The status line after the last change made on the game itself (see `record`)."""
        self._undoable: list[int] = []
        """The plies after each of the player's moves that may still be taken back, in order."""
        self._drew_at: int | None = None
        """The ply right after this turn's refill of the player's hand: Undo stops there."""
        self._turn: list[TurnMove] = []
        """The computer's moves so far in its turn, summed up at its end."""
        self._shown_to: int | None = None
        """Two players at one screen: the player whose hand is in view (None: covered)."""
        self._watcher: GameWatcher = self
        self._view: PlayerView | None = None
        self._view_key: tuple[int, int, int, int] = (0, -1, -1, -1)
        if game is not None:
            if not isinstance(game, Game):
                raise TypeError(f"game must be a Game, not {type(game).__name__}")
            if players is not None:
                game.players = (str(players[0]), str(players[1]))
            elif game.players == DEFAULT_PLAYERS:  # a game dealt without names: the table's own
                game.players = _default_names(opponent, human)
            self.match = Match(target, seed, first_game=game)
        else:
            names = _default_names(opponent, human) if players is None else tuple(players)
            self.match = Match(target, seed, rules={"kings_start_stacks": kings_start_stacks}, players=names)
        """The match being played; `game` is its game in progress."""
        self.game.watch(self)

    # ------------------------------------------------------------------ who and what
    def names(self) -> tuple[str, str]:
        """The players' names as shown, in the language in force: the table's own English
        names ("You", "Greedy bot", "Player 1", a Game's "Player 0") are translated, any other
        name is shown as given."""
        return shown_names(self.match.players)

    @property
    def game(self) -> Game:
        """The live game on the table."""
        return self.match.game

    @property
    def state(self) -> GameState:
        """A frozen snapshot of the whole table (hidden cards included)."""
        return self.match.game.state

    @property
    def covered(self) -> bool:
        """Two players at one screen, before "Show my hand": the hand of the player to move is
        not shown, nor are their legal moves (always False against the computer)."""
        return self.bot is None and self._shown_to != self.game.current_player

    @property
    def bottom(self) -> int:
        """Who sits at the bottom: the person against the computer, else the player to move."""
        return self.human if self.bot is not None else self.game.current_player

    @property
    def computer_to_move(self) -> bool:
        """The computer's turn is on (and the game goes on)."""
        return (
            self.computer is not None and not self.game.is_over and self.game.current_player == self.computer
        )

    def view(self) -> PlayerView:
        """What the player at the bottom may see now (built once per table shown: a record,
        the status line and the frame of one move all read it)."""
        game = self.game
        key = (id(game), game.ply, self.seq, self.bottom)
        if self._view_key != key or self._view is None:
            self._view = game.view(key[3])
            self._view_key = key
        return self._view

    def watch_with(self, watcher: GameWatcher) -> None:
        """Let `watcher` (the widget, around its lock) watch this session's games in its place:
        it must call `check` and `record` as the session's own `moving` and `moved` do."""
        self._watcher = watcher
        self.game.watch(watcher)

    # ------------------------------------------------------------------ every change to the game
    def moving(self, game: Game, move: Move | None) -> None:
        """GameWatcher: refuse what a click would not be allowed to do."""
        self.check(game, move)

    def moved(self, game: Game, played: Played | None, undone: Move | None) -> None:
        """GameWatcher: say what happened."""
        if self.on_table(game):
            self.said = self.record(game, played, undone)

    def on_table(self, game: Game) -> bool:
        """Whether `game` is the one on the table; a game the match has left behind (dealt
        past with `match.next_game()` directly) is let go of and changes nothing here."""
        if game is self.game:
            return True
        if game.watcher is self._watcher:
            game.watch(None)
        return False

    def check(self, game: Game, move: Move | None) -> None:
        """Raise IllegalMoveError unless `move` (None: a take-back) may be made on the table now.

        As on the screen: nobody moves during the computer's turn but the computer, and only
        the player's own moves of the turn in progress may be taken back."""
        if self.computer_moving or game is not self.game:
            return
        if move is None:
            if not self._undo_allowed():
                if self.stopped_by_draw():
                    raise IllegalMoveError(
                        "nothing to take back: moves made before drawing cannot be taken back"
                    )
                raise IllegalMoveError("nothing to take back: only your own moves in this turn can be undone")
        elif self.busy:
            raise IllegalMoveError("wait: the computer is playing its turn")
        elif self.computer is not None and game.current_player == self.computer:
            raise IllegalMoveError("it is the computer's turn")

    def record(self, game: Game, played: Played | None, undone: Move | None) -> Say:
        """Take in a move just played (`played`) or taken back (`undone`): the table, the
        cover, what may be taken back, the computer's turn; return the status line."""
        self.seq += 1
        if played is None:
            assert undone is not None
            self._undoable.pop()
            if self._turn:
                self._turn.pop()
            self.last = self.played = None
            card = undone.card
            return Say(
                _("Took back {card} ({move}).").format(card=card.display, move=undone),
                "info",
                _("Took back {the_card}.").format(the_card=the_card(card)),
            )
        move, player = played.move, played.player
        if played.turn_passed:
            self._shown_to = None  # cover the table until the next player is at the screen
        sizes = _sizes_before(self.view(), played)
        who = "You" if self.computer is not None and player == self.human else self.names()[player]
        self.last = last_move(move, player, sizes, who)
        self._last_args = (move, player, sizes, who)
        self.played = played
        drew = played.drawer == player and bool(played.drawn)  # an emptied hand refilled
        over = game.is_over
        if played.turn_passed or drew or over or player == self.computer:
            self._undoable.clear()
        else:
            self._undoable.append(game.ply)
        if played.turn_passed:
            self._drew_at = None
        elif drew and not over:
            self._drew_at = game.ply
        if self.computer is not None:
            self.busy = self.computer_to_move
        text, words = self.last["text"], self.last["words"]
        self._turn.append(TurnMove(move, sizes, drew))
        if played.turn_passed or over:
            # say the whole turn, not only its last move: the computer's went by fast, and at
            # one screen the next player looked away while it was played
            if player == self.computer or self.computer is None:
                left = self.view().payoff_counts[player]
                after = self.end_text() if over else self.turn_text()
                text, words = summarize_turn(
                    self._turn,
                    self.names()[player],
                    left,
                    person=player != self.computer,
                    short_enough=SHORT_ENOUGH if player == self.computer else STATUS_ROOM - 2 - len(after),
                )
            self._turn = []
        if over:
            end = self.end_text()
            return Say(f"{text}. {end}", "over", f"{words}. {end}")
        if played.turn_passed:
            turn = self.turn_text()
            return Say(f"{text}. {turn}", "turn", f"{words}. {turn}")
        more = _(" and drew 5 new cards") if drew else ""
        # the new cards are seen: what the player played before them stands (said once, here)
        stop = (
            " " + _("Moves made before drawing can no longer be taken back.")
            if drew and player != self.computer
            else ""
        )
        # a screen reader hears the new cards too (the player's own, on the screen): without
        # them it had to visit the hand card by card to learn what it now holds
        more_words = (
            _(" and drew 5 new cards: {cards}").format(cards=", ".join(card_words(c) for c in played.drawn))
            if drew and player != self.computer
            else more
        )
        return Say(
            text + more + "." + stop, "info", words + more_words + "." + stop, quiet=player == self.computer
        )

    # ------------------------------------------------------------------ the player's actions
    def play(self, move: Move | str, player: int | None = None) -> Played:
        """Play `move` for `player` (default: whoever is to move); IllegalMoveError says why not."""
        return self.game.play(move, player=player)

    def undo(self) -> Move:
        """Take back the player's last move of this turn; IllegalMoveError when there is none."""
        return self.game.undo()

    def can_undo(self) -> bool:
        """Whether the Undo button acts now (never on a covered table)."""
        return not self.covered and self._undo_allowed()

    def stopped_by_draw(self) -> bool:
        """Whether Undo is off only because the player's hand was refilled in this turn."""
        return (
            not self.busy
            and not self.game.is_over
            and self._drew_at is not None
            and not self._undoable
            and self._drew_at == self.game.ply
        )

    def _undo_allowed(self) -> bool:
        return (
            not self.busy
            and not self.game.is_over
            and bool(self._undoable)
            and self._undoable[-1] == self.game.ply
        )

    def hint(self) -> tuple[Say, str]:
        """The expert's move for the player at the bottom, and why (status line, move); the
        move is "" with an error when it is not their turn."""
        view = self.game.view(self.bottom)
        if not view.is_my_turn:
            return say(_("A hint is for your own turn."), "error"), ""
        if self._hint_bot is None:
            # the reviewer's seed: a move the Hint suggests is never marked by the review
            self._hint_bot = ExpertBot(seed=0)
        bot = self._hint_bot
        advise = getattr(bot, "advise", None)  # the expert's; another bot (a test's) chooses
        with opponent_left(self.game.ply, self.game.opponent_left()):  # as the review will judge it
            move: Move = advise(view) if callable(advise) else bot.choose(view)
        if move.source in _SOURCE_WORDS:
            source = _(_SOURCE_WORDS[move.source])
        else:
            source = _("from side stack {number}").format(number=move.source[1:])
        why = _sentence(bot.explain())  # the bots speak the language in force
        tail = f" {why}" if why else ""
        line = why[:1].lower() + why[1:]  # after "the expert"
        # read out, the expert's reasons name their cards in words too ("4♠" is "four of spades"),
        # with the articles a speaker gives them, and say who plays so ("the expert plays the
        # ace of diamonds to C1": "Juega as de diamantes" was heard as an order without one)
        heard = " " + symbols_in_words(_("The expert {line}").format(line=line), articles=True) if why else ""
        # screen readers hear the move in words first; the line after it names cards by symbol
        words = _("Hint: {the_card} ({source}) on {pile}.").format(
            the_card=the_card(move.card), source=source, pile=pile_words(move.target)
        )
        named = _CARD.search(why)
        if named is not None and named.group() == move.card.display:
            # the line starts with the move itself ("Plays A♦ to C2, ..."): show it once
            text = _("Hint ({source}): the expert {line}").format(source=source, line=line)
            return Say(text, "hint", words + heard), str(move)
        text = _("Hint: {card} ({source}) on {pile}.").format(
            card=move.card.display, source=source, pile=move.target
        )
        return Say(text + tail, "hint", words + heard), str(move)

    def last_again(self) -> LastMove | None:
        """The last move's sentences again, in the language in force (after a change of language)."""
        if self.last is None or self._last_args is None:
            return self.last
        return last_move(*self._last_args)

    def why_no_reveal(self) -> str | None:
        """Why "Show my hand" cannot act now (None: it can, or the hand is in view already)."""
        if self.bot is not None:
            return _("there is nothing to show: against the computer your hand is always in view")
        if self.game.is_over:
            return _("the game is over: there is no hand to show")
        return None

    def reveal(self) -> Say:
        """Lift the cover: the player to move sees their hand and can play."""
        self._shown_to = self.game.current_player
        self.seq += 1
        return say(self.turn_text(), "turn")

    def next_game(self) -> Say:
        """Deal the next game of the match (ValueError unless this one is over)."""
        old = self.game
        self.match.next_game()
        old.watch(None)
        return self._new_table(_("Game {number}. ").format(number=len(self.match.games)))

    def new_match(self) -> Say:
        """A new match, scores back to 0."""
        old = self.match
        seed = None if self.seed is None else self.seed + len(old.games) * 7919
        self.match = Match(old.target, seed, rules=self.game.rules, players=old.players)
        old.game.watch(None)
        return self._new_table(_("New match. "))

    def refresh(self) -> Say:
        """Start the table afresh on the game as it is (covered again at one screen)."""
        self._shown_to = None
        self.seq += 1
        self._undoable.clear()
        self._drew_at = None
        self.last = self.played = None
        return say(self.turn_text(), "turn")

    def _new_table(self, prefix: str) -> Say:
        self.game.watch(self._watcher)
        self._shown_to = None
        self.busy = self.stalled = False
        self._turn = []
        self.seq += 1
        self.last = self.played = None
        self._undoable.clear()
        self._drew_at = None
        return say(prefix + self.turn_text(), "turn")

    # ------------------------------------------------------------------ the computer's turn
    def start_computer_turn(self) -> Say | None:
        """The computer's turn begins: busy from now on; the status line if it was not yet said."""
        self._turn = []
        if self.busy:
            return None
        self.busy = True
        return say(self.turn_text(), "info")

    def computer_step(self) -> Played:
        """Play one move of the computer's turn (BotError, or any bot's error, if it fails)."""
        bot, view, ply = self.computer_asks()
        return self.computer_plays(bot.choose(view), ply)

    def computer_asks(self) -> tuple[Bot, PlayerView, int]:
        """What the computer chooses its next move with: its bot, its view, and the ply the
        move will be played at. The widget asks the bot without holding its lock."""
        assert self.bot is not None and self.computer_to_move
        return self.bot, self.game.view(self.game.current_player), self.game.ply

    def computer_plays(self, move: Move, ply: int) -> Played:
        """Play the move the computer chose at `ply` (BotError, or any bot's error, if it fails)."""
        assert self.computer_to_move and self.game.ply == ply
        seat = self.game.current_player
        check_answer(self.names()[seat], self.game, move)  # a bot may have changed its view
        self.stalled = False
        self.computer_moving = True
        try:
            return self.game.play(move, player=seat)
        finally:
            self.computer_moving = False

    def still_thinking(self) -> Say:
        """The computer has thought over one move for long: New match may stop its turn."""
        self.stalled = True
        name = self.names()[self.game.current_player]
        return say(
            _("{name} is taking a long time to move… New match gives this game up.").format(name=name), "info"
        )

    def end_computer_turn(self) -> None:
        """The computer has finished: the buttons act again."""
        self.busy = False
        self.stalled = False

    def computer_failed(self, error: Exception) -> Say:
        """The computer could not move: the table is handed back to the player, told what
        went wrong but not the bot's own words (its answer, its exception's text), which may
        name a card it holds; `errors` keeps them whole."""
        self.busy = False
        self.computer_moving = False
        self.stalled = False
        shown = error.shown if isinstance(error, BotError) else f"it raised {type(error).__name__}"
        return say(  # this game cannot go on, and only a game over opens the next: New match
            _("The computer could not move ({error}). Start a new match.").format(error=shown.rstrip(".")),
            "error",
        )

    # ------------------------------------------------------------------ what is shown
    def frame(self) -> Frame:
        """The table, the legal moves, the buttons and the score, as the bottom player sees them."""
        game = self.game
        view = self.view()
        over = game.is_over
        covered = self.covered
        can_move = not self.busy and not covered and view.is_my_turn
        match = self.match
        score: Score = {
            "names": list(self.names()),
            "scores": match.scores,
            "target": match.target,
            "game": len(match.games),
            "match_over": match.is_over,
            "match_winner": match.winner,
        }
        actions = {
            "reveal": covered and not over,
            "hint": can_move,
            "undo": self.can_undo(),
            "next-game": not self.busy and over and not match.is_over,
            "new-match": not self.busy or self.stalled,
        }
        assert set(actions) == set(ACTIONS)
        table = table_view(
            view,
            names=self.names(),
            seq=self.seq,
            last=self.last,
            played=self.played,
            cover=covered,
            you=self.human if self.computer is not None else None,
            labels=True,
        )
        legal = as_moves(view.legal_moves()) if can_move else []
        return Frame(table, legal, actions, score, self.busy, can_move)

    def cover_text(self) -> str:
        name = self.names()[self.game.current_player]
        return _("{name}'s turn: pass the screen to {name}, then press Show my hand.").format(name=name)

    def turn_text(self, note: str = "") -> str:
        """Whose turn it is and how many pay-off cards they have to go (or how the game ended)."""
        game = self.game
        if game.is_over:
            return self.end_text()
        p = game.current_player
        if p == self.computer:
            return _("{name} is playing…").format(name=self.names()[p]) + note
        if self.covered:
            return self.cover_text() + note
        left = self.view().payoff_counts[p]
        if self.computer is not None:
            text = ngettext(
                "Your turn: you have {n} pay-off card to go.",
                "Your turn: you have {n} pay-off cards to go.",
                left,
            ).format(n=left)
        else:
            text = ngettext(
                "{name}, your turn: you have {n} pay-off card to go.",
                "{name}, your turn: you have {n} pay-off cards to go.",
                left,
            ).format(name=self.names()[p], n=left)
        return text + note

    def end_text(self) -> str:
        """How the game ended and where the match stands."""
        game, match = self.game, self.match
        names = self.names()
        outcome = game.outcome
        assert outcome is not None
        if outcome.winner is None:
            head = _("Draw: the stock ran out, nobody scores.")
        else:
            you = self.computer is not None and outcome.winner == self.human
            pts = outcome.points
            if you:
                head = ngettext(
                    "You emptied your pay-off pile and win {n} point.",
                    "You emptied your pay-off pile and win {n} points.",
                    pts,
                ).format(n=pts)
            else:
                head = ngettext(
                    "{name} emptied the pay-off pile and wins {n} point.",
                    "{name} emptied the pay-off pile and wins {n} points.",
                    pts,
                ).format(name=names[outcome.winner], n=pts)
        a, b = match.scores
        tally = _("{name0} {a} – {b} {name1} (first to {target})").format(
            name0=names[0], a=a, b=b, name1=names[1], target=match.target
        )
        if match.is_over:
            champ = match.winner
            assert champ is not None
            if self.computer is not None and champ == self.human:
                return _("{head} You win the match: {tally}.").format(head=head, tally=tally)
            return _("{head} {name} wins the match: {tally}.").format(
                head=head, name=names[champ], tally=tally
            )
        return _("{head} Match: {tally}. Next game when you are ready.").format(head=head, tally=tally)

    def review_label(self) -> str:
        """The heading over the replay of the finished game: which game, and how it ended."""
        outcome = self.game.outcome
        assert outcome is not None
        if outcome.winner is None:
            how = _("a draw, the stock ran out")
        else:
            pts = outcome.points
            how = ngettext("{name} won {n} point", "{name} won {n} points", pts).format(
                name=self.names()[outcome.winner], n=pts
            )
        return _("Replay of game {number}: {how}").format(number=len(self.match.games), how=how)


def _sizes_before(view: PlayerView, played: Played) -> tuple[int, ...]:
    """The center stacks' sizes before the move `played`, from a view just after it."""
    sizes = list(view.center_sizes())
    move = played.move
    if move.to_center:
        i = move.target_index
        sizes[i] = STACK_COMPLETE - 1 if played.completed else sizes[i] - 1
    return tuple(sizes)


def _sentence(text: str) -> str:
    """A bot's explanation as a sentence of its own: "ends the turn..." -> "Ends the turn...."."""
    text = text.strip()
    if not text:
        return ""
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


def _default_names(opponent: str | BotLike | None, human: int) -> tuple[str, str]:
    if opponent is None:
        return ("Player 1", "Player 2")
    names = ["", ""]
    names[human] = "You"
    if not isinstance(opponent, str):
        names[1 - human] = bot_name(opponent)  # your own bot, by its name
    elif is_spec(opponent):
        names[1 - human] = opponent.rpartition(":")[2]
    else:
        names[1 - human] = f"{opponent.capitalize()} bot"
    return (names[0], names[1])


__all__ = ["Frame", "Say", "TableSession", "say"]
