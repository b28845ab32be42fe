// The "Exact values" panel (Analyse): every legal move's value proven by
// POST /api/v1/solve (the endgame database or a proof by search), shown
// from South's view and coloured for the side to move; a click plays the
// move. Positions beyond the reach of proof in the panel's time say so
// and show only what is proven (bounds).

import { state, hooks } from './state.js';
import { $, parsePos, sideWord } from './game.js';
import { api } from './api.js';

// ORACLE_MAX is the most warriors on the board the panel asks about: the
// solver proves every move of 27-30 warriors in a few seconds (docs/solve.md),
// beyond that the proofs take minutes.
export const ORACLE_MAX = 30;
// ORACLE_MS is the time the panel gives a proof.
export const ORACLE_MS = 3000;

const O = { key: '', answer: null, error: '', seq: 0 };
window.O = O; // for the browser tests

const SOURCE = { egdb: 'database', search: 'search', end: 'game ends' };

// southText writes a final margin from South's view as the game's result.
function southText(v) {
  if (v === 0) return 'draw';
  return v > 0 ? `South +${v}` : `North +${-v}`;
}

// moverClass is the colour of a value (side to move's view) for the mover.
function moverClass(v) { return v > 0 ? 'win' : v < 0 ? 'loss' : 'draw'; }

function board(p) { return p.counts.reduce((a, b) => a + b, 0); }

// renderOracle draws the panel for the position shown, asking the server
// once per position (its answers are kept; the server caches the proven).
export function renderOracle() {
  const panel = $('oracle-panel');
  panel.hidden = state.mode !== 'analyse' || !state.view;
  if (panel.hidden) return;
  const p = parsePos(state.view.position);
  const status = $('oracle-status');
  const body = $('oracle-moves').tBodies[0];
  const n = board(p);
  const moves = state.moves.slice(0, state.cursor);
  const key = JSON.stringify([state.start, state.freeFirstLap, moves]);
  if (state.view.result) return show(status, body, 'The game is over.', null, p);
  if (state.view.phase === 'opening') return show(status, body, 'The opening (turns 1 and 2) is beyond proof: a redistribution has millions of choices.', null, p);
  if (n > ORACLE_MAX) return show(status, body, `${n} warriors on the board: beyond the reach of proof in the panel's time (up to ${ORACLE_MAX}).`, null, p);
  if (key !== O.key) {
    O.key = key; O.answer = null; O.error = '';
    const seq = ++O.seq;
    api('/api/v1/solve', { position: state.start, moves, freeFirstLap: state.freeFirstLap, limits: { movetime: ORACLE_MS } })
      .then((a) => { if (seq === O.seq) { O.answer = a; renderOracle(); } })
      .catch((e) => { if (seq === O.seq) { O.error = e.message; renderOracle(); } });
  }
  if (O.error) return show(status, body, `Could not prove: ${O.error}`, null, p);
  if (!O.answer) return show(status, body, `Proving every move (${n} warriors on the board)…`, null, p);
  const a = O.answer;
  const side = p.side;
  const south = (v) => (side === 's' ? v : -v);
  let head;
  if (a.proven) {
    head = `Value ${southText(south(a.value))} with best play (${a.cached ? 'proven before' : `proven in ${a.time_ms < 1000 ? `${a.time_ms} ms` : `${(a.time_ms / 1000).toFixed(1)} s`}`}).`;
  } else {
    const lo = south(side === 's' ? a.lo : a.hi), hi = south(side === 's' ? a.hi : a.lo);
    head = `Not proven in ${ORACLE_MS / 1000} s: the value lies between ${southText(lo)} and ${southText(hi)}; moves not proven show their bounds.`;
  }
  show(status, body, head, a, p);
}

// show writes the panel's line and its moves (a: the answer, or none).
function show(status, body, text, a, p) {
  status.textContent = text;
  body.replaceChildren();
  $('oracle-moves').hidden = !a || a.moves.length === 0;
  if (!a) return;
  const side = p.side;
  for (const m of a.moves) {
    const tr = document.createElement('tr');
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'oracle-move';
    b.textContent = m.move;
    b.setAttribute('aria-label', `Play ${m.move}`);
    b.addEventListener('click', () => hooks.tryMove(m.move));
    const td0 = document.createElement('td');
    td0.appendChild(b);
    const td1 = document.createElement('td');
    const td2 = document.createElement('td');
    const td3 = document.createElement('td');
    if (m.proven) {
      const v = side === 's' ? m.value : -m.value;
      tr.className = 'oracle-' + moverClass(m.value);
      td1.textContent = southText(v);
      td2.textContent = m.value > 0 ? `${sideWord(side)} wins` : m.value < 0 ? `${sideWord(side)} loses` : 'draw';
    } else {
      tr.className = 'oracle-unknown';
      const lo = side === 's' ? m.lo : -m.hi, hi = side === 's' ? m.hi : -m.lo;
      td1.textContent = `${lo} to ${hi}`;
      td2.textContent = 'not proven';
    }
    td3.textContent = SOURCE[m.source] || m.source;
    tr.append(td0, td1, td2, td3);
    body.appendChild(tr);
  }
}

// After the page's own handler has changed the mode.
for (const id of ['tab-analyse', 'tab-play']) $(id).addEventListener('click', () => setTimeout(renderOracle, 0));
