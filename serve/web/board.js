// The board: the pits, the last move's marks, the engine's arrows over
// the pits (line 1 strong, the other lines fainter) and the evaluation bar.

import { $, pitName, pitIndex, owner } from './game.js';
import { state } from './state.js';
import { south, scoreText, provenWords } from './score.js';
import { reviewAt } from './review.js';

// SVG is the SVG namespace, read from the page's own SVG (no address spelled here).
const SVG = document.getElementById('arrows').namespaceURI;

// buildBoard makes the twenty pits, each calling click with its index.
export function buildBoard(click) {
  const board = $('board');
  for (let i = 0; i < 20; i++) {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'pit';
    b.id = 'pit-' + pitName(i);
    b.dataset.pit = String(i);
    b.addEventListener('click', () => click(i));
    board.appendChild(b);
  }
  // The arrows follow the pits when the board changes size.
  new ResizeObserver(() => drawArrows()).observe(board);
}

function shownCounts(p) {
  if (state.anim) return state.anim.counts.slice();
  const c = p.counts.slice();
  if (state.redist) {
    for (const i of state.redist.pits) c[i] = 0;
    if (state.redist.pits.length === 2) for (const d of state.redist.drops) c[d.pit] += d.n;
  }
  return c;
}

// renderPits draws the position p, ply being the move that led to it
// (its pits marked: lifted, last warrior, captured).
export function renderPits(p, ply) {
  const counts = shownCounts(p);
  const mark = {};
  if (ply) {
    for (const s of ply.source) mark[pitIndex(s)] = 'src';
    if (ply.landing) mark[pitIndex(ply.landing)] = 'land';
    for (const c of ply.captured) mark[pitIndex(c)] = 'cap';
  }
  const board = $('board');
  const top = state.flipped ? [9, 8, 7, 6, 5, 4, 3, 2, 1, 0] : [19, 18, 17, 16, 15, 14, 13, 12, 11, 10];
  const bottom = state.flipped ? [10, 11, 12, 13, 14, 15, 16, 17, 18, 19] : [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
  [...top, ...bottom].forEach((i, k) => {
    const b = $('pit-' + pitName(i));
    board.appendChild(b); // DOM order = visual order, for the keyboard
    const n = counts[i];
    const cls = ['pit'];
    if (p.nki[i] && !(state.redist && state.redist.pits.includes(i))) cls.push('is-nki');
    if (state.anim) {
      if (state.anim.from === i) cls.push('anim-from');
      if (state.anim.end === i) cls.push('anim-end');
    } else if (mark[i] && !state.redist) cls.push(mark[i]);
    if (state.liftPit === i || (state.redist && state.redist.pits.includes(i))) cls.push('sel');
    if (state.redist && state.redist.drops.some((d) => d.pit === i)) cls.push('drop');
    b.className = cls.join(' ');
    b.style.gridRow = String(k < 10 ? 1 : 2);
    b.style.gridColumn = String((k % 10) + 1);
    b.textContent = '';
    const name = document.createElement('span');
    name.className = 'name';
    name.textContent = pitName(i);
    const cnt = document.createElement('span');
    cnt.className = 'count';
    cnt.textContent = String(n);
    b.append(name, cnt);
    if (n > 0 && n <= 10) {
      const st = document.createElement('span');
      st.className = 'stones';
      st.setAttribute('aria-hidden', 'true');
      for (let s = 0; s < n; s++) {
        const d = document.createElement('span');
        d.className = 'stone';
        st.appendChild(d);
      }
      b.appendChild(st);
    }
    if (mark[i] === 'cap' && !state.redist && !state.anim) {
      const x = document.createElement('span');
      x.className = 'capmark';
      x.setAttribute('aria-hidden', 'true');
      x.textContent = '×';
      b.appendChild(x);
    }
    if (p.nki[i]) {
      const k2 = document.createElement('span');
      k2.className = 'nki';
      k2.textContent = 'nki';
      b.appendChild(k2);
    }
    const words = [`pit ${pitName(i)}, ${owner(i) === 's' ? 'South' : 'North'}'s row, ${n} warrior${n === 1 ? '' : 's'}`];
    if (p.nki[i]) words.push('nki');
    if (mark[i] === 'src') words.push('last move lifted here');
    if (mark[i] === 'land') words.push('last move ended here');
    if (mark[i] === 'cap') words.push('captured by the last move');
    b.dataset.label = words.join(', ');
    b.setAttribute('aria-label', b.dataset.label);
  });
}

// movePits returns the pits a move lifts from and those its warriors
// land in: a play move's pit and the end of its sowing (from the legal
// moves' list), or a redistribution's two pits and its drops.
export function movePits(move) {
  const m = /^([a-jA-J])([a-jA-J]):(.*)$/.exec(move);
  if (m) {
    const land = [...m[3].matchAll(/([a-jA-J])\d+/g)].map((d) => pitIndex(d[1]));
    return { src: [pitIndex(m[1]), pitIndex(m[2])], land, redist: true };
  }
  const e = (state.view.moves || []).find((x) => x.move === move);
  return { src: [pitIndex(move[0])], land: e && e.landing ? [pitIndex(e.landing)] : [], redist: false };
}

// analysing: the board shows the analysis's marks and arrows.
function analysing() { return state.mode === 'analyse' && !!state.best && !state.view.result; }

// renderBest marks the best move's pits, draws the lines' arrows and
// fills the evaluation bar, in Analyse only.
export function renderBest() {
  const on = analysing();
  const pits = on && !state.redist ? movePits(state.best.move) : { src: [], land: [] };
  for (let i = 0; i < 20; i++) {
    const b = $('pit-' + pitName(i));
    b.classList.toggle('best-src', pits.src.includes(i));
    b.classList.toggle('best-land', pits.land.includes(i) && !pits.src.includes(i));
    const words = [b.dataset.label];
    if (pits.src.includes(i)) words.push("the engine's best move lifts here");
    if (pits.land.includes(i)) words.push("the engine's best move lands here");
    b.setAttribute('aria-label', words.join(', '));
  }
  drawArrows();
  const bar = $('evalbar');
  bar.hidden = state.mode !== 'analyse';
  let frac = 0.5, text = '–';
  const reviewed = reviewAt(state.cursor);
  if (on) {
    const v = south(state.best.score, state.best.side);
    if (state.best.proven) {
      const w = Math.trunc(v / 100);
      frac = w > 0 ? 1 : w < 0 ? 0 : 0.5;
      text = `${scoreText(v, true)}: ${provenWords(v)}`;
    } else {
      frac = 0.5 + 0.5 * Math.tanh(v / 1000);
      text = scoreText(v, false);
    }
  } else if (reviewed) {
    // No analysis here: the review's expected score for South.
    frac = reviewed.south;
    text = `expected score ${Math.round(reviewed.south * 100)}% (from the review)`;
  }
  // South's share fills the bar from South's side of the board.
  const fill = $('evalfill');
  fill.style.height = `${(frac * 100).toFixed(1)}%`;
  fill.style.top = state.flipped ? '0' : '';
  fill.style.bottom = state.flipped ? '' : '0';
  bar.setAttribute('aria-label', `Evaluation: ${text}`);
  $('eval-text').textContent = text;
}

// drawArrows draws an arrow for each analysis line's first move, from
// the pit it lifts to the pit its sowing ends in: line 1's strong, the
// others fainter. A redistribution has no single end: its pits are
// marked instead. The arrows are drawn in an SVG over the board, in the
// board's pixels.
export function drawArrows() {
  const svg = $('arrows');
  if (!svg) return;
  svg.replaceChildren();
  if (!analysing() || state.redist || state.anim) return;
  const box = svg.getBoundingClientRect();
  if (!box.width) return;
  svg.setAttribute('viewBox', `0 0 ${box.width} ${box.height}`);
  const centre = (i) => {
    const r = $('pit-' + pitName(i)).getBoundingClientRect();
    return { x: r.left + r.width / 2 - box.left, y: r.top + r.height / 2 - box.top, r: Math.min(r.width, r.height) / 2 };
  };
  // One arrow a move (line 1's when another line starts alike), the
  // fainter lines drawn first, so that line 1 lies on top.
  const lines = [state.best].concat(state.lines.slice(1));
  const seen = new Set(), todo = [];
  lines.forEach((l, k) => {
    if (!l || !l.move || seen.has(l.move)) return;
    seen.add(l.move);
    todo.unshift([l, k]);
  });
  for (const [l, k] of todo) {
    const pits = movePits(l.move);
    if (pits.redist || !pits.land.length || pits.land[0] === pits.src[0]) continue;
    const a = centre(pits.src[0]), b = centre(pits.land[0]);
    const dx = b.x - a.x, dy = b.y - a.y, len = Math.hypot(dx, dy);
    const ux = dx / len, uy = dy / len;
    // Line 1 straight; line k bowed by k - 1 steps to the side, so that
    // arrows along one row stay apart.
    const bow = k * a.r * 0.9;
    const x1 = a.x + ux * a.r * 0.35, y1 = a.y + uy * a.r * 0.35;
    const cx = (a.x + b.x) / 2 - uy * bow, cy = (a.y + b.y) / 2 + ux * bow;
    const ex = b.x - cx, ey = b.y - cy, el = Math.hypot(ex, ey);
    const vx = ex / el, vy = ey / el; // the direction at the tip
    const w = Math.max(4, a.r * (k === 0 ? 0.3 : 0.2)), head = w * 2.6;
    const x2 = b.x - vx * b.r * 0.3, y2 = b.y - vy * b.r * 0.3;
    const bx = x2 - vx * head, by = y2 - vy * head;
    const g = document.createElementNS(SVG, 'g');
    g.setAttribute('class', k === 0 ? 'arrow best' : 'arrow other');
    g.dataset.move = l.move;
    g.dataset.line = String(k + 1);
    const f = (v) => v.toFixed(1);
    const shaft = document.createElementNS(SVG, 'path');
    shaft.setAttribute('d', `M ${f(x1)} ${f(y1)} Q ${f(cx)} ${f(cy)} ${f(bx)} ${f(by)}`);
    shaft.setAttribute('stroke-width', f(w));
    const tip = document.createElementNS(SVG, 'polygon');
    const px = -vy * head * 0.6, py = vx * head * 0.6;
    tip.setAttribute('points', [[x2, y2], [bx + px, by + py], [bx - px, by - py]].map((q) => q.map(f).join(',')).join(' '));
    g.append(shaft, tip);
    svg.appendChild(g);
  }
}
