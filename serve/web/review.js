// The game review: the line shown, written as PGN by the server, is
// reviewed by POST /api/v1/annotate (the one review, as kiothi annotate
// --json gives it); the page shows its classes, its scores and a graph of
// South's expected score over the game. The page classifies nothing.

import { $, sideWord, moveNumber, parsePos } from './game.js';
import { state, hooks, startReview, dropReview, applyReview } from './state.js';
import { api } from './api.js';
import { writePGN } from './pgn.js';

// SVG is the SVG namespace, read from the page's own SVG (no address spelled here).
const SVG = document.getElementById('arrows').namespaceURI;

// SYMBOL is each class's PGN mark.
export const SYMBOL = { inaccuracy: '?!', mistake: '?', blunder: '??' };

// southWin is a reviewed move's expected score after it, for South.
const southWin = (m) => (m.side === 'south' ? m.win : 1 - m.win);

// pctSouth writes x, an expected score for the side that played m, as
// South's percentage.
const pctSouth = (m, x) => `${Math.round((m.side === 'south' ? x : 1 - x) * 100)}%`;

// reviewedAt: the review covers the position after k moves of the line
// shown (its moves up to there are the reviewed ones).
function reviewedAt(k) {
  const r = state.review;
  if (!r || !r.done || r.root !== state.root || k > r.line.length) return false;
  return k === 0 || state.line[k - 1] === r.line[k - 1];
}

// reviewAt is the review's value of the position after k moves of the
// line shown, as {south: South's expected score}, or null when the
// review does not cover it.
export function reviewAt(k) {
  const v = reviewedAt(k) ? reviewAtLine(k) : null;
  return v === null ? null : { south: v };
}

// reviewGame reviews the line shown at the time a position of its field.
export async function reviewGame() {
  const line = state.line.slice(), root = state.root;
  const ms = Math.max(20, parseInt($('rv-time').value, 10) || 200);
  const tags = [{ name: 'FEN', value: state.startName || state.start }, { name: 'South', value: state.players.s }, { name: 'North', value: state.players.n }];
  if (state.freeFirstLap) tags.push({ name: 'Variant', value: 'free-first-lap' });
  const r = { root, line, moves: [], players: null, done: false };
  startReview(r);
  $('review').disabled = true;
  $('rv-status').textContent = `Reviewing ${line.length} moves at ${ms} ms a position…`;
  let a;
  try {
    // The moves' comments go along: the review keeps a move's own
    // comment and drops an earlier review's (own_comment).
    const pgn = await writePGN({ tags, moves: line.map((n) => (n.comment ? { move: n.move, comment: n.comment } : { move: n.move })), result: '*' });
    a = await api('/api/v1/annotate', { pgn, limits: { movetime: ms } });
  } catch (e) {
    if (state.review === r) {
      dropReview(r);
      $('rv-status').textContent = `The review stopped: ${e.message}`;
      $('review').disabled = false;
    }
    return;
  }
  if (state.review !== r) return;
  applyReview(r, a.games[0]);
  $('review').disabled = false;
  hooks.render();
}

// player returns a reviewed game's summary of side ('south' or 'north').
function player(players, side) {
  if (!players) return null;
  if (Array.isArray(players)) return players[side === 'south' ? 0 : 1];
  return players[side];
}

// renderReview draws the graph of South's expected score over the
// reviewed line (0 to 100%, with its axes), each move's point coloured by
// its class, lists the worst moves and each side's accuracy; a click on a
// point or a listed move goes to that position of the reviewed line.
export function renderReview() {
  const r = state.review;
  const area = $('rv-area');
  area.hidden = !(r && r.done && r.root === state.root) || state.mode !== 'analyse';
  if (area.hidden) return;
  const svg = $('rv-graph'), list = $('rv-worst');
  svg.replaceChildren();
  const n = r.line.length, W = 640, H = 220, L = 44, R = 10, T = 10, B = 30;
  const first = parsePos(state.view.start).side;
  const x = (k) => L + (n ? k / n : 0.5) * (W - L - R);
  const y = (v) => T + (1 - v) * (H - T - B);
  const el = (name, attrs, text) => {
    const e = document.createElementNS(SVG, name);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    svg.appendChild(e);
    return e;
  };
  const vals = [reviewAtLine(0) ?? 0.5].concat(r.moves.map(southWin));
  el('rect', { x: L, y: T, width: W - L - R, height: H - T - B, class: 'rv-bg' });
  const pts = vals.map((v, k) => `${x(k).toFixed(1)},${y(v).toFixed(1)}`);
  el('polygon', { points: `${x(0)},${y(0)} ${pts.join(' ')} ${x(n)},${y(0)}`, class: 'rv-area' });
  for (const v of [0, 0.25, 0.5, 0.75, 1]) {
    el('line', { x1: L, y1: y(v), x2: W - R, y2: y(v), class: v === 0.5 ? 'rv-mid' : 'rv-grid' });
    el('text', { x: L - 6, y: y(v) + 4, class: 'rv-label', 'text-anchor': 'end' }, `${v * 100}%`);
  }
  el('line', { x1: L, y1: T, x2: L, y2: H - B, class: 'rv-axis' });
  el('line', { x1: L, y1: H - B, x2: W - R, y2: H - B, class: 'rv-axis' });
  const pairs = moveNumber(Math.max(0, n - 1), first).n;
  const step = Math.max(1, Math.ceil(pairs / 12));
  for (let k = 0; k < n; k++) {
    const num = moveNumber(k, first);
    if (!num.south && !(k === 0)) continue;
    if ((num.n - 1) % step !== 0) continue;
    el('line', { x1: x(k + 1), y1: H - B, x2: x(k + 1), y2: H - B + 4, class: 'rv-axis' });
    el('text', { x: x(k + 1), y: H - B + 16, class: 'rv-label', 'text-anchor': 'middle' }, String(num.n));
  }
  el('text', { x: (L + W - R) / 2, y: H - 2, class: 'rv-label', 'text-anchor': 'middle' }, 'move');
  if (reviewedAt(state.cursor)) el('line', { x1: x(state.cursor), y1: T, x2: x(state.cursor), y2: H - B, class: 'rv-cursor' });
  el('polyline', { points: pts.join(' '), class: 'rv-line' });
  const worst = [];
  vals.forEach((v, k) => {
    const m = k > 0 ? r.moves[k - 1] : null;
    const cls = m && m.class ? m.class : '';
    if (cls) worst.push({ k, m });
    const c = el('circle', { cx: x(k), cy: y(v), r: cls ? 5 : 3.5, class: 'rv-pt ' + cls, 'data-ply': k });
    const tip = document.createElementNS(SVG, 'title');
    tip.textContent = `${k ? moveText(k - 1, first) : 'the start'}: South's expected score ${Math.round(v * 100)}%${cls ? ', ' + cls : ''}`;
    c.appendChild(tip);
    c.addEventListener('click', () => hooks.openLine(r.line, k));
  });
  list.textContent = '';
  worst.sort((a, b) => (b.m.best_win - b.m.win) - (a.m.best_win - a.m.win)).slice(0, 5).forEach((w) => {
    const li = document.createElement('li');
    const b = document.createElement('button');
    b.type = 'button';
    b.dataset.ply = String(w.k);
    b.textContent = `${moveText(w.k - 1, first)}: ${w.m.class}, expected score ${pctSouth(w.m, w.m.best_win)} → ${pctSouth(w.m, w.m.win)}${w.m.best ? ', best ' + w.m.best : ''}`;
    b.addEventListener('click', () => hooks.openLine(r.line, w.k));
    li.appendChild(b);
    list.appendChild(li);
  });
  const acc = $('rv-players');
  acc.textContent = '';
  for (const side of ['south', 'north']) {
    const p = player(r.players, side);
    if (!p) continue;
    const li = document.createElement('li');
    const count = (k, one, many) => `${k || 0} ${k === 1 ? one : many}`;
    li.textContent = `${sideWord(side)}: accuracy ${p.accuracy !== undefined ? Math.round(p.accuracy) + '%' : '–'}, ` +
      `${count(p.inaccuracies, 'inaccuracy', 'inaccuracies')}, ${count(p.mistakes, 'mistake', 'mistakes')}, ${count(p.blunders, 'blunder', 'blunders')}`;
    acc.appendChild(li);
  }
  $('rv-worst-h').hidden = !worst.length;
  $('rv-status').textContent = `Reviewed ${n} moves${worst.length ? '' : ': no inaccuracy found'} (the review is under the board).`;
}

// reviewAtLine is South's expected score after k moves of the reviewed
// line (the start: the first move's best_win for its mover), null for
// the start of a game without moves.
function reviewAtLine(k) {
  const ms = state.review.moves;
  if (k > 0) return southWin(ms[k - 1]);
  return ms.length ? (ms[0].side === 'south' ? ms[0].best_win : 1 - ms[0].best_win) : null;
}

// moveText names the k-th move (from 0) of the reviewed line as the PGN
// numbers it: "3. e5" or "3... E5".
export function moveText(k, first) {
  const num = moveNumber(k, first);
  return `${num.n}${num.south ? '.' : '...'} ${state.review.line[k].move}${SYMBOL[state.review.moves[k] && state.review.moves[k].class] || ''}`;
}
