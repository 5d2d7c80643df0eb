"""The lessons: scripted positions, each teaching one rule of RULES.md by doing it.

A lesson is a real `Game`: a chosen 104-card deck plus setup moves played by the engine,
so every position is reachable and every goal is checked by the engine, never by a mock.
The learner is player 0 in every lesson of the course (a puzzle's may be either) and is to move
when the lesson starts. A puzzle (`teach.puzzles`) starts from a position instead of a deal.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import cache

from ..engine.cards import ALL_CARDS, KING, RANK_OF, STACK_COMPLETE, Card, two_packs
from ..engine.errors import IllegalMoveError
from ..engine.game import Game, Played
from ..engine.i18n import _, get_language, language, ngettext
from ..engine.moves import InvalidMoveError, Move
from ..engine.rules import PAYOFF_SIZE
from ..engine.state import GameState
from .position import reaches_payoff
from .rulebook import RULES

MATCH_TARGET = 50
LESSON_OPPONENT = "Bo"
"""The other player of every lesson, by a name rather than a role: "Opponent" (in Spanish
"Rival", in Portuguese "Adversário") read as a bare name where the sentences put a name ("Those
are Opponent's cards", "São de Adversário"), and a role would need its own article in each."""
SAVE_SEED = 2
"""Seeds the reshuffle in the lesson where a completed stack saves the game (a 4 comes up)."""

GoalCheck = Callable[[Game, int], bool]
"""(game, ply at which the lesson started) -> is the goal met?"""


@dataclass(frozen=True)
class Goal:
    """What the learner must do, in words, and the engine-side test of it."""

    text: str
    """The goal as shown to the learner: "Play your pay-off card"."""
    check: GoalCheck = field(repr=False, compare=False)
    """Looks only at the game and its moves since the lesson's start."""
    failed: GoalCheck | None = field(default=None, repr=False, compare=False)
    """When given: says the goal can no longer be met (a puzzle's wrong first move), so a
    session need not search the rest of the turn to call the attempt failed."""
    why_failed: Callable[[Game, int], str | None] | None = field(default=None, repr=False, compare=False)
    """When given: why an attempt failed, in the learner's words (instead of the session's
    account of the cards, which stands where it answers None)."""

    def met(self, game: Game, start_ply: int) -> bool:
        return self.check(game, start_ply)


@dataclass(frozen=True)
class Lesson:
    """One lesson: a text quoting the rules, a scripted table, a goal, a hint and a solution."""

    id: str
    """A stable key, such as `kings-wild`."""
    title: str
    """A short heading."""
    text: str
    """Markdown: the rule quoted from RULES.md and what to do."""
    rules: tuple[str, ...]
    """Ids of the rules it teaches (keys of `spite_widget.teach.rulebook.RULES`)."""
    deck: tuple[str, ...]
    """The 104-card deal, as in a record."""
    setup: tuple[str, ...]
    """Moves played before the learner takes over (both players may move)."""
    goal: Goal
    """What the learner must achieve, checked by the engine."""
    hint: str
    """A nudge towards the goal, without giving it away."""
    solution: tuple[str, ...]
    """Moves that reach the goal from the lesson's start."""
    seed: int = 0
    """Seeds the reshuffle of completed stacks, so a lesson replays the same way."""
    players: tuple[str, str] = ("You", LESSON_OPPONENT)
    """The players' names, by seat (the course's lessons put the learner first)."""
    learner: int = 0
    """Who the learner plays (the player to move at the start)."""
    scores: tuple[int, int] | None = None
    """Match totals before this game, for the lesson about the match."""
    kings_start_stacks: bool = False
    """The rule option in force (the lesson about the option turns it on)."""
    lang: str = "en"
    """The language its words are in; a `LessonSession` speaks it too."""
    position: str | None = None
    """A start from a position (`GameState.to_text()`, a puzzle's) instead of a deal: `deck`
    and `setup` are then empty, and `seed` drives the reshuffles."""
    debrief: str = ""
    """Said once the goal is reached (a puzzle: the expert's line)."""

    def __post_init__(self) -> None:
        """Refuse a lesson that cannot be taught as written (a teacher's own, say): its
        Solution button would show an illegal move again and again, or run past its end."""
        where = f"lesson {self.id!r}"
        if self.position is not None:
            if self.deck or self.setup:
                raise ValueError(f"{where} starts from a position: give no deck or setup beside it")
            ks = GameState.from_text(self.position).rules.kings_start_stacks
            if ks != self.kings_start_stacks:
                raise ValueError(
                    f"{where}: kings_start_stacks={self.kings_start_stacks}, but its position says "
                    f"rules:{'k' if ks else '-'} (the position's rules are the lesson's)"
                )
        if self.learner not in (0, 1) or isinstance(self.learner, bool):
            raise ValueError(f"{where}: learner must be 0 or 1, not {self.learner!r}")
        for step, text in enumerate(self.solution, start=1):
            try:
                Move.parse(text)  # as the session reads it: the notation of RULES.md
            except InvalidMoveError as e:
                raise ValueError(f"{where}: solution step {step}: {e}") from None
        game, _played = self.opening()
        start = game.ply
        if game.is_over:
            raise ValueError(f"{where}: its game is over before the learner moves")
        if game.current_player != self.learner:
            raise ValueError(
                f"{where}: the learner is player {self.learner}, but player {game.current_player} is to move at the start"
            )
        if self.goal.met(game, start):
            raise ValueError(f"{where}: its goal is met before the learner moves")

    def solution_problem(self) -> str | None:
        """Why the solution does not reach the goal from the start (an illegal step, too few
        moves), or None when it does: a teacher's check of a lesson of their own."""
        game, _played = self.opening()
        start = game.ply
        for step, text in enumerate(self.solution, start=1):
            if self.goal.met(game, start):
                return None  # reached before its last steps: the session stops there too
            try:
                game.play(Move.parse(text))
            except (InvalidMoveError, IllegalMoveError) as e:
                return _("step {step}, {move}, cannot be played: {reason}").format(
                    step=step, move=text, reason=e
                )
        if not self.goal.met(game, start):
            n = len(self.solution)
            return ngettext("it stops after {count} move", "it stops after {count} moves", n).format(count=n)
        return None

    def new_game(self) -> Game:
        """A fresh Game at the lesson's starting position (the setup already played)."""
        return self.opening()[0]

    def opening(self) -> tuple[Game, Played | None]:
        """A fresh Game at the lesson's starting position, and what the setup's last move did
        (None without a setup): the cards the learner drew with it are new on the table."""
        if self.position is not None:
            state = GameState.from_text(self.position)
            return Game.from_state(state, seed=self.seed, players=self.players), None
        game = Game.new(
            seed=self.seed,
            deck=self.deck,
            players=self.players,
            rules={"kings_start_stacks": self.kings_start_stacks},
        )
        played = None
        for move in self.setup:
            played = game.play(move)
        return game, played

    def goal_met(self, game: Game, start_ply: int | None = None) -> bool:
        """Has `game` met the goal since the lesson's start (by default: after the setup)?"""
        if start_ply is None:
            start_ply = GameState.from_text(self.position).ply if self.position else len(self.setup)
        return self.goal.met(game, start_ply)


# ---------------------------------------------------------------------------- goals


def moves_since(game: Game, start: int) -> tuple[Move, ...]:
    """The moves played since ply `start` (a game begun from a position holds only those)."""
    n = game.ply - start
    return game.moves[len(game.moves) - n :] if n > 0 else ()


def payoff_played(game: Game, start: int) -> bool:
    """The learner played a pay-off card."""
    return any(m.source == "P" for m in moves_since(game, start))


def payoff_played_no_draw(game: Game, start: int) -> bool:
    """A pay-off card was played and the game was not drawn for want of stock."""
    result = game.result
    return payoff_played(game, start) and not (result and result["reason"] == "stock-exhausted")


def won(game: Game, start: int) -> bool:
    """The learner (player 0) emptied the pay-off pile."""
    return game.winner == 0 and game.ply > start


def completed_with_king(game: Game, start: int) -> bool:
    """A King completed a center stack (the engine keeps the new stock of each completing move)."""
    numbers = range(start + 1, game.ply + 1)
    return any(
        m.card.is_king and game.stock_after(n) is not None
        for n, m in zip(numbers, moves_since(game, start), strict=True)
    )


def tidy_end(game: Game, start: int) -> bool:
    """The turn ended with nothing left to play to the center and a discard that buries nothing."""
    moves = moves_since(game, start)
    if not moves or not moves[-1].ends_turn:
        return False
    before = game.copy()
    last = before.undo()
    state = before.state
    if any(m.source == "H" and m.to_center for m in state.legal_moves()):
        return False
    return not buries(state.sides[state.current_player][last.target_index], last.card)


def buries(side: Sequence[Card], card: Card) -> bool:
    """Does `card` put on side stack `side` cover one of the player's cards? Not on an empty
    stack, nor on a card one rank higher (a King's own rank is never used: it is covered)."""
    return bool(side) and (RANK_OF[side[-1]] == KING or RANK_OF[side[-1]] != RANK_OF[card] + 1)


def opponent_can_reach_payoff(state: GameState, opponent: int) -> bool:
    """Can `opponent` play their pay-off card with what everybody sees: their side stacks alone?

    Their hand is hidden, so a careful player judges by the pay-off top and the side stacks
    (every card of them is in view): nothing the learner cannot see is used.
    """
    top = state.payoffs[opponent][-1] if state.payoffs[opponent] else None
    sizes = tuple(len(c) for c in state.centers)
    return reaches_payoff(top, state.sides[opponent], sizes, state.rules.kings_start_stacks)


def blocked(game: Game, start: int) -> bool:
    """The learner played to the center, then ended the turn leaving the opponent no visible way
    to their pay-off card."""
    moves = moves_since(game, start)
    if not moves or not moves[-1].ends_turn or game.is_over:
        return False
    if not any(m.to_center for m in moves):
        return False
    return not opponent_can_reach_payoff(game.state, 1)


def _match_won(scores: tuple[int, int]) -> GoalCheck:
    def check(game: Game, start: int) -> bool:
        return won(game, start) and scores[0] + game.points >= MATCH_TARGET

    return check


# ---------------------------------------------------------------------------- decks


def build_deck(
    *,
    payoff0: Sequence[str] = (),
    payoff1: Sequence[str] = (),
    hand0: Sequence[str] = (),
    hand1: Sequence[str] = (),
    draws: Sequence[str] = (),
    placed: dict[int, str] | None = None,
) -> tuple[str, ...]:
    """A deal with the named cards where a lesson needs them and the rest in a fixed order.

    Pay-off piles are given top first, `draws` in the order they leave the stock;
    `placed` puts cards at exact deck indexes (deck[50:] is the stock, bottom to top).
    """
    pool = Counter(two_packs())
    wanted = [*payoff0, *payoff1, *hand0, *hand1, *draws, *(placed or {}).values()]
    for card in wanted:
        if pool[Card(card)] == 0:
            raise ValueError(f"the lesson deck uses {card} more than twice")
        pool[Card(card)] -= 1
    # the filler: high cards first, so what the opponent draws rarely matters to a lesson
    filler = [c for c in sorted(ALL_CARDS, key=lambda c: (-RANK_OF[c] % 13, c)) for _n in range(pool[c])]
    filler.reverse()

    def take(n: int) -> list[str]:
        return [filler.pop() for _n in range(n)]

    def pile(top_first: Sequence[str], size: int) -> list[str]:
        return take(size - len(top_first)) + list(reversed(top_first))

    deck = pile(payoff0, PAYOFF_SIZE) + pile(payoff1, PAYOFF_SIZE)
    deck += list(hand0) + take(5 - len(hand0)) + list(hand1) + take(5 - len(hand1))
    stock = take(54 - len(draws) - len(placed or {})) + list(reversed(draws))
    for index, card in sorted((placed or {}).items()):
        stock.insert(index - 50, card)
    return tuple(deck + stock)


def _quote(*rule_ids: str) -> str:
    return "\n".join(f"> {_(RULES[r].quote)}\n>" for r in rule_ids).rstrip(">\n")


# ---------------------------------------------------------------------------- the lessons


def _build_from_ace() -> Lesson:
    return Lesson(
        id="build-from-ace",
        title=_("Building from the Ace"),
        text=(
            _(
                "Your aim in Spite & Malice is to get rid of your **pay-off pile**: only its top card "
                "is face up, and it can only go onto a **center stack**.\n\n"
            )
            + _quote("build-up")
            + _("\n\nYour pay-off card is a 3. Start a center stack and build it up to the 3.")
        ),
        rules=("layout", "build-up", "moves"),
        deck=build_deck(payoff0=["3s"], hand0=["Ah", "2c", "9d", "Jc", "6s"]),
        setup=(),
        goal=Goal(_("Play your pay-off card."), payoff_played),
        hint=_("An empty center stack needs an Ace. What does a stack holding one card need?"),
        solution=("H:Ah>C1", "H:2c>C1", "P:3s>C1"),
    )


def _kings_wild() -> Lesson:
    return Lesson(
        id="kings-wild",
        title=_("Kings are wild"),
        text=(
            _("There is no 3 in your hand, but there is a King.\n\n")
            + _quote("kings-wild", "king-no-start")
            + _("\n\nBuild up to your pay-off 4, letting the King stand in for the missing card.")
        ),
        rules=("kings-wild", "king-no-start", "kings-start-option"),
        deck=build_deck(payoff0=["4d"], hand0=["As", "2h", "Kc", "8h", "9c"]),
        setup=(),
        goal=Goal(_("Play your pay-off card, using the King."), payoff_played),
        hint=_("A King cannot start a stack. What would a King count as on a stack that needs a 3?"),
        solution=("H:As>C1", "H:2h>C1", "H:Kc>C1", "P:4d>C1"),
    )


def _side_stacks() -> Lesson:
    return Lesson(
        id="side-stacks",
        title=_("Side stacks"),
        text=(
            _(
                "Last turn you put a 5 on your side stack S2 (a hand card put on a side stack ends "
                "your turn), and your opponent built C1 up to 4.\n\n"
            )
            + _quote("side-top")
            + _(
                "\n\nThe top card of a side stack plays to the center just like a hand card. "
                "Your pay-off card is a 6: get it out."
            )
        ),
        rules=("side-top", "moves"),
        deck=build_deck(
            payoff0=["6h"],
            hand0=["9d", "Jc", "Qh", "8c", "5s"],
            hand1=["Ac", "2c", "3c", "4c", "Td"],
            draws=["7c"],
        ),
        setup=("H:5s>S2", "H:Ac>C1", "H:2c>C1", "H:3c>C1", "H:4c>C1", "H:Td>S1"),
        goal=Goal(_("Play your pay-off card."), payoff_played),
        hint=_("C1 needs a 5. Is there a 5 on top of one of your side stacks?"),
        solution=("S2:5s>C1", "P:6h>C1"),
    )


def _end_turn() -> Lesson:
    return Lesson(
        id="end-turn",
        title=_("Ending your turn wisely"),
        text=(
            _(
                "A turn lasts as long as you like, and you cannot pass: unless the game ends first, "
                "it ends only when you put a hand card on one of your side stacks.\n\n"
            )
            + _quote("end-turn")
            + _(
                "\n\nPlay what you can to the center first. Then choose the discard: a card put "
                "on a side stack buries the card below it until it is played itself. Putting a card "
                "on one a rank higher (an 8 on a 9) buries nothing, because later you can play the "
                "8 and then the 9. A King is never one rank higher: its own rank is never used."
            )
        ),
        rules=("end-turn", "turn-passes", "draw", "side-top"),
        deck=build_deck(
            payoff0=["Ts"],
            hand0=["9c", "Qd", "5s", "7h", "8d"],
            hand1=["Th", "Jh", "3s", "6d", "2s"],
            draws=["Ah", "9h", "2h", "6c", "Js", "Qs", "4c"],
        ),
        setup=("H:9c>S1", "H:2s>S1", "H:Qd>S2", "H:9h>S2", "H:5s>S3", "H:6c>S3", "H:7h>S4", "H:Qs>S4"),
        goal=Goal(
            _(
                "Play every hand card that can go to the center, then end your turn with a discard that "
                "buries nothing."
            ),
            tidy_end,
        ),
        hint=_(
            "Which of your cards can go to the center first? Then which one sits one rank below a "
            "side-stack top?"
        ),
        solution=("H:Ah>C1", "H:2h>C1", "H:8d>S1"),
    )


def _why_draw_unused(game: Game, start: int) -> str | None:
    """Why a draw attempt failed: the pay-off card the drawn cards could reach stayed put
    (None at a dead end within the turn: the session says what the last move spent)."""
    if game.current_player == 0 and not game.is_over:
        return None
    # the goal is a pay-off card played: failed, the learner's pay-off top is still the one it began with
    reason = _("your pay-off {card} could have been played this turn with the cards you drew").format(
        card=game.state.payoffs[0][-1].display
    )
    return _("Your turn is over and the goal was not reached: {reasons}.").format(reasons=reason)


def _draw() -> Lesson:
    return Lesson(
        id="draw",
        title=_("Each turn begins by drawing up to five"),
        text=(
            _("You ended your last turn with two cards in your hand, the J\u2665 and the Q\u2666.\n\n")
            + _quote("draw")
            + _(
                "\n\nSo this turn began with three cards from the stock: the 3\u2665, the K\u2665 and the "
                "5\u2666 are new. You never choose them and cannot see the stock's order, so the cards "
                "you keep, in your hand or on your side stacks, are the only ones you can count on "
                "next turn. Use the new cards: play your pay-off card."
            )
        ),
        rules=("draw", "hidden"),
        deck=build_deck(
            payoff0=["5s"],
            hand0=["Ac", "2c", "9s", "Jh", "Qd"],
            hand1=["Ad", "8d"],
            draws=["3h", "Kh", "5d"],
        ),
        setup=("H:Ac>C1", "H:2c>C1", "H:9s>S1", "H:Ad>C2", "H:8d>S1"),
        goal=Goal(_("Play your pay-off card."), payoff_played, why_failed=_why_draw_unused),
        hint=_("The cards you drew are the way: after the 3, what can stand for the 4?"),
        solution=("H:3h>C1", "H:Kh>C1", "P:5s>C1"),
    )


def _refill() -> Lesson:
    return Lesson(
        id="refill",
        title=_("An empty hand is refilled"),
        text=(
            _("Your pay-off card is a 7 and your hand runs from the Ace to the 5.\n\n")
            + _quote("refill")
            + _("\n\nPlay your whole hand to the center and see what you draw.")
        ),
        rules=("refill",),
        deck=build_deck(
            payoff0=["7c"],
            hand0=["Ah", "2s", "3d", "4c", "5h"],
            draws=["Jd", "6s", "Qc", "9h", "8s"],
        ),
        setup=(),
        goal=Goal(_("Empty your hand, then play your pay-off card."), payoff_played),
        hint=_("Your hand runs in order from the Ace. What happens the moment your hand is empty?"),
        solution=("H:Ah>C1", "H:2s>C1", "H:3d>C1", "H:4c>C1", "H:5h>C1", "H:6s>C1", "P:7c>C1"),
    )


def _complete_stack() -> Lesson:
    first = ["Ac", "2d", "3h", "4s", "5c"]
    second = ["6d", "7h", "8s", "9c", "Th"]
    return Lesson(
        id="complete-stack",
        title=_("A completed stack goes back to the stock"),
        text=(
            _("C1 has been built from the Ace up to the 10: two more cards complete it.\n\n")
            + _quote("complete", "kings-wild")
            + _("\n\nComplete C1 with a King and watch the stock grow by 12 cards.")
        ),
        rules=("complete", "kings-wild"),
        deck=build_deck(
            payoff0=["3c"],
            hand0=first,
            draws=[*second, "Jc", "Kh", "4d", "7d", "9h"],
        ),
        setup=tuple(f"H:{c}>C1" for c in first + second),
        goal=Goal(_("Complete a center stack with a King."), completed_with_king),
        hint=_("C1 holds 10 cards and needs a Jack. Once the Jack is on, a King counts as the Queen."),
        solution=("H:Jc>C1", "H:Kh>C1"),
        seed=3,
    )


_RUN = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q"]
_SUITS = "cdhs"


def _payoff_run(lengths: Sequence[int]) -> list[str]:
    """Pay-off cards that play straight onto C1 (top first): A..Q completes it, then again."""
    cards = []
    for n in lengths:
        cards += [r + _SUITS[i % 4] for i, r in enumerate(_RUN[:n])]
    return cards


def _win() -> Lesson:
    payoff = [*_payoff_run([12, 6]), "8c", "9d"]
    setup = tuple(f"P:{c}>C1" for c in payoff[:18])
    return Lesson(
        id="win",
        title=_("Winning and scoring"),
        text=(
            _("You have played 18 of your 20 pay-off cards; two are left.\n\n")
            + _quote("win")
            + _(
                "\n\nYour opponent has not played a single pay-off card. Empty your pile and count "
                "your points."
            )
        ),
        rules=("win",),
        deck=build_deck(payoff0=payoff, hand0=["7s", "3c", "Jd", "Tc", "4h"]),
        setup=setup,
        goal=Goal(_("Win the game."), won),
        hint=_("C1 needs a 7. After your pay-off 8 the last pay-off card is turned up: look at it."),
        solution=("H:7s>C1", "P:8c>C1", "P:9d>C1"),
        seed=5,
    )


def _stock_out() -> Lesson:
    hand0 = ["Ad", "2d", "3d", "4d", "Jd"]
    hand1 = ["Ac", "2c", "3c", "Qh", "Qd"]
    # the learner's last draw (the 52nd card to leave the stock) is placed at deck[52]
    deck = build_deck(payoff0=["5s"], hand0=hand0, hand1=hand1, placed={52: "5h"})
    setup = _discard_down_to(deck, stock_left=2)
    return Lesson(
        id="stock-out",
        title=_("When the stock runs out"),
        text=(
            _("Many turns later, the stock holds only 2 cards.\n\n")
            + _quote("stock-out", "refill")
            + _(
                "\n\nIf you empty your hand now, you must draw 5 cards but only 2 are there: the game "
                "ends at once as a draw and nobody scores. Play your pay-off 5 without emptying your hand."
            )
        ),
        rules=("stock-out", "refill", "draw"),
        deck=deck,
        setup=setup,
        goal=Goal(_("Play your pay-off card before the stock runs out."), payoff_played_no_draw),
        hint=_("C2 already holds the Ace, 2 and 3. Which card of yours does it need?"),
        solution=("H:4d>C2", "P:5s>C2"),
    )


def _discard_down_to(
    deck: Sequence[str],
    stock_left: int,
    opening: Sequence[str] = ("H:Jd>S1", "H:Ac>C2", "H:2c>C2", "H:3c>C2", "H:Qd>S1"),
) -> tuple[str, ...]:
    """Setup moves: the opening (by default player 1 builds C2 from A to 3), then both players
    discard their newest card, turn after turn.

    Stops when player 0 is to move with `stock_left` cards in the stock.
    """
    game = Game.new(seed=0, deck=deck)
    moves = list(opening)
    for m in moves:
        game.play(m)
    turns = [1, 1]
    while not (game.current_player == 0 and len(game.state.stock) <= stock_left):
        p = game.current_player
        card = game.state.hands[p][-1]
        move = f"H:{card}>S{turns[p] % 4 + 1}"
        turns[p] += 1
        game.play(move)
        moves.append(move)
    return tuple(moves)


def _match() -> Lesson:
    payoff = [*_payoff_run([12, 7]), "Jh"]
    return Lesson(
        id="match",
        title=_("The match to 50"),
        text=(
            _("This is one game of a match. Before it, you had 31 points and your opponent 46.\n\n")
            + _quote("match")
            + _(
                "\n\nThe starting player alternates from game to game. Your opponent still holds all "
                "20 pay-off cards, so winning this game scores 20 and takes you past 50."
            )
        ),
        rules=("match", "win", "kings-wild"),
        deck=build_deck(payoff0=payoff, hand0=["8c", "9s", "Kd", "4h", "2s"]),
        setup=tuple(f"P:{c}>C1" for c in payoff[:19]),
        goal=Goal(_("Win the game, and with it the match."), _match_won((31, 46))),
        hint=_("Your last pay-off card is a Jack. C1 needs an 8: how far can your hand take it?"),
        solution=("H:8c>C1", "H:9s>C1", "H:Kd>C1", "P:Jh>C1"),
        seed=9,
        scores=(31, 46),
    )


# ---------------------------------------------------------------------------- how to play


def _king_on_ten() -> Lesson:
    first = ["Ac", "2d", "3h", "4s", "5c"]
    second = ["6d", "7h", "8s", "9c", "Th"]
    return Lesson(
        id="king-on-ten",
        title=_("A King on a Ten is a Jack"),
        text=(
            _("C1 has been built up to the 10. Your pay-off card is a Queen, and you have no Jack.\n\n")
            + _quote("kings-wild")
            + _(
                "\n\nSome printed rules say a King on a Ten becomes a Queen. If it did, your Queen "
                "could never follow it. Here the King stands for the card the stack needs next: the "
                "Jack. Use that to get your pay-off Queen out."
            )
        ),
        rules=("king-on-ten", "kings-wild", "king-own-rank"),
        deck=build_deck(payoff0=["Qs"], hand0=first, draws=[*second, "Kh", "3d", "7d", "9h", "4s"]),
        setup=tuple(f"H:{c}>C1" for c in first + second),
        goal=Goal(_("Play your pay-off Queen."), payoff_played),
        hint=_("C1 holds ten cards. Which card does it need next, and which of yours can stand for it?"),
        solution=("H:Kh>C1", "P:Qs>C1"),
        seed=4,
    )


def _dig_out() -> Lesson:
    return Lesson(
        id="dig-out",
        title=_("Only the top of a side stack plays"),
        text=(
            _(
                "Your pay-off card is a 6 and C1 needs a 5. There is a 5 in your side stack S1, but it "
                "lies under a 2.\n\n"
            )
            + _quote("side-top")
            + _(
                "\n\nYou cannot reach under the top card. Play the top card somewhere first: then "
                "the card below it is the top, and it plays."
            )
        ),
        rules=("side-top", "build-up"),
        deck=build_deck(
            payoff0=["6h"],
            hand0=["5c", "2d", "9s", "Jc", "Qh"],
            hand1=["Ac", "2c", "3c", "4c", "Td"],
            draws=["8h", "Ad", "Jh", "Qs", "9c", "8c", "7s"],
        ),
        setup=(
            "H:5c>S1",
            "H:Ac>C1",
            "H:2c>C1",
            "H:3c>C1",
            "H:4c>C1",
            "H:Td>S1",
            "H:2d>S1",
            "H:Ad>C2",
            "H:Jh>S1",
        ),
        goal=Goal(_("Play your pay-off card."), payoff_played),
        hint=_("The 5 is not on top of S1. Where could the card above it go?"),
        solution=("S1:2d>C2", "S1:5c>C1", "P:6h>C1"),
    )


def _build_down() -> Lesson:
    return Lesson(
        id="build-down",
        title=_("Side stacks that unwind; keep your King"),
        text=(
            _(
                "Nothing in your hand can go to the center, so you must end your turn with a discard. "
                "All four side stacks hold cards.\n\n"
            )
            + _quote("side-top", "king-own-rank")
            + _(
                "\n\nBuild each side stack downward: a card one rank below the top (a 7 on an 8) "
                "buries nothing, and the stack later plays back in order, 7, 8, 9. A King is wild "
                "on a center stack, so keep it in your hand rather than discard it. One already on a "
                "side stack, like the K♥ on S2, still plays to a center stack later, but only while "
                "nothing covers it: its own rank is never used, so even a Queen on it buries it. End "
                "your turn without burying anything."
            )
        ),
        rules=("side-top", "king-own-rank", "end-turn"),
        deck=build_deck(
            hand0=["9c", "Kh", "5h", "Tc", "8d"],
            hand1=["Jc", "Jd", "Js", "Jh", "Qd"],
            draws=["Kd", "9d", "7s", "9h", "Qc", "8s", "2h", "8c", "6c"],
        ),
        setup=(
            "H:9c>S1",
            "H:Jc>S1",
            "H:Kh>S2",
            "H:Jd>S2",
            "H:5h>S3",
            "H:Js>S3",
            "H:Tc>S4",
            "H:Jh>S4",
            "H:8d>S1",
            "H:Qd>S1",
        ),
        goal=Goal(_("End your turn with a discard that buries nothing."), tidy_end),
        hint=_("Look at the top of each side stack. Which of your cards is exactly one rank below one?"),
        solution=("H:7s>S1",),
    )


def _who_sees() -> Lesson:
    return Lesson(
        id="who-sees",
        title=_("What each player sees, and whose piles are whose"),
        text=(
            _(
                "You see your own hand, both pay-off top cards, every card of both players' side "
                "stacks and the center stacks. You do not see your opponent's hand, the pay-off "
                "cards below the tops, or the order of the stock; your opponent sees as little of "
                "yours.\n\n"
            )
            + _quote("hidden", "no-other-move")
            + _(
                "\n\nYour pay-off card is a 5. C1 needs a 3 and then a 4: you hold the 3, and a 4 "
                "lies on top of your opponent's side stack S1. It is theirs: nothing moves from or "
                "onto your opponent's piles. Get your pay-off card out with your own cards."
            )
        ),
        rules=("hidden", "no-other-move", "kings-wild"),
        deck=build_deck(
            payoff0=["5h"],
            hand0=["Ac", "2c", "9h", "3c", "Kc"],
            hand1=["4d"],
            draws=["Jd", "Qs", "7s"],
        ),
        setup=("H:Ac>C1", "H:2c>C1", "H:9h>S1", "H:4d>S1"),
        goal=Goal(_("Play your pay-off card."), payoff_played),
        hint=_("The 4 on the other side of the table is not yours. Which of your cards can be any rank?"),
        solution=("H:3c>C1", "H:Kc>C1", "P:5h>C1"),
    )


def _blocking() -> Lesson:
    return Lesson(
        id="blocking",
        title=_("Do not build for your opponent"),
        text=(
            _(
                "Look across the table: your opponent's pay-off card is the 7\u2663 and the top of "
                "their side stack S1 is the 6\u2666. You cannot see their hand, but you can see "
                "these.\n\n"
            )
            + _quote("hidden", "build-up")
            + _(
                "\n\nIf a center stack were built up to 5, your opponent could play the 6\u2666 and "
                "then their 7\u2663. So do not leave a stack one below their pay-off card, nor one "
                "below a side-stack card that leads to it. (When your own pay-off pile is nearly empty, "
                "your race may be worth more than the block: weigh it.) Play a card to the center "
                "where it helps nobody, then end your turn."
            )
        ),
        rules=("hidden", "build-up", "end-turn"),
        deck=build_deck(
            payoff0=["Th"],
            payoff1=["7c"],
            hand0=["Ac", "2c", "3c", "4c", "8h"],
            hand1=["Ad", "6d"],
            draws=["5s", "2h", "9h", "Jd", "Qc"],
        ),
        setup=("H:Ac>C1", "H:2c>C1", "H:3c>C1", "H:4c>C1", "H:8h>S1", "H:Ad>C2", "H:6d>S1"),
        goal=Goal(
            _(
                "Play a card to the center and end your turn without opening the way to your "
                "opponent's pay-off card."
            ),
            blocked,
        ),
        hint=_(
            "Before each card you play, ask: what would this stack need next, and does your opponent show it?"
        ),
        solution=("H:2h>C2", "H:9h>S2"),
    )


def payoff_played_then_blocked(game: Game, start: int) -> bool:
    """The learner played a pay-off card, then ended the turn leaving the opponent no visible
    way to theirs."""
    return payoff_played(game, start) and blocked(game, start)


def _why_race_lost(game: Game, start: int) -> str | None:
    """Why a race-first attempt failed: the pay-off card held back, or the stack left open
    (None at a dead end within the turn: the session says what the last move spent)."""
    if game.current_player == 0 and not game.is_over:
        return None
    # the opponent's pay-off top cannot change in the learner's turn, nor the learner's own
    # unless a pay-off card was played (and then `mine` is not said)
    mine, theirs = game.state.payoffs[0][-1], game.state.payoffs[1][-1]
    if not payoff_played(game, start):
        reason = _(
            "your pay-off {card} could still have been played this turn, and its stack covered after it"
        ).format(card=mine.display)
    else:
        reason = _(
            "{name} can now reach their pay-off {card} with cards you can see; a card of yours on top "
            "of your pay-off card would have blocked it"
        ).format(name=game.players[1], card=theirs.display)
    return _("Your turn is over and the goal was not reached: {reasons}.").format(reasons=reason)


def _race_first() -> Lesson:
    return Lesson(
        id="race-first",
        title=_("Your pay-off card first, then the block"),
        text=(
            _(
                "Your pay-off card is the 6\u2665 and C1 needs a 5: you hold the 5\u2660. Your "
                "opponent's pay-off card is the 7\u2663.\n\n"
            )
            + _quote("win", "hidden")
            + _(
                "\n\nPlaying your 6\u2665 leaves C1 one below their 7\u2663, which the last lesson "
                "warned against. You need not choose between your race and the block: play your pay-off "
                "card, then put a card of your own on top of it, and C1 no longer needs their 7. End "
                "your turn with nothing left open."
            )
        ),
        rules=("win", "hidden", "build-up"),
        deck=build_deck(
            payoff0=["6h", "Qs"],
            payoff1=["7c"],
            hand0=["Ac", "2c", "3c", "4c", "Tc"],
            hand1=["Ad", "Jd"],
            draws=["5s", "7d", "9c", "Jh", "Ts"],
        ),
        setup=("H:Ac>C1", "H:2c>C1", "H:3c>C1", "H:4c>C1", "H:Tc>S1", "H:Ad>C2", "H:Jd>S1"),
        goal=Goal(
            _(
                "Play your pay-off card, then end your turn without opening the way to your "
                "opponent's pay-off card."
            ),
            payoff_played_then_blocked,
            why_failed=_why_race_lost,
        ),
        hint=_("Reach your pay-off card, then look for a card of yours that can follow it on C1."),
        solution=("H:5s>C1", "P:6h>C1", "H:7d>C1", "H:9c>S1"),
    )


def _complete_saves() -> Lesson:
    hand0 = ["Ac", "2c", "3c", "4c", "5c"]
    hand1 = ["Ah", "2h", "3h", "Qc", "Qd"]
    draws = ["6d", "7d", "8d", "9d", "Td", "Jd", "Qh", "As", "2s", "8s"]
    deck = build_deck(payoff0=["5s"], hand0=hand0, hand1=hand1, draws=draws, placed={52: "3d"})
    opening = (
        *(f"H:{c}>C1" for c in hand0 + draws[:5]),
        "H:8s>S1",
        "H:Ah>C2",
        "H:2h>C2",
        "H:3h>C2",
        "H:Qc>S1",
    )
    return Lesson(
        id="complete-saves",
        title=_("A completed stack saves the game"),
        text=(
            _(
                "Only 2 cards are left in the stock. Your pay-off card is a 5, C2 needs a 4, and you "
                "have no 4: you must empty your hand and draw.\n\n"
            )
            + _quote("stock-out", "complete")
            + _(
                "\n\nEmptying your hand now would need 5 cards from a stock of 2: a draw. But a "
                "completed stack goes back into the stock. Complete C1 first, and the stock is big "
                "enough to refill your hand."
            )
        ),
        rules=("complete", "stock-out", "refill"),
        deck=deck,
        setup=_discard_down_to(deck, stock_left=2, opening=opening),
        goal=Goal(_("Play your pay-off card without the game ending as a draw."), payoff_played_no_draw),
        hint=_("How many cards does C1 still need to be complete, and do you hold them?"),
        solution=("H:Jd>C1", "H:Qh>C1", "H:As>C1", "H:2s>C1", "H:3d>C1", "H:4c>C1", "P:5s>C1"),
        seed=SAVE_SEED,
    )


def _kings_start() -> Lesson:
    return Lesson(
        id="kings-start",
        title=_("When a King may start a stack"),
        text=(
            _(
                "This game is played with an option turned on. By default a King cannot start an "
                "empty stack:\n\n"
            )
            + _quote("king-no-start", "kings-start-option")
            + _(
                "\n\nWith the option on, a King on an empty center stack counts as the Ace. Your "
                "pay-off card is a 2 and you have no Ace."
            )
        ),
        rules=("kings-start-option", "king-no-start"),
        deck=build_deck(payoff0=["2s"], hand0=["Kh", "9c", "Jd", "Qs", "7h"]),
        setup=(),
        goal=Goal(_("Play your pay-off card."), payoff_played),
        hint=_("No stack holds a card yet. What could start one for you in this game?"),
        solution=("H:Kh>C1", "P:2s>C1"),
        kings_start_stacks=True,
    )


@cache
def _all(lang: str) -> tuple[Lesson, ...]:
    """The lessons with their words in `lang` (built once per language)."""
    with language(lang):
        built = _build_all()
    return tuple(replace(x, lang=lang) for x in built)


def _build_all() -> tuple[Lesson, ...]:
    return (
        _build_from_ace(),
        _kings_wild(),
        _side_stacks(),
        _king_on_ten(),
        _dig_out(),
        _end_turn(),
        _draw(),
        _build_down(),
        _refill(),
        _complete_stack(),
        _win(),
        _stock_out(),
        _complete_saves(),
        _who_sees(),
        _blocking(),
        _race_first(),
        _kings_start(),
        _match(),
    )


def lessons(lang: str | None = None) -> list[Lesson]:
    """Every lesson, in teaching order (building from the Ace first, the match last).

    `lang` ("en", "es", "pt") picks the language of their words; by default the one in force.
    """
    with language(lang):
        return list(_all(get_language()))


def lesson(lesson_id: str, lang: str | None = None) -> Lesson:
    """The lesson with this id (in `lang`, by default the language in force)."""
    found = lessons(lang)
    for item in found:
        if item.id == lesson_id:
            return item
    raise KeyError(f"no lesson {lesson_id!r}; the lessons are {', '.join(x.id for x in found)}")


__all__ = [
    "MATCH_TARGET",
    "STACK_COMPLETE",
    "Goal",
    "Lesson",
    "build_deck",
    "lesson",
    "lessons",
    "moves_since",
]
