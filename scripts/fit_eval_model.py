"""Fit the expert's evaluation (`spite_widget/bots/eval_model.json`) on self-play positions.

Plays games between the expert and other bots, logs the model's inputs at the end of every
line the expert chose, labels each with how the game then ended for that player, and fits a
multinomial logistic model (win / lose / draw, draw the reference) by Newton's method with a
small ridge penalty. One process; a few hundred games take some minutes.

    python scripts/fit_eval_model.py --games 200 [--weights] [--data cache.npz] [--out FILE]

The shipped model: `--weights --games 120 --mixture --fold-kings --reach-scale 0.8
--win-shift 0.12` (the reach scale chosen by the likelihood over 0.4-1.0; the win shift by the
calibration of a first run of `benchmarks/calibration.py`, which under-predicted by 3-6 points).

The expert chooses its moves on its hand-tuned scores and the model only tells the chances
where its chosen line ends, so the positions are the same whichever model is loaded;
`--weights` plays without any model (before one exists). `--data` keeps the positions (so
does `benchmarks/calibration.py --data`), and `--more` adds new games to a kept file.

The chances this model tells are raw: `scripts/fit_recalibration.py` maps them onto what then
happened, per moment. After a refit here, rerun it (the maps were fitted on this model's
raw chances), then `benchmarks/calibration.py`.
"""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import astuple, replace
from pathlib import Path

import numpy as np

from spite_widget.bots.calibration import LOSE, WIN, play_logged
from spite_widget.bots.model import FEATURES, MODEL_FILE, EvalModel, Leaf, vector

PAIRS = (("expert", "greedy"), ("expert", "expert"), ("expert", "baseline"))


def collect(games: int, seed: int, use_model: bool) -> tuple[np.ndarray, np.ndarray]:
    """Raw leaves (one row of `Leaf` fields each) and outcomes (0 win, 1 lose, 2 draw)."""
    rows: list[tuple[float, ...]] = []
    ys: list[int] = []
    for k, pair in enumerate(PAIRS):
        t0 = time.perf_counter()
        got = play_logged(pair, games, seed=seed * 10 + k, model=use_model)
        rows.extend(tuple(float(v) for v in astuple(q.leaf)) for q in got)
        ys.extend(q.outcome for q in got)
        print(
            f"{pair[0]} v {pair[1]}: {games} games, {len(got)} positions, {time.perf_counter() - t0:.0f} s",
            flush=True,
        )
    return np.array(rows, dtype=float), np.array(ys, dtype=int)


def leaves(raw: np.ndarray) -> list[Leaf]:
    return [
        Leaf(int(r[0]), int(r[1]), r[2], r[3], int(r[4]), int(r[5]), r[6], bool(r[7]), int(r[8]), int(r[9]))
        for r in raw
    ]


Branch = tuple[np.ndarray, np.ndarray, np.ndarray]
"""(chance of the branch per row, the logistic part's inputs, fixed outcome or -1)."""


def design(raw: np.ndarray, mixture: bool) -> list[Branch]:
    """The branches of each row (one, with threat and reach as inputs, for a plain model)."""
    ls = leaves(raw)
    n = len(ls)
    if not mixture:
        return [(np.ones(n), np.array([vector(q) for q in ls]), np.full(n, -1))]
    out: list[Branch] = []
    t = np.array([q.threat for q in ls])
    r = np.array([q.reach for q in ls])
    for they in (False, True):
        for we in (False, True):
            p = (t if they else 1 - t) * (r if we else 1 - r)
            fixed = np.full(n, -1)
            rows = []
            for i, q in enumerate(ls):
                if they and q.opp_left <= 1:
                    fixed[i] = LOSE
                elif we and q.my_left <= 1:
                    fixed[i] = WIN
                my = q.my_left - 1 if we and q.my_left > 1 else q.my_left
                op = q.opp_left - 1 if they and q.opp_left > 1 else q.opp_left
                rows.append(vector(replace(q, my_left=my, opp_left=op), with_threat=False))
            out.append((p, np.array(rows), fixed))
    return out


def softmax3(x: np.ndarray, coef: np.ndarray) -> np.ndarray:
    z = np.stack([x @ coef[0], x @ coef[1], np.zeros(len(x))], axis=1)
    z -= z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)


def fit(
    x: np.ndarray, y: np.ndarray, ridge: float = 1.0, rounds: int = 30, weight: np.ndarray | None = None
) -> np.ndarray:
    """Coefficients (2, features) of the win and lose logits, by Newton's method (weighted rows)."""
    n, k = x.shape
    sw = np.ones(n) if weight is None else weight
    t = np.zeros((n, 2))
    t[y == WIN, 0] = 1.0
    t[y == LOSE, 1] = 1.0
    beta = np.zeros(2 * k)
    penalty = np.full(2 * k, ridge)
    penalty[0] = penalty[k] = 0.0  # the biases are not shrunk
    for _ in range(rounds):
        p = softmax3(x, beta.reshape(2, k))
        grad = (
            np.concatenate([x.T @ (sw * (t[:, 0] - p[:, 0])), x.T @ (sw * (t[:, 1] - p[:, 1]))])
            - penalty * beta
        )
        hess = np.zeros((2 * k, 2 * k))
        for a in range(2):
            for b in range(2):
                w = sw * p[:, a] * ((1.0 if a == b else 0.0) - p[:, b])
                hess[a * k : (a + 1) * k, b * k : (b + 1) * k] = -(x.T * w) @ x
        hess -= np.diag(penalty)
        step = np.linalg.solve(hess, grad)
        beta -= step
        if np.abs(step).max() < 1e-8:
            break
    return beta.reshape(2, k)


def likelihoods(branches: list[Branch], coef: np.ndarray, y: np.ndarray) -> list[np.ndarray]:
    """Per branch: its chance times the chance it gives the real outcome, per row."""
    out = []
    for p, x, fixed in branches:
        q = softmax3(x, coef)[np.arange(len(y)), y]
        q = np.where(fixed >= 0, (fixed == y).astype(float), q)
        out.append(p * q)
    return out


def fit_mixture(raw: np.ndarray, y: np.ndarray, ridge: float, rounds: int = 20) -> np.ndarray:
    """EM: which branch each outcome came from, then a weighted fit of the logistic part."""
    branches = design(raw, True)
    coef = fit(branches[0][1], y, ridge)
    for _ in range(rounds):
        parts = likelihoods(branches, coef, y)
        total = np.maximum(sum(parts), 1e-300)
        xs, ys, ws = [], [], []
        for (_p, x, fixed), part in zip(branches, parts, strict=True):
            use = fixed < 0
            xs.append(x[use])
            ys.append(y[use])
            ws.append((part / total)[use])
        coef = fit(np.concatenate(xs), np.concatenate(ys), ridge, weight=np.concatenate(ws))
    return coef


def log_loss(raw: np.ndarray, y: np.ndarray, coef: np.ndarray, mixture: bool) -> float:
    p = sum(likelihoods(design(raw, mixture), coef, y))
    return float(-np.log(np.maximum(p, 1e-12)).mean())


def vectors_to_raw(x: np.ndarray) -> np.ndarray:
    """Rows kept by the first version of this script (model inputs) back to raw leaves."""
    cols = [
        20 * x[:, 1],
        20 * x[:, 2],
        x[:, 3],
        x[:, 5],
        50 * x[:, 7],
        x[:, 9],
        10 * x[:, 10],
        x[:, 11],
        20 * x[:, 12],
        20 * x[:, 13],
    ]
    return np.round(np.stack(cols, axis=1), 6)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=100, help="games per pairing (default 100)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--weights", action="store_true", help="play on the old hand-tuned scores")
    parser.add_argument("--data", type=Path, help="an .npz file to keep the positions in")
    parser.add_argument("--more", action="store_true", help="add to the positions already in --data")
    parser.add_argument("--fit-only", action="store_true", help="fit on --data without playing")
    parser.add_argument("--ridge", type=float, default=1.0)
    parser.add_argument("--mixture", action="store_true", help="the next two turns as chance nodes")
    parser.add_argument(
        "--fold-kings", action="store_true", help="Kings in hand: their mean into the intercepts"
    )
    parser.add_argument(
        "--reach-scale", type=float, default=1.0, help="share of our reach that survives their turn"
    )
    parser.add_argument(
        "--win-shift", type=float, default=0.0, help="added to the win intercept (recalibration)"
    )
    parser.add_argument("--out", type=Path, default=MODEL_FILE)
    args = parser.parse_args()
    if args.fit_only:
        x, y = load(args.data)
    else:
        x, y = collect(args.games, args.seed, not args.weights)
        if args.data is not None:
            if args.more and args.data.exists():
                kx, ky = load(args.data)
                x, y = np.concatenate([kx, x]), np.concatenate([ky, y])
            np.savez_compressed(args.data, x=x, y=y)
    games = len(y)
    print(f"{games} positions: won {np.mean(y == WIN):.3f}, lost {np.mean(y == LOSE):.3f}")
    # fit on the first four fifths by game order, report the loss on the rest, then refit on all
    cut = int(0.8 * games)

    def fitter(raw: np.ndarray, out: np.ndarray) -> np.ndarray:
        if args.mixture:
            return fit_mixture(raw, out, args.ridge)
        return fit(design(raw, False)[0][1], out, args.ridge)

    held = fitter(x[:cut], y[:cut])
    loss = log_loss(x[cut:], y[cut:], held, args.mixture)
    print(f"held-out log loss {loss:.4f} (constant model {constant(y[cut:]):.4f})")
    coef = fitter(x, y)
    win, lose = [float(c) for c in coef[0]], [float(c) for c in coef[1]]
    if args.fold_kings:
        # Kings in hand already count in our reach (wild there); counted twice, they made the
        # expert keep a King rather than play its pay-off card with it. Their average effect
        # goes into the intercepts instead.
        k = FEATURES.index("kings")
        mean_kings = float(x[:, 5].mean())
        win[0] += win[k] * mean_kings
        lose[0] += lose[k] * mean_kings
        win[k] = lose[k] = 0.0
    win[0] += args.win_shift
    model = EvalModel(tuple(win), tuple(lose), float(x[:, 6].mean()), args.mixture, args.reach_scale)
    args.out.write_text(json.dumps(model.to_json(), indent=1) + "\n", encoding="utf-8")
    for name, w, lo in zip(FEATURES, coef[0], coef[1], strict=True):
        print(f"{name:<16}{w:>9.3f}{lo:>9.3f}")
    print(f"wrote {args.out}")


def load(path: Path) -> tuple[np.ndarray, np.ndarray]:
    kept = np.load(path)
    x = kept["x"]
    return (vectors_to_raw(x) if x.shape[1] == len(FEATURES) else x), kept["y"]


def constant(y: np.ndarray) -> float:
    freq = np.bincount(y, minlength=3) / len(y)
    return float(-np.log(np.maximum(freq[y], 1e-12)).mean())


if __name__ == "__main__":
    main()
