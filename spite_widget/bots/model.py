"""The expert's evaluation: the chance of winning, losing and drawing the game from a position.

A position is scored where the expert's turn search stops: right after its turn-ending
discard (or where a chance event cuts the line: a new pay-off top, five fresh cards). The
search measures a few things there from the player's own view (pay-off cards left on each
side, the sampled chance that the opponent plays their pay-off card next turn, our chance of
reaching ours, the stock against the pay-off cards still to play, Kings kept...), and a
multinomial logistic model turns them into (win, lose, draw). The coefficients were fitted on
positions from self-play games by `scripts/fit_eval_model.py` and ship in `eval_model.json`
beside this module; `benchmarks/calibration.py` shows how well they match what then happened.

The logistic model's raw chances are then recalibrated (`Recalibration`), separately for the
moments chances are told: where a line of the turn ends (plans, hints), after a move within a
turn as a review stores it (rated by the expert's best line after the move, which a weaker
mover does not play: raw, about 7 points hopeful for the mover) and between turns
(`expert.evaluate` when the opponent is to move). Between
turns the raw model favoured the player whose view it was by about 11 points, so a review's
evaluation graph rose at the end of each player's own turn and fell at the end of the
other's. The maps were fitted on what then happened in bot games by
`scripts/fit_recalibration.py` and ship in `eval_recalibration.json`.
"""

from __future__ import annotations

import bisect
import itertools
import json
import math
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Final, Literal

FEATURES: Final = (
    "bias",
    "my_left",
    "opp_left",
    "threat",
    "threat_closing",
    "reach",
    "reach_closing",
    "stock",
    "pace",
    "kings",
    "discard_fit",
    "refill",
    "my_sides",
    "opp_sides",
    "inv_my_left",
    "inv_opp_left",
)
"""The model's inputs, in order (see `TurnSearch.features` for how each is measured)."""

MODEL_FILE: Final = Path(__file__).with_name("eval_model.json")
RECALIBRATION_FILE: Final = Path(__file__).with_name("eval_recalibration.json")

Moment = Literal["line", "between", "review"]
"""Where chances are told: at the end of a line of the turn, between turns, or after a move
within a turn as a review stores it (where the best line after the move ends)."""
MOMENTS: Final[tuple[Moment, ...]] = ("line", "between", "review")
Use = Literal["line", "between", "review", "choice"]
"""What chances are for: told at a moment, or weighed by the expert's choices ("choice":
where a line ends, for the pay check and the look-ahead's judge; see `EvalModel.choice_map`)."""
USES: Final[tuple[Use, ...]] = (*MOMENTS, "choice")


@dataclass(frozen=True, slots=True)
class Leaf:
    """What the search measures where a line of its turn stops (the model's raw inputs)."""

    my_left: int
    """Our pay-off cards still to play (at least 1: playing the last one is a won game)."""
    opp_left: int
    threat: float
    """The sampled chance that the opponent plays their pay-off card next turn."""
    reach: float
    """Our chance of reaching our pay-off card (or the unseen next one) next turn."""
    stock: int
    kings: int
    """Kings in our hand."""
    fit: float
    """How well the turn-ending discard sits on its side stack (the old scores' units)."""
    refill: bool
    """The line empties the hand: five fresh cards, and the turn goes on."""
    my_sides: int
    opp_sides: int
    """Cards in our and in their side stacks."""
    run: float = 0.0
    """After a pay-off card played in this line: the chance that the next one, unseen yet,
    can be played in the same turn with the cards we hold (a pay-off card often runs on)."""


def vector(leaf: Leaf, with_threat: bool = True) -> list[float]:
    """The model's inputs for a leaf, in the order of FEATURES (without the threat and the
    reach for a mixture model, which plays them out as chance nodes instead)."""
    my = max(1, leaf.my_left)
    op = max(1, leaf.opp_left)
    threat = leaf.threat if with_threat else 0.0
    reach = leaf.reach if with_threat else 0.0
    return [
        1.0,
        my / 20.0,
        op / 20.0,
        threat,
        threat * 0.5 ** (op - 1),
        reach,
        reach * 0.5 ** (my - 1),
        leaf.stock / 50.0,
        min(6.0, leaf.stock / min(my, op)) / 6.0,
        float(leaf.kings),
        leaf.fit / 10.0,
        1.0 if leaf.refill else 0.0,
        leaf.my_sides / 20.0,
        leaf.opp_sides / 20.0,
        1.0 / my,
        1.0 / op,
    ]


@dataclass(frozen=True, slots=True)
class Chances:
    """One player's chances in a game: of winning, of losing and of a draw (they sum to 1)."""

    win: float
    lose: float
    draw: float

    @property
    def score(self) -> float:
        """What the expert maximises: win minus lose (a draw is worth nothing to either)."""
        return self.win - self.lose

    def flipped(self) -> Chances:
        """The same chances from the other player's side."""
        return Chances(self.lose, self.win, self.draw)


WON: Final = Chances(1.0, 0.0, 0.0)
LOST: Final = Chances(0.0, 1.0, 0.0)
DRAWN: Final = Chances(0.0, 0.0, 1.0)


Knots = tuple[tuple[float, float], ...]
"""A piecewise-linear map of [0, 1] onto itself: (raw, calibrated) points, raw increasing."""

_RAW: ContextVar[bool] = ContextVar("raw_chances", default=False)


@contextmanager
def raw_chances() -> Iterator[None]:
    """Within this block the shipped model tells its raw chances, not recalibrated.

    For fitting the recalibration: it maps raw chances, so it is fitted on raw ones, taken
    through the very code paths (a review, `evaluate`) whose chances it will correct.
    """
    token = _RAW.set(True)
    try:
        yield
    finally:
        _RAW.reset(token)


def _check_knots(knots: Sequence[Sequence[float]], name: str) -> Knots:
    pts = tuple((float(a), float(b)) for a, b in knots)
    if len(pts) < 2 or pts[0] != (0.0, 0.0) or pts[-1] != (1.0, 1.0):
        raise ValueError(f"the {name} map must run from (0, 0) to (1, 1), not {pts!r}")
    for (a0, b0), (a1, b1) in itertools.pairwise(pts):
        if not (a1 > a0 and b1 >= b0):
            raise ValueError(f"the {name} map must rise: ({a0}, {b0}) then ({a1}, {b1})")
    return pts


def _through(knots: Knots, x: float) -> float:
    """`x` through a piecewise-linear map (clamped to [0, 1])."""
    x = min(1.0, max(0.0, x))
    i = bisect.bisect_left(knots, (x, -1.0))
    if i == 0:
        return knots[0][1]
    (a0, b0), (a1, b1) = knots[i - 1], knots[i]
    return b0 + (b1 - b0) * (x - a0) / (a1 - a0)


@dataclass(frozen=True, slots=True)
class Recalibration:
    """A monotone map of raw chances onto calibrated ones (one per moment).

    Two piecewise-linear maps, each rising from (0, 0) to (1, 1): one for the chance of
    winning, and one for the share of losing in what is left (lose / (lose + draw)). The
    draw takes the rest, so the three still sum to 1, a certainty stays a certainty, and a
    higher raw win (or lose share) never gives a lower calibrated one.
    """

    win: Knots
    lose_share: Knots

    def __post_init__(self) -> None:
        _check_knots(self.win, "win")
        _check_knots(self.lose_share, "lose share")

    def __call__(self, c: Chances) -> Chances:
        win = _through(self.win, c.win)
        rest = c.lose + c.draw
        share = _through(self.lose_share, c.lose / rest) if rest > 0.0 else 0.0
        lose = (1.0 - win) * share
        return Chances(win, lose, max(0.0, 1.0 - win - lose))

    def to_json(self) -> dict[str, object]:
        return {"win": [list(k) for k in self.win], "lose_share": [list(k) for k in self.lose_share]}

    @classmethod
    def from_json(cls, data: object) -> Recalibration:
        """Read a map written by `to_json` (ValueError on anything else)."""
        if not isinstance(data, dict):
            raise ValueError(f"a recalibration is a table with 'win' and 'lose_share', not {data!r}")
        tables = []
        for name in ("win", "lose_share"):
            knots = data.get(name)
            if not isinstance(knots, list) or not all(
                isinstance(k, list) and len(k) == 2 and all(isinstance(v, (int, float)) for v in k)
                for k in knots
            ):
                raise ValueError(f"a recalibration's {name!r} must be a list of [raw, calibrated] pairs")
            tables.append(_check_knots(knots, name))
        return cls(tables[0], tables[1])


@dataclass(frozen=True, slots=True)
class EvalModel:
    """Coefficients of the win and lose logits (a draw is the reference class, logit 0)."""

    win: tuple[float, ...]
    lose: tuple[float, ...]
    discard_fit_mean: float = 0.0
    """The usual discard fit, used when a position is scored after a discard already made."""
    mixture: bool = False
    """Play the next two turns out as chance nodes (see `branches`); the logistic part then
    scores the table without the threat and the reach."""
    reach_scale: float = 1.0
    """How much of our reach survives the opponent's turn in between (they change the
    centers): the chance of our branch is reach times this (fitted)."""
    threat_scale: float = 1.0
    """The same for the opponent's sampled threat (fitted; 1 if the sampling is honest)."""
    line_map: Recalibration | None = None
    """Raw to calibrated chances where a line of the turn ends (None: raw)."""
    between_map: Recalibration | None = None
    """... and between turns (None: raw)."""
    review_map: Recalibration | None = None
    """... and after a move within a turn, as a review stores it (None: `line_map`). A
    review rates every move by the expert's best line after it, which a weaker player does
    not play, and it has not learnt how the opponent plays: its evals there are more hopeful
    for the mover than the expert's own plans, which the line map follows."""
    choice_map: Recalibration | None = None
    """Raw to the chances the expert's choices weigh where a line ends: the pay check, the
    look-ahead's judge, a search that scores by the model (None: `line_map`). Kept apart
    so that refitting what is told (`line_map`) on the expert's own play does not change
    the moves its strength was measured with. Never bypassed by `raw_chances()`, so data
    for a refit come from the expert's real play."""

    def leaf_chances(self, leaf: Leaf, moment: Use = "line") -> Chances:
        """(win, lose, draw) where a line stops (`moment` "line"), or for the table as it
        stands between turns ("between"), recalibrated for that moment; or where a line
        stops as the expert's choices weigh it ("choice")."""
        return self.recalibrated(self.raw_leaf_chances(leaf), moment)

    def with_maps(self, maps: dict[Use, Recalibration]) -> EvalModel:
        """This model with `maps` in place of its own for the uses they name (the others kept)."""
        return replace(
            self,
            line_map=maps.get("line", self.line_map),
            between_map=maps.get("between", self.between_map),
            review_map=maps.get("review", self.review_map),
            choice_map=maps.get("choice", self.choice_map),
        )

    def raw_leaf_chances(self, leaf: Leaf) -> Chances:
        """The logistic model's own (win, lose, draw) for a leaf, before any recalibration."""
        if not self.mixture:
            return self.chances(vector(leaf))
        win = lose = draw = 0.0
        for p, c in self.branches(leaf):
            win += p * c.win
            lose += p * c.lose
            draw += p * c.draw
        return Chances(win, lose, draw)

    def recalibrated(self, raw: Chances, moment: Use) -> Chances:
        """`raw` through the map fitted for `moment` (as is inside `raw_chances()`, except
        for "choice", which always goes through `choice_map`, or `line_map` without one)."""
        if moment == "choice":
            fix = self.choice_map if self.choice_map is not None else self.line_map
            return raw if fix is None else fix(raw)
        if moment == "between":
            fix = self.between_map
        elif moment == "review" and self.review_map is not None:
            fix = self.review_map
        else:
            fix = self.line_map
        return raw if fix is None or _RAW.get() else fix(raw)

    def branches(self, leaf: Leaf, weight: float = 1.0) -> list[tuple[float, Chances]]:
        """The next two turns as chance nodes: the opponent plays their pay-off card (with the
        sampled threat; their last card is the game), then we play ours (with our reach; our
        last card is the game). Each branch is scored by the logistic part on the table left."""
        if leaf.run > 0.0:
            if leaf.my_left <= 1:
                return [(leaf.run, WON), *self.branches(replace(leaf, run=0.0), 1.0 - leaf.run)]
            ran = replace(leaf, run=0.0, my_left=leaf.my_left - 1)
            return [*self.branches(ran, leaf.run), *self.branches(replace(leaf, run=0.0), 1.0 - leaf.run)]
        return self._branches(leaf, weight)

    def _branches(self, leaf: Leaf, weight: float = 1.0) -> list[tuple[float, Chances]]:
        out: list[tuple[float, Chances]] = []
        t, r = leaf.threat * self.threat_scale, leaf.reach * self.reach_scale
        for they, p_they in ((False, 1.0 - t), (True, t)):
            p_they *= weight
            if p_they <= 0.0:
                continue
            if they and leaf.opp_left <= 1:
                out.append((p_they, LOST))
                continue
            op = leaf.opp_left - 1 if they else leaf.opp_left
            for we, p_we in ((False, 1.0 - r), (True, r)):
                if p_we <= 0.0:
                    continue
                if we and leaf.my_left <= 1:
                    out.append((p_they * p_we, WON))
                    continue
                my = leaf.my_left - 1 if we else leaf.my_left
                x = vector(replace(leaf, my_left=my, opp_left=op), with_threat=False)
                out.append((p_they * p_we, self.chances(x)))
        return out

    def chances(self, x: list[float]) -> Chances:
        """(win, lose, draw) for a feature vector in the order of FEATURES."""
        zw = sum(c * v for c, v in zip(self.win, x, strict=True))
        zl = sum(c * v for c, v in zip(self.lose, x, strict=True))
        top = max(zw, zl, 0.0)
        ew, el, ed = math.exp(zw - top), math.exp(zl - top), math.exp(-top)
        total = ew + el + ed
        return Chances(ew / total, el / total, ed / total)

    def to_json(self) -> dict[str, object]:
        """The coefficients by feature name (the shape of `eval_model.json`)."""
        return {
            "features": list(FEATURES),
            "win": dict(zip(FEATURES, self.win, strict=True)),
            "lose": dict(zip(FEATURES, self.lose, strict=True)),
            "discard_fit_mean": self.discard_fit_mean,
            "mixture": self.mixture,
            "reach_scale": self.reach_scale,
            "threat_scale": self.threat_scale,
        }

    @classmethod
    def from_json(cls, data: dict[str, object]) -> EvalModel:
        """Read coefficients written by `to_json`; a feature missing from the file counts 0."""
        win = data.get("win")
        lose = data.get("lose")
        if not isinstance(win, dict) or not isinstance(lose, dict):
            raise ValueError("an eval model needs 'win' and 'lose' coefficient tables")
        mean = data.get("discard_fit_mean", 0.0)
        return cls(
            tuple(float(win.get(f, 0.0)) for f in FEATURES),
            tuple(float(lose.get(f, 0.0)) for f in FEATURES),
            float(mean) if isinstance(mean, (int, float)) else 0.0,
            bool(data.get("mixture", False)),
            _number(data.get("reach_scale", 1.0)),
            _number(data.get("threat_scale", 1.0)),
        )


def _number(value: object) -> float:
    if not isinstance(value, (int, float)):
        raise ValueError(f"an eval model's scale must be a number, not {value!r}")
    return float(value)


def read_recalibration(data: object) -> dict[Use, Recalibration]:
    """The maps from `eval_recalibration.json`'s shape: {"line": {...}, "between": {...},
    "review": {...}, "choice": {...}} (each optional)."""
    if not isinstance(data, dict) or not isinstance(data.get("maps"), dict):
        raise ValueError("a recalibration file needs a 'maps' table by moment")
    maps = data["maps"]
    unknown = set(maps) - set(USES)
    if unknown:
        raise ValueError(f"unknown moments in a recalibration file: {sorted(unknown)}")
    return {m: Recalibration.from_json(maps[m]) for m in USES if m in maps}


def load_recalibration(path: Path) -> dict[Use, Recalibration]:
    """The maps of a recalibration file (`eval_recalibration.json`, or a refit to judge)."""
    return read_recalibration(json.loads(path.read_text(encoding="utf-8")))


@cache
def default_model() -> EvalModel:
    """The shipped model with its shipped recalibration (read once)."""
    model = EvalModel.from_json(json.loads(MODEL_FILE.read_text(encoding="utf-8")))
    if not RECALIBRATION_FILE.exists():
        return model
    return model.with_maps(load_recalibration(RECALIBRATION_FILE))
