"""Your own bot, everywhere a built-in one goes.

The protocol is one method: any object with ``choose(view) -> Move | str`` is a bot. It is
given a `PlayerView` (only what its player may see) when it is its turn, and answers one
legal move: a `Move`, or the move's notation (``"H:7s>S4"``; a longer reply holding
exactly one move in the notation is read too, see `spite_widget.engine.textview.read_move`).
Two methods are optional:

- ``explain() -> str``: one line saying why the last move was chosen (shown by hints);
- ``rate(view, played) -> rating``: how good a played move was, for `annotate_with_bot`;
  the rating has ``best`` (the move it prefers), ``loss`` (how much worse the played move
  is, 0 for the best, on the scale of `spite_widget.bots.review.MISTAKE_MARKS`) and
  ``why`` (one line), like `Rating` below.

Example::

    class FirstMove:
        def choose(self, view):
            return view.legal_moves()[0]

    SpiteWidget(opponent=FirstMove())
    spite-arena mybots:FirstMove expert          # a module on the path, then the class
    SpiteEnv(opponent=FirstMove())               # spite_widget.env, the Gymnasium env

`as_bot` wraps such an object into a `Bot` that checks every answer: a bot that raises,
or answers something that is not a legal move, raises `BotError` naming the bot, the
move number and what went wrong (its `legal` holds the moves it could have answered). The arena counts that as a
forfeit and the widget says it in the status line; nothing waits on a broken bot.
"""

from __future__ import annotations

import functools
import importlib
import inspect
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeGuard, runtime_checkable

from ..engine.errors import IllegalMoveError, NotAMoveError
from ..engine.moves import Move
from ..engine.state import PlayerView
from ..engine.textview import read_move
from .base import Bot


@runtime_checkable
class BotLike(Protocol):
    """Anything with `choose(view) -> Move | str` is a bot."""

    def choose(self, view: PlayerView) -> Move | str: ...


@dataclass(frozen=True, slots=True)
class Rating:
    """What `rate(view, played)` answers: the move preferred, the cost of the one played
    (0 for the best; `review.mark_for(loss)` turns it into a mark) and one line of why."""

    best: Move
    loss: float
    why: str = ""


class BotError(RuntimeError):
    """A bot failed to move: it raised, or answered something that is not a legal move."""

    def __init__(
        self, bot: str, ply: int, problem: str, legal: Sequence[Move] = (), *, kind: str | None = None
    ) -> None:
        self.bot = bot
        """The bot's name."""
        self.ply = ply
        """Moves played before the failed one."""
        self.problem = problem
        """What went wrong, in plain words (short enough for a status line)."""
        self.kind = kind or problem
        """What went wrong without the bot's own words or answer (`problem` names them: its
        answer's card, its exception's text), for a screen that must not show its hand."""
        self.legal = tuple(legal)
        """The legal moves it could have answered."""
        super().__init__(f"{bot} failed at move {ply + 1}: {problem}")

    @property
    def shown(self) -> str:
        """The error as the other player may read it: "Bad failed at move 2: it answered a
        move that is not legal" (the answer, "H:3s>C1", would say a card it holds)."""
        return f"{self.bot} failed at move {self.ply + 1}: {self.kind}"


class MoveTimeout(BaseException):
    """A bot passed the arena's `move_limit` (a BaseException, so that a bot's own `except
    Exception` does not swallow it, and one that `ProtocolBot` lets through)."""


def bot_name(obj: object) -> str:
    """A short name for a bot object: its `name` attribute, a function's or a class's own
    name (not "function" or "type"), else its class name."""
    name = getattr(obj, "name", None)
    if isinstance(name, str) and name and name != "bot":
        return name
    inner = obj.func if isinstance(obj, functools.partial) else obj
    if inspect.ismethod(inner):  # agent.act: "Agent.act" (or the agent's own name, "expert.choose")
        return f"{bot_name(inner.__self__)}.{inner.__name__}"
    if inspect.isclass(inner) or inspect.isroutine(inner):
        own = str(getattr(inner, "__name__", "") or type(inner).__name__)
        return "lambda" if own == "<lambda>" else own
    return type(inner).__name__


def check_answer(name: str, game: Any, move: Move) -> None:
    """BotError unless the game itself takes `move`: a bot checked against the view it was
    given may have changed that view (its rules, its hand) before answering."""
    reason = game.why_illegal(move)
    if reason is not None:
        problem = f"answered {str(move)!r}, which is not legal: {reason}"
        raise BotError(
            name, game.ply, problem, game.legal_moves(), kind="it answered a move that is not legal"
        )


class ProtocolBot(Bot):
    """A bot of your own, wrapped: every answer is checked, every failure is a `BotError`."""

    def __init__(self, inner: BotLike, name: str | None = None) -> None:
        choose = getattr(inner, "choose", None)
        if not callable(choose):
            raise TypeError(
                f"{type(inner).__name__} is not a bot: a bot is an object with a choose(view) method "
                "that returns a Move or a move string such as 'H:7s>S4'"
            )
        super().__init__(seed=None)
        self.inner = inner
        """The object wrapped."""
        self.name = name or bot_name(inner)

    def choose(self, view: PlayerView) -> Move:
        """The inner bot's answer, checked to be a legal move of `view`."""
        if not view.is_my_turn:
            raise ValueError("the bot was asked to move, but it is not its turn or the game is over")
        try:
            answer = self.inner.choose(view)
        except (KeyboardInterrupt, MoveTimeout):  # the person at the keyboard, the arena's clock
            raise
        except BaseException as e:  # sys.exit(), an asyncio.CancelledError: the bot's failure
            called = (
                "calling it" if isinstance(self.inner, _FunctionBot) else "choose()"
            )  # what the user wrote
            kind = f"{called} raised {type(e).__name__}"
            problem = kind + (f": {e}" if str(e) else "")
            raise BotError(self.name, view.ply, problem, view.legal_moves(), kind=kind) from e
        if not isinstance(answer, Move | str):
            raise BotError(
                self.name,
                view.ply,
                f"choose() returned {type(answer).__name__} {answer!r}, not a Move or a move string",
                view.legal_moves(),
                kind=f"choose() returned {type(answer).__name__}, not a Move or a move string",
            )
        try:
            return read_move(view, answer)
        except IllegalMoveError as e:
            why = str(e).split(" Legal moves (", 1)[0]  # the list goes in BotError.legal
            verdict = "not legal"
            shape, is_not_a_move, reason = why.partition(" is not a move: ")
            if why.startswith(f"{answer} is not legal: "):
                why = why[len(f"{answer} is not legal: ") :]
            elif is_not_a_move and isinstance(e, NotAMoveError) and shape.startswith("'"):
                why, verdict = reason, "not a move"  # 'H:10s>C1' (quoted or not): the reason says why
            shown = str(answer) if len(str(answer)) <= 60 else str(answer)[:57] + "..."
            problem = f"answered {shown!r}, which is {verdict}: {why}"
            kind = f"it answered {'something that is not a move' if verdict == 'not a move' else 'a move that is not legal'}"
            raise BotError(self.name, view.ply, problem, view.legal_moves(), kind=kind) from e

    def explain(self) -> str:
        """The inner bot's `explain()`, or "" when it has none (or it fails)."""
        explain = getattr(self.inner, "explain", None)
        if not callable(explain):
            return ""
        try:
            text = explain()
        except Exception as e:
            return f"({self.name}.explain() raised {type(e).__name__}: {e})"
        return text if isinstance(text, str) else str(text)

    @property
    def can_rate(self) -> bool:
        """Whether the inner bot has `rate(view, played)` (so it can review games)."""
        return callable(getattr(self.inner, "rate", None))

    def rate(self, view: PlayerView, played: Move) -> Any:
        """The inner bot's rating of `played` (see the module docstring)."""
        rate = getattr(self.inner, "rate", None)
        if not callable(rate):
            raise TypeError(f"{self.name} cannot review games: it has no rate(view, move) method")
        return rate(view, played)

    def __repr__(self) -> str:
        return f"as_bot({self.inner!r})"


def load_bot(spec: str, seed: int | None = None) -> Any:
    """The object a `path.to.module:Name` spec names: a class is made (with `seed=seed` when
    it takes a seed), an object or a function is used as it is."""
    module_name, colon, attr = spec.partition(":")
    if not colon or not module_name or not attr:
        raise ValueError(f"{spec!r} is not a bot spec: write path.to.module:MyBot")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as e:
        if e.name is not None and (module_name == e.name or module_name.startswith(e.name + ".")):
            raise ValueError(f"cannot load bot {spec!r}: no module {module_name!r} ({e})") from None
        raise ValueError(f"cannot load bot {spec!r}: module {module_name!r} failed to import: {e}") from None
    except Exception as e:  # a SyntaxError in it, or code that raises as it loads: the user's to fix
        raise ValueError(
            f"cannot load bot {spec!r}: module {module_name!r} failed to import: {type(e).__name__}: {e}"
        ) from None
    try:
        obj: Any = module
        for part in attr.split("."):
            obj = getattr(obj, part)
    except AttributeError:
        raise ValueError(f"cannot load bot {spec!r}: module {module_name!r} has no {attr!r}") from None
    if inspect.isclass(obj):
        try:
            obj = _made(obj, seed)
        except Exception as e:
            raise ValueError(f"cannot load bot {spec!r}: {attr}() raised {type(e).__name__}: {e}") from e
    elif _is_function(obj):
        obj = _FunctionBot(obj, attr)
    return obj


def _made(cls: type, seed: int | None) -> Any:
    """An instance of a bot class, given `seed=seed` when it takes a seed."""
    try:
        takes_seed = "seed" in inspect.signature(cls).parameters
    except (TypeError, ValueError):  # pragma: no cover - builtins without a signature
        takes_seed = False
    maker: Any = cls
    return maker(seed=seed) if takes_seed else maker()


def _is_function(obj: object) -> bool:
    """Something called as `f(view) -> move`: a function, a bound method, a partial, or an
    object with `__call__` (not a class, and nothing with its own `choose`)."""
    return callable(obj) and not inspect.isclass(obj) and not callable(getattr(obj, "choose", None))


class _FunctionBot:
    """A plain function `f(view) -> Move | str` used as a bot."""

    def __init__(self, function: Any, name: str) -> None:
        self.function = function
        self.name = name

    def choose(self, view: PlayerView) -> Move | str:
        answer: Move | str = self.function(view)
        return answer


def _a_thing(obj: object) -> str:
    """What a spec named, in words: "the module os", "an int (3)"."""
    if inspect.ismodule(obj):
        return f"the module {obj.__name__}"
    shown = repr(obj)
    shown = shown if len(shown) <= 40 else shown[:37] + "..."
    kind = type(obj).__name__
    return f"{'an' if kind[:1].lower() in 'aeiou' else 'a'} {kind} ({shown})"


def is_spec(name: str) -> bool:
    """Does `name` look like a `path.to.module:MyBot` spec (rather than a level)?"""
    return ":" in name


def is_built_in(bot: object) -> TypeGuard[Bot]:
    """One of the package's own levels (not wrapped: its moves are legal by construction; its
    state copies, and its seed is `seed` and `rng`)."""
    return isinstance(bot, Bot) and type(bot).__module__.startswith("spite_widget.bots.")


def as_bot(bot: object, seed: int | None = None) -> Bot:
    """A `Bot` from a level name ("expert"), a `path.to.module:MyBot` spec, a built-in `Bot`,
    any object with `choose(view)` or a function `f(view)` (wrapped in a `ProtocolBot`)."""
    if isinstance(bot, str):
        if is_spec(bot):
            loaded = load_bot(bot, seed)
            if not callable(getattr(loaded, "choose", None)):
                raise TypeError(
                    f"{bot!r} names {_a_thing(loaded)}, which is not a bot: a bot is an object with a "
                    "choose(view) method that returns a Move or a move string such as 'H:7s>S4'"
                )
            return as_bot(loaded, seed)
        from . import get_bot

        return get_bot(bot, seed)
    if is_built_in(bot):
        return bot  # a built-in level: its moves are legal by construction
    if isinstance(bot, ProtocolBot):
        return bot
    if inspect.isclass(bot):  # FirstMove for FirstMove(): made as a `module:FirstMove` spec makes it
        if not callable(getattr(bot, "choose", None)):
            raise TypeError(
                f"{bot.__name__} is not a bot: a bot is an object with a choose(view) method "
                "that returns a Move or a move string such as 'H:7s>S4'"
            )
        try:
            made = _made(bot, seed)
        except Exception as e:
            raise ValueError(
                f"cannot make bot {bot.__name__}: {bot.__name__}() raised {type(e).__name__}: {e}"
            ) from e
        return as_bot(made, seed)
    if _is_function(bot):
        # a function f(view) -> move, as a `module:function` spec already gives one
        return ProtocolBot(_FunctionBot(bot, bot_name(bot)))
    return ProtocolBot(bot)  # type: ignore[arg-type]  # ProtocolBot checks for choose()


__all__ = [
    "BotError",
    "BotLike",
    "MoveTimeout",
    "ProtocolBot",
    "Rating",
    "as_bot",
    "bot_name",
    "check_answer",
    "is_built_in",
    "is_spec",
    "load_bot",
]
