// The evaluation graph under the table: the chances after every main-line move (the record's
// `eval`s), player 0 up, player 1 down, a draw in the middle, as an inline SVG (each side
// of the middle shaded in its player's colour, as the header's dots); a costly
// move falls from where its mover stood before it, so its fall is what it gave away. The ply
// shown is marked; a click or a tap seeks the main line to that ply. Nothing is computed
// here but where to draw: the figures are Python's.
import { el } from "../lib/cards.js";
import { t } from "../lib/strings.js";

const NS = "http://www.w3.org/2000/svg";
const W = 600;
const H = 80;

function svgEl(name, attrs) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}

/**
 * Whole percents of p0's win, p1's win and a draw that add up to 100 (largest remainder):
 * each figure rounded alone can make 101 or 99 ("50%, 44%, draw 7%" for 0.496 and 0.437). A
 * tie for the last point goes to the smaller figure, so that 99.4% stays 99%, not a sure 100%.
 * @returns {[number, number, number]}
 */
export function percents(p0, p1) {
  const parts = [Math.max(0, p0), Math.max(0, p1)];
  parts.push(Math.max(0, 1 - parts[0] - parts[1]));
  const total = parts[0] + parts[1] + parts[2];
  const scaled = parts.map((p) => (p / total) * 100);
  const whole = scaled.map((v) => Math.floor(v + 1e-9)); // 0.29 * 100 is 28.999999999999996
  let left = 100 - whole[0] - whole[1] - whole[2];
  const order = [0, 1, 2].sort((a, b) => {
    const ra = scaled[a] - whole[a];
    const rb = scaled[b] - whole[b];
    return Math.abs(ra - rb) > 1e-9 ? rb - ra : scaled[a] - scaled[b];
  });
  for (const i of order) {
    if (left <= 0) break;
    whole[i] += 1;
    left -= 1;
  }
  return whole;
}

/**
 * The area between the middle line and the curve on one side of it, as a path: `side` -1
 * above the middle (player 0 ahead), 1 below (player 1 ahead). The curve is cut where it
 * crosses the middle, and held on the middle wherever it is on the other side.
 * @param {number[][]} points  the curve, [x, y] in the graph's units, from left to right
 * @param {number} side
 */
function area(points, side) {
  const mid = H / 2;
  const keep = (yy) => (side < 0 ? Math.min(yy, mid) : Math.max(yy, mid));
  const out = [];
  points.forEach(([px, py], i) => {
    if (i) {
      const [qx, qy] = points[i - 1];
      if ((qy - mid) * (py - mid) < 0) out.push([qx + ((mid - qy) / (py - qy)) * (px - qx), mid]);
    }
    out.push([px, keep(py)]);
  });
  if (!out.length) return "";
  const last = out[out.length - 1];
  const cmd = out.map(([a, b], i) => `${i ? "L" : "M"}${a.toFixed(1)} ${b.toFixed(1)}`).join(" ");
  return `${cmd} L${last[0].toFixed(1)} ${mid} Z`;
}

/** @param {(ply: number) => void} seek  show ply `ply` of the main line */
export function evalGraph(seek) {
  const box = el("figure", "swr-graph");
  box.dataset.graph = "";
  const svg = svgEl("svg", { viewBox: `0 0 ${W} ${H}`, preserveAspectRatio: "none", role: "img" });
  const caption = el("figcaption", "swr-graph-caption");
  box.append(svg, caption);
  let n = 0;
  svg.addEventListener("click", (e) => {
    if (!n) return;
    const r = svg.getBoundingClientRect();
    if (!r.width) return;
    seek(Math.max(0, Math.min(n, Math.round(((e.clientX - r.left) / r.width) * n))));
  });

  return {
    box,
    /**
     * @param {(number[] | null)[]} evals  after move 1, 2, ... of the main line: [p0, p1], and for
     *   a costly move p0 - p1 before it as its mover saw it; [] for the other player's move seen
     *   from a seat (the curve holds), null for a move with no figure (a gap)
     * @param {number} length  moves in the main line
     * @param {number} ply  the ply shown (on the main line, or where its side line branched)
     * @param {boolean} inLine  the ply shown is in a side line
     * @param {string[]} names
     */
    update(evals, length, ply, inLine, names) {
      n = Math.max(length, evals.length);
      box.hidden = !evals.length;
      if (!evals.length) return;
      const x = (i) => (n ? (i / n) * W : 0);
      const y = (margin) => (H / 2) * (1 - margin); // p0 sure (margin 1): top; p1 sure: bottom
      // the curve breaks where a move has no figure (a line promoted from moves judged as
      // played, a record reviewed in part): a gap, not a guess drawn as if measured
      /** @type {number[][][]} */
      const pieces = [];
      /** @type {number[][] | null} */
      let piece = null;
      evals.forEach((p, i) => {
        if (!p) {
          piece = null;
          return;
        }
        if (!piece) pieces.push((piece = i === 0 ? [[0, H / 2]] : []));
        if (!p.length) {
          // the other player's move, seen from a seat: the curve holds where it was
          if (piece.length) piece.push([x(i + 1), piece[piece.length - 1][1]]);
          return;
        }
        // a costly move falls from where its mover stood before it (its third figure)
        if (p.length > 2) piece.push([x(i), y(p[2])]);
        piece.push([x(i + 1), y(p[0] - p[1])]);
      });
      const path = (pts) => pts.map(([a, b], i) => `${i ? "L" : "M"}${a.toFixed(1)} ${b.toFixed(1)}`).join(" ");
      const d = pieces.map(path).join(" ");
      const areas = (side) => pieces.map((pts) => area(pts, side)).join(" ");
      const shown = Math.max(0, Math.min(n, ply));
      svg.replaceChildren(
        svgEl("rect", { class: "swr-graph-bg", x: 0, y: 0, width: W, height: H }),
        // each player's lead in their colour: player 0's above the middle, player 1's below
        svgEl("path", { class: "swr-graph-area swr-graph-area-p0", d: areas(-1) }),
        svgEl("path", { class: "swr-graph-area swr-graph-area-p1", d: areas(1) }),
        svgEl("path", { class: "swr-graph-line", d, fill: "none" }),
        svgEl("line", { class: "swr-graph-mid", x1: 0, x2: W, y1: H / 2, y2: H / 2 }),
        svgEl("line", {
          class: `swr-graph-cursor${inLine ? " swr-graph-cursor-line" : ""}`,
          x1: x(shown), x2: x(shown), y1: 0, y2: H,
          "data-ply": shown,
        }),
      );
      const point = shown > 0 ? evals[shown - 1] : null;
      const here = point && point.length ? point : null;
      const who = { first: names[0], second: names[1] };
      const [p0, p1, draw] = here ? percents(here[0], here[1]) : [0, 0, 0];
      const at = here
        ? t(null, "replay.graph.at", { ...who, ply: shown, p0, p1, draw })
        : shown ? t(null, "replay.graph.none", { ply: shown }) : t(null, "replay.graph.deal");
      svg.setAttribute("aria-label", t(null, "replay.graph", { ...who, at }));
      caption.textContent = t(null, "replay.graph.caption", { ...who, at }) + (inLine ? t(null, "replay.graph.branch") : "");
    },
  };
}
