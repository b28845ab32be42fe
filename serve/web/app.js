// The Kiothi page: the board, play against the engine and analysis, over
// the server's API (/api/v1/game, /api/v1/analyse/stream). No framework.
'use strict';

const $ = (id) => document.getElementById(id);
const SOUTH = 'abcdefghij', NORTH = 'ABCDEFGHIJ';
const pitName = (i) => (i < 10 ? SOUTH[i] : NORTH[i - 10]);
const pitIndex = (c) => (SOUTH.includes(c) ? SOUTH.indexOf(c) : NORTH.indexOf(c) + 10);
const owner = (i) => (i < 10 ? 's' : 'n');
const sideWord = (s) => (s === 's' || s === 'south' ? 'South' : 'North');

// S is the page's whole state.
const S = {
  mode: 'play',
  start: 'startpos',
  moves: [],      // the game's moves, the redo tail included
  plies: [],      // what each move did (from /api/v1/game), aligned with moves
  cursor: 0,      // moves played to reach the position shown
  view: null,     // /api/v1/game's answer for moves[0:cursor]
  ffl: false,     // free first lap
  human: 's',
  level: 'movetime=500',
  flipped: false,
  sel: -1,        // the pit whose lift count is being chosen
  redist: null,   // {pits: [i, j], drops: [{pit, n}...]} while a redistribution is entered
  engine: null,   // the EventSource of the engine's move
  analysis: null, // the EventSource of an analysis
  lastInfo: null,
  games: 0,       // games started by New game
  fieldsFor: '',  // the game the Analyse fields were last filled from
  best: null,     // the analysis's best move so far: {move, score, proven, side}
  players: { s: '?', n: '?' }, // names for the PGN: set by New game
  anim: null,     // the frame of a move being shown lap by lap: {counts, from, end, step}
  animToken: 0,   // numbers the animations; only the latest plays
  review: null,   // {game, evals (South's view, centi-warriors, per position), done}
  clock: null,    // {base, inc, s, n (ms left), running (side or null), since}: a game's clocks in Play
  flag: null,     // the side whose clock ran out
  seq: 0,         // numbers the board's requests; only the latest answer counts
  going: null,    // the move a step in flight goes to
};

// parsePos reads the four-field position string (RULES.md §7).
function parsePos(s) {
  const [rows, prisons, side, turn] = s.split(' ');
  const counts = [], nki = [];
  for (const cell of rows.split('/').join('.').split('.')) {
    nki.push(cell.endsWith('*'));
    counts.push(parseInt(cell, 10));
  }
  const [ps, pn] = prisons.split('-').map(Number);
  return { counts, nki, prison: { s: ps, n: pn }, side, turn: Number(turn), opening: Number(turn) <= 2 };
}

async function api(path, body) {
  const r = await fetch(path, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
  });
  let j;
  try { j = await r.json(); } catch (e) { throw new Error(`the server answered ${r.status} without JSON`); }
  if (!r.ok) {
    // The server's refusal: its message, and its structure (code, field,
    // index, reason) with the request it refused.
    const e = new Error(j.error || `status ${r.status}`);
    e.info = j;
    e.request = body;
    throw e;
  }
  return j;
}

function gameBody(moves) {
  return { position: S.start, moves, freeFirstLap: S.ffl };
}

function say(msg) { $('message').textContent = msg || ''; }

// explain turns the server's refusal of a move into a sentence from the
// error's structure, keeping the engine's own reason; numbered says which
// move of the list it was.
function explain(err, numbered) {
  const i = err.info;
  if (!i || i.field !== 'moves' || i.index === undefined) return err.message;
  const m = (err.request && err.request.moves ? err.request.moves[i.index] : '') + (numbered ? ` (move ${i.index + 1})` : '');
  if (i.code === 'illegal_move') return `Illegal move ${m}: ${i.reason}`;
  if (i.code === 'invalid') return `Not a move${numbered ? ` (move ${i.index + 1})` : ''}: ${i.reason}`;
  return err.message;
}

// stepFrom is the move a step counts from: the one a step on its way
// goes to, else the one shown (two quick clicks on < go back two).
function stepFrom() { return S.going === null ? S.cursor : S.going; }

function current() { return parsePos(S.view.position); }
// gameOver: the game on the board has ended, by the rules or, in Play, on time.
function gameOver() { return !!S.view.result || (!!S.flag && S.mode === 'play'); }
function sideAt(k) { return parsePos(k === 0 ? S.view.start : S.plies[k - 1].position).side; }
function busy() { return S.engine !== null; }
function humanToMove() {
  return S.mode === 'analyse' || current().side === S.human;
}

// --- loading and moving ---

async function load(start, moves, cursor) {
  ++S.seq;
  S.going = null;
  const v = await api('/api/v1/game', { position: start, moves, freeFirstLap: S.ffl });
  S.start = v.start;
  S.moves = moves.slice();
  S.plies = v.plies;
  S.cursor = cursor === undefined ? moves.length : cursor;
  if (S.cursor === moves.length) S.view = v;
  else S.view = await api('/api/v1/game', gameBody(moves.slice(0, S.cursor)));
  S.best = null;
  resetInput();
  render();
}

async function setCursor(k) {
  stopAnimation();
  stopEngine();
  stopAnalysis();
  k = Math.max(0, Math.min(S.moves.length, k));
  const seq = ++S.seq;
  S.going = k;
  let v;
  try {
    v = await api('/api/v1/game', gameBody(S.moves.slice(0, k)));
  } finally {
    if (seq === S.seq) S.going = null;
  }
  if (seq !== S.seq) return; // a later step or move won
  S.view = v;
  S.cursor = k;
  S.best = null;
  resetInput();
  say('');
  render();
  maybeEngine();
}

async function tryMove(m) {
  say('');
  if (S.flag && S.mode === 'play') { say(`The game is over: ${sideWord(S.flag)}'s time ran out.`); return false; }
  const moves = S.moves.slice(0, S.cursor).concat([m]);
  const seq = ++S.seq;
  S.going = null;
  let v;
  try {
    v = await api('/api/v1/game', gameBody(moves));
  } catch (e) {
    if (seq === S.seq) say(explain(e));
    return false;
  }
  if (seq !== S.seq) return false; // the board changed meanwhile
  // Analysis keeps the moves ahead when the same move is played again;
  // a move in play starts a new line (the engine answers it).
  const played = v.plies[v.plies.length - 1].move;
  if (S.mode === 'play' || S.moves[S.cursor] !== played) {
    S.moves = moves.slice(0, S.cursor).concat([played]);
    S.plies = v.plies;
  }
  if (S.clock && S.mode === 'play') {
    const mover = parsePos(S.view.position).side;
    clockCharge();
    S.clock[mover] += S.clock.inc;
  }
  const before = S.view.position;
  S.cursor++;
  S.view = v;
  S.best = null;
  resetInput();
  stopAnalysis();
  render();
  await animatePly(v.plies[v.plies.length - 1], before);
  maybeEngine();
  return true;
}

// --- a move lap by lap ---

const sleep = (ms) => new Promise((res) => setTimeout(res, ms));

// animatePly shows a play move lap by lap at the speed chosen (none: not
// at all): each lap's lift, then its warriors sown and where the last one
// landed; then the position after the move, captures made. A later
// animation, a click on the board or a change of position ends it.
async function animatePly(ply, before) {
  const speed = parseInt($('anim-speed').value, 10) || 0;
  if (!speed || !ply || !ply.laps || !ply.laps.length) return;
  const token = ++S.animToken;
  const counts = parsePos(before).counts;
  const line = $('anim-line');
  const frame = async (f, text) => {
    if (token !== S.animToken) return false;
    S.anim = Object.assign({ counts: counts.slice() }, f);
    line.textContent = text;
    render();
    await sleep(speed);
    return token === S.animToken;
  };
  const laps = ply.laps;
  for (let k = 0; k < laps.length; k++) {
    const l = laps[k], from = pitIndex(l.from);
    counts[from] -= l.n;
    const what = k === 0 ? `${ply.move}: lift ${l.n} from ${l.from}` : `Relay ${k}: lift the ${l.n} in ${l.from}`;
    if (!await frame({ from, end: -1, step: `lift ${k + 1}` }, what)) return;
    for (let d = 1; d <= l.n; d++) counts[(from + d) % 20]++;
    const tail = k === laps.length - 1 && !ply.moreLaps ? (ply.captured.length ? ', then the capture' : ': the sowing ends') : ': occupied, a relay';
    if (!await frame({ from: -1, end: pitIndex(l.end), step: `lap ${k + 1}` }, `Lap ${k + 1}: ${l.n} sown, the last in ${l.end}${tail}`)) return;
  }
  if (token !== S.animToken) return;
  S.anim = null;
  line.textContent = ply.moreLaps ? `${ply.move}: … more laps, then the position shown` : '';
  render();
}

// stopAnimation ends a move being shown and shows the board as it is.
function stopAnimation() {
  if (!S.anim) return;
  S.animToken++;
  S.anim = null;
  $('anim-line').textContent = '';
  render();
}

// replayMove shows the move that led to the board, lap by lap.
async function replayMove() {
  if (S.cursor === 0) return;
  const before = S.cursor === 1 ? S.view.start : S.plies[S.cursor - 2].position;
  const ply = S.plies[S.cursor - 1];
  if (!ply.laps) { say('A redistribution has no laps to show.'); return; }
  if (!(parseInt($('anim-speed').value, 10) > 0)) $('anim-speed').value = '500';
  await animatePly(ply, before);
}

function resetInput() {
  S.sel = -1;
  S.redist = null;
}

// --- the engine ---

function streamURL(moves, limits, lines) {
  const q = new URLSearchParams({ position: S.start, moves: moves.join(' '), freefirstlap: String(S.ffl) });
  for (const kv of limits.split('&')) { const [k, v] = kv.split('='); q.set(k, v); }
  if (lines > 1) q.set('multipv', String(lines));
  return '/api/v1/analyse/stream?' + q.toString();
}

function scoreText(ev, side) {
  if (ev.proven) {
    const w = Math.trunc(ev.score / 100);
    return `${w > 0 ? '+' : ''}${w} warrior${Math.abs(w) === 1 ? '' : 's'}, proven (${sideWord(side)}'s view)`;
  }
  const v = (ev.score / 100).toFixed(2);
  return `${ev.score > 0 ? '+' : ''}${v} (${sideWord(side)}'s view)`;
}

function maybeEngine() {
  // The engine moves whenever it is to move in play, whether or not moves
  // lie ahead (its move then starts a new line, as a human move does).
  if (S.mode !== 'play' || busy() || S.view.result || S.flag) return;
  if (current().side === S.human) return;
  const side = current().side;
  const es = new EventSource(streamURL(S.moves.slice(0, S.cursor), engineLimit(side), 1));
  S.engine = es;
  $('engine-line').textContent = 'The engine is thinking…';
  renderStatus();
  es.addEventListener('info', (e) => {
    const ev = JSON.parse(e.data);
    $('engine-line').textContent = `Engine: depth ${ev.depth}, score ${scoreText(ev, side)}, ${ev.pv.slice(0, 6).join(' ')}`;
  });
  es.addEventListener('bestmove', async (e) => {
    es.close();
    if (S.engine !== es) return;
    S.engine = null;
    const res = JSON.parse(e.data);
    $('engine-line').textContent = `Engine played ${res.bestmove} (depth ${res.depth}, score ${scoreText(res, side)})`;
    if (res.bestmove) await tryMove(res.bestmove);
    else render();
  });
  es.onerror = () => {
    es.close();
    if (S.engine !== es) return;
    S.engine = null;
    $('engine-line').textContent = '';
    say('The engine could not answer (server busy or gone): press Redo or make a move to try again.');
    render();
  };
}

// engineLimit is the engine's level, its time kept within its clock (a
// twentieth of what is left plus half the increment) when clocks run: a
// move time is cut to that, a depth gets it as a move time too.
function engineLimit(side) {
  if (!S.clock) return S.level;
  const budget = Math.max(50, Math.floor(clockLeft(side) / 20 + S.clock.inc / 2));
  const m = /^movetime=(\d+)$/.exec(S.level);
  return m ? `movetime=${Math.min(Number(m[1]), budget)}` : `${S.level}&movetime=${budget}`;
}

// --- clocks ---

// clockLeft is a side's time left now, in ms.
function clockLeft(side) {
  const c = S.clock;
  return c[side] - (c.running === side ? performance.now() - c.since : 0);
}

// clockCharge books the running side's time used so far.
function clockCharge() {
  const c = S.clock;
  if (!c || !c.running) return;
  const now = performance.now();
  c[c.running] -= now - c.since;
  c.since = now;
}

// clockRun runs the clock of the side to move in Play while the game is
// on, and stops both otherwise (Analyse, a finished game).
function clockRun() {
  const c = S.clock;
  if (!c) return;
  const side = S.mode === 'play' && !S.view.result && !S.flag ? current().side : null;
  if (side === c.running) return;
  clockCharge();
  c.running = side;
  c.since = performance.now();
}

function clockText(ms) {
  ms = Math.max(0, ms);
  const t = Math.floor(ms / 1000);
  const mmss = `${Math.floor(t / 60)}:${String(t % 60).padStart(2, '0')}`;
  return ms < 10000 ? `${mmss}.${Math.floor((ms % 1000) / 100)}` : mmss;
}

// clockTick shows both clocks and ends the game when the running one
// reaches zero.
function clockTick() {
  const c = S.clock;
  if (!c) return;
  for (const side of ['s', 'n']) {
    const el = $('clock-' + side);
    if (el) el.textContent = clockText(clockLeft(side));
  }
  if (c.running && clockLeft(c.running) <= 0) {
    const side = c.running;
    clockCharge();
    c[side] = 0;
    c.running = null;
    S.flag = side;
    stopEngine();
    resetInput();
    render();
  }
}

function stopEngine() {
  if (S.engine) { S.engine.close(); S.engine = null; $('engine-line').textContent = ''; }
}

// --- analysis ---

function startAnalysis() {
  stopAnalysis();
  if (S.view.result) { say('The game is over: nothing to analyse.'); return; }
  // Unlimited runs until Stop (or the server's own cap); a time limit
  // above the server's cap is capped by the server, which says so.
  const limit = $('an-inf').checked ? 'infinite=true' : `movetime=${Math.max(100, parseInt($('an-time').value, 10) || 3000)}`;
  const lines = parseInt($('an-lines').value, 10) || 1;
  const side = current().side;
  const rows = new Map();
  const tbody = $('lines').querySelector('tbody');
  tbody.textContent = '';
  $('bestmove').textContent = '…';
  $('lines-cap').textContent = `Engine lines, scores from ${sideWord(side)}'s view (${sideWord(side)} to move)`;
  const es = new EventSource(streamURL(S.moves.slice(0, S.cursor), limit, lines));
  S.analysis = es;
  $('analyse').disabled = true;
  $('stop').disabled = false;
  es.addEventListener('info', (e) => {
    const ev = JSON.parse(e.data);
    S.lastInfo = ev;
    let tr = rows.get(ev.multipv);
    if (!tr) {
      tr = document.createElement('tr');
      for (let k = 0; k < 4; k++) tr.appendChild(document.createElement('td'));
      rows.set(ev.multipv, tr);
      const after = [...rows.keys()].sort((a, b) => a - b).map((k) => rows.get(k));
      tbody.textContent = '';
      after.forEach((r) => tbody.appendChild(r));
    }
    const td = tr.children;
    td[0].textContent = ev.multipv;
    td[1].textContent = ev.depth;
    td[2].textContent = scoreText(ev, side).replace(/ \(.*\)$/, '');
    td[3].textContent = ev.pv.join(' ');
    if (ev.multipv === 1 && ev.pv.length) setBest(ev.pv[0], ev, side);
  });
  es.addEventListener('bestmove', (e) => {
    es.close();
    const res = JSON.parse(e.data);
    // The search's answer is line 1, even when it came from an iteration
    // that ended without a report.
    const tr = rows.get(1);
    if (tr && res.bestmove && res.pv.length) {
      tr.children[1].textContent = res.depth;
      tr.children[2].textContent = scoreText(res, side).replace(/ \(.*\)$/, '');
      tr.children[3].textContent = res.pv.join(' ');
    }
    $('bestmove').textContent = res.bestmove ? `${res.bestmove} (depth ${res.depth}, ${scoreText(res, side)})` : 'none: the game is over';
    if (res.capped) $('bestmove').textContent += ` — ${res.capped}`;
    if (res.bestmove && S.analysis === es) setBest(res.bestmove, res, side);
    endAnalysis(es);
  });
  es.onerror = () => {
    es.close();
    if (S.analysis === es) say('The analysis stopped: the server is busy or gone.');
    endAnalysis(es);
  };
}

function endAnalysis(es) {
  if (S.analysis !== es) return;
  S.analysis = null;
  $('analyse').disabled = false;
  $('stop').disabled = true;
}

function stopAnalysis() {
  const es = S.analysis;
  if (!es) return;
  es.close();
  endAnalysis(es);
  const i = S.lastInfo;
  $('bestmove').textContent = i && i.pv.length ? `${i.pv[0]} (stopped at depth ${i.depth})` : 'stopped';
}

// setBest shows the analysis's best move on the board and its score on
// the evaluation bar.
function setBest(move, ev, side) {
  S.best = { move, score: ev.score, proven: ev.proven, side };
  renderBest();
}

// bestPits returns the pits the best move lifts from and those its
// warriors land in: a play move's pit and the end of its sowing (from the
// legal moves' list), or a redistribution's two pits and its drops.
function bestPits(move) {
  const m = /^([a-jA-J])([a-jA-J]):(.*)$/.exec(move);
  if (m) {
    const land = [...m[3].matchAll(/([a-jA-J])\d+/g)].map((d) => pitIndex(d[1]));
    return { src: [pitIndex(m[1]), pitIndex(m[2])], land };
  }
  const e = (S.view.moves || []).find((x) => x.move === move);
  return { src: [pitIndex(move[0])], land: e && e.landing ? [pitIndex(e.landing)] : [] };
}

// southScore is the best move's score from South's view, in centi-warriors.
function southScore(b) { return b.side === 's' ? b.score : -b.score; }

// renderBest marks the best move's pits and fills the evaluation bar, in
// Analyse only.
function renderBest() {
  const on = S.mode === 'analyse' && S.best && !S.view.result;
  const pits = on && !S.redist ? bestPits(S.best.move) : { src: [], land: [] };
  for (let i = 0; i < 20; i++) {
    const b = $('pit-' + pitName(i));
    b.classList.toggle('best-src', pits.src.includes(i));
    b.classList.toggle('best-land', pits.land.includes(i) && !pits.src.includes(i));
    const words = [b.dataset.label];
    if (pits.src.includes(i)) words.push("the engine's best move lifts here");
    if (pits.land.includes(i)) words.push("the engine's best move lands here");
    b.setAttribute('aria-label', words.join(', '));
  }
  const bar = $('evalbar');
  bar.hidden = S.mode !== 'analyse';
  let frac = 0.5, text = '–';
  if (on) {
    const v = southScore(S.best);
    if (S.best.proven) {
      const w = Math.trunc(v / 100);
      frac = w > 0 ? 1 : w < 0 ? 0 : 0.5;
      text = w === 0 ? 'a draw, proven' : `${sideWord(w > 0 ? 's' : 'n')} wins by ${Math.abs(w)}, proven`;
    } else {
      frac = 0.5 + 0.5 * Math.tanh(v / 1000);
      text = `${v > 0 ? '+' : ''}${(v / 100).toFixed(2)} (South's view)`;
    }
  } else if (S.review && S.review.game === S.start + '|' + S.moves.join(' ') && S.review.evals[S.cursor] !== undefined) {
    // No analysis here: the review's evaluation of this position.
    const v = S.review.evals[S.cursor];
    frac = 0.5 + 0.5 * Math.tanh(v / 1000);
    text = `${v > 0 ? '+' : ''}${(v / 100).toFixed(2)} (South's view, from the review)`;
  }
  // South's share fills the bar from South's side of the board.
  const fill = $('evalfill');
  fill.style.height = `${(frac * 100).toFixed(1)}%`;
  fill.style.top = S.flipped ? '0' : '';
  fill.style.bottom = S.flipped ? '' : '0';
  bar.setAttribute('aria-label', `Evaluation: ${text}`);
  $('eval-text').textContent = text;
}

// --- the board ---

function buildBoard() {
  const board = $('board');
  for (let i = 0; i < 20; i++) {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'pit';
    b.id = 'pit-' + pitName(i);
    b.dataset.pit = String(i);
    b.addEventListener('click', () => pitClick(i));
    board.appendChild(b);
  }
  // Keyboard order follows the board as drawn: the top row, then the bottom.
}

function shownCounts(p) {
  if (S.anim) return S.anim.counts.slice();
  const c = p.counts.slice();
  if (S.redist) {
    for (const i of S.redist.pits) c[i] = 0;
    if (S.redist.pits.length === 2) for (const d of S.redist.drops) c[d.pit] += d.n;
  }
  return c;
}

function render() {
  const p = current();
  const counts = shownCounts(p);
  const ply = S.cursor > 0 ? S.plies[S.cursor - 1] : null;
  const mark = {};
  if (ply) {
    for (const s of ply.source) mark[pitIndex(s)] = 'src';
    if (ply.landing) mark[pitIndex(ply.landing)] = 'land';
    for (const c of ply.captured) mark[pitIndex(c)] = 'cap';
  }
  const board = $('board');
  const order = [];
  const top = S.flipped ? [9, 8, 7, 6, 5, 4, 3, 2, 1, 0] : [19, 18, 17, 16, 15, 14, 13, 12, 11, 10];
  const bottom = S.flipped ? [10, 11, 12, 13, 14, 15, 16, 17, 18, 19] : [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
  order.push(...top, ...bottom);
  order.forEach((i, k) => {
    const b = $('pit-' + pitName(i));
    board.appendChild(b); // DOM order = visual order, for the keyboard
    const n = counts[i];
    const cls = ['pit'];
    if (p.nki[i] && !(S.redist && S.redist.pits.includes(i))) cls.push('is-nki');
    if (S.anim) {
      if (S.anim.from === i) cls.push('anim-from');
      if (S.anim.end === i) cls.push('anim-end');
    } else if (mark[i] && !S.redist) cls.push(mark[i]);
    if (S.sel === i || (S.redist && S.redist.pits.includes(i))) cls.push('sel');
    if (S.redist && S.redist.drops.some((d) => d.pit === i)) cls.push('drop');
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
    if (mark[i] === 'cap' && !S.redist && !S.anim) {
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
  renderBest();
  renderReview();
  clockRun();
  renderBars(p);
  renderStatus();
  renderHint(p);
  renderLastMove(ply);
  renderChooser(p);
  renderRedist(p);
  renderResult(p);
  renderLists();
}

function bar(side, p) {
  const el = document.createElement('div');
  el.className = 'bar-inner';
  const who = document.createElement('span');
  who.textContent = `${sideWord(side)}${S.mode === 'play' ? (side === S.human ? ' (you)' : ' (engine)') : ''}`;
  const pr = document.createElement('span');
  pr.className = 'prison';
  pr.textContent = `prison ${p.prison[side]}`;
  const parts = [who];
  if (p.side === side && !gameOver()) {
    const t = document.createElement('span');
    t.className = 'tomove';
    t.textContent = 'to move';
    parts.push(t);
  }
  if (S.clock) {
    const c = document.createElement('span');
    c.className = 'clock';
    c.id = 'clock-' + side;
    c.setAttribute('aria-label', `${sideWord(side)}'s clock`);
    c.textContent = clockText(clockLeft(side));
    parts.push(c);
  }
  parts.push(pr);
  return parts;
}

function renderBars(p) {
  const [top, bottom] = S.flipped ? ['s', 'n'] : ['n', 's'];
  $('bar-top').replaceChildren(...bar(top, p));
  $('bar-bottom').replaceChildren(...bar(bottom, p));
}

function renderStatus() {
  const p = current();
  let t = `Turn ${p.turn} · ${sideWord(p.side)} to move`;
  if (p.opening) t += ' · redistribution';
  if (S.view.result) t = S.cursor ? `Game over after ${S.cursor} moves` : 'Game over';
  else if (S.flag && S.mode === 'play') t = `Game over: ${sideWord(S.flag)}'s time ran out`;
  else if (busy()) t += ' · the engine is thinking';
  $('status').textContent = t;
}

// renderHint says how to enter a move in play: a pit, then a count.
function renderHint(p) {
  const el = $('hint');
  if (p.opening || gameOver() || busy() || !humanToMove()) { el.textContent = ''; return; }
  const own = p.side === 's' ? 'a–j' : 'A–J';
  el.textContent = S.sel >= 0
    ? `Now pick how many warriors to lift from ${pitName(S.sel)}.`
    : `Your move: click one of ${sideWord(p.side)}'s pits (${own}), then how many of its warriors to lift; or type it, pit then count, as ${p.side === 's' ? 'e5' : 'E5'}.`;
}

function renderLastMove(ply) {
  const el = $('lastmove');
  el.textContent = '';
  if (!ply) return;
  const add = (text, cls) => {
    const s = document.createElement('span');
    if (cls) s.className = cls;
    s.textContent = text;
    el.appendChild(s);
  };
  add(`Last move: ${sideWord(ply.side)} ${ply.move} — `);
  if (ply.source.length === 2) {
    add(`emptied ${ply.source.join(' and ')}`, 'k-src');
    add(' and redistributed their warriors');
    return;
  }
  add(`lifted from ${ply.source[0]}`, 'k-src');
  add(', ');
  add(`ended in ${ply.landing}`, 'k-land');
  if (ply.captured.length) {
    add(', ');
    add(`captured ${ply.captured.join(', ')}`, 'k-cap');
  }
}

function renderChooser(p) {
  const el = $('chooser');
  if (S.sel < 0) { el.hidden = true; el.textContent = ''; return; }
  const i = S.sel, n = p.counts[i];
  const legal = new Set(S.view.moves.map((m) => m.move));
  el.hidden = false;
  el.textContent = '';
  const lab = document.createElement('p');
  lab.id = 'chooser-label';
  lab.textContent = `Lift how many warriors from ${pitName(i)}? (struck-through counts are illegal)`;
  el.appendChild(lab);
  for (let k = 1; k <= n; k++) {
    const b = document.createElement('button');
    b.type = 'button';
    b.id = 'lift-' + k;
    b.textContent = String(k);
    const ok = legal.has(pitName(i) + k);
    if (!ok) b.className = 'illegal';
    b.setAttribute('aria-label', `lift ${k} from ${pitName(i)}${ok ? '' : ' (illegal)'}`);
    b.addEventListener('click', () => tryMove(pitName(i) + k));
    el.appendChild(b);
  }
  const c = document.createElement('button');
  c.type = 'button';
  c.id = 'lift-cancel';
  c.textContent = 'Cancel';
  c.addEventListener('click', () => { S.sel = -1; render(); });
  el.appendChild(c);
}

function redistHand(p) {
  const r = S.redist;
  if (!r || r.pits.length < 2) return 0;
  return p.counts[r.pits[0]] + p.counts[r.pits[1]] - r.drops.reduce((a, d) => a + d.n, 0);
}

// dropSize is how many warriors one click drops, from its field (1 when
// the field is empty or not a number).
function dropSize() {
  return Math.max(1, parseInt($('drop-n').value, 10) || 1);
}

function redistMove() {
  const [i, j] = S.redist.pits.slice().sort((a, b) => a - b);
  const n = new Array(20).fill(0);
  for (const d of S.redist.drops) n[d.pit] += d.n;
  let s = pitName(i) + pitName(j) + ':';
  for (let k = 0; k < 20; k++) if (n[k]) s += pitName(k) + n[k];
  return s;
}

function renderRedist(p) {
  const el = $('redist');
  const r = S.redist;
  const ours = p.opening && !gameOver() && humanToMove() && !busy();
  if (!ours) { el.hidden = true; return; }
  el.hidden = false;
  const hand = redistHand(p);
  if (!r || r.pits.length < 2) {
    const picked = r ? r.pits.map(pitName) : [];
    $('redist-text').textContent = `Redistribution: pick two of your occupied pits to empty${picked.length ? ` (picked ${picked[0]})` : ''}.`;
  } else {
    $('redist-text').textContent = hand > 0
      ? `Emptied ${pitName(r.pits[0])} and ${pitName(r.pits[1])}: click any pit to drop warriors there (as many a click as "Warriors a click" says).`
      : `All warriors placed: play ${redistMove()}.`;
  }
  $('hand').textContent = String(hand);
  $('drops').textContent = r && r.drops.length ? `(${redistMove().split(':')[1]})` : '';
  $('drop-undo').disabled = !r || (r.drops.length === 0 && r.pits.length === 0);
  $('redist-cancel').disabled = !r || r.pits.length === 0;
  $('redist-play').disabled = !r || r.pits.length < 2 || hand > 0;
}

function renderResult(p) {
  const el = $('result');
  const res = S.view.result;
  if (!res && S.flag && S.mode === 'play') {
    el.hidden = false;
    el.textContent = '';
    const head = document.createElement('strong');
    head.textContent = `Game over: ${sideWord(S.flag === 's' ? 'n' : 's')} wins on time.`;
    const why = document.createElement('p');
    why.textContent = `${sideWord(S.flag)}'s clock ran out.`;
    el.append(head, why);
    return;
  }
  if (!res) { el.hidden = true; return; }
  el.hidden = false;
  el.textContent = '';
  const board = p.counts.reduce((a, b) => a + b, 0);
  const head = document.createElement('strong');
  const winner = res.winner === 'draw' ? 'A draw' : `${sideWord(res.winner)} wins`;
  head.textContent = `Game over: ${winner}, ${res.south}–${res.north}.`;
  el.appendChild(head);
  const sweep = document.createElement('p');
  if (res.repetition) {
    sweep.textContent = 'The position occurred for the third time: each side takes the warriors in its own row.';
  } else {
    const stuck = sideWord(p.side), other = sideWord(p.side === 's' ? 'n' : 's');
    sweep.textContent = `${stuck} has no legal move: the ${board} warrior${board === 1 ? '' : 's'} left on the board go${board === 1 ? 'es' : ''} to ${other}'s prison.`;
  }
  el.appendChild(sweep);
  const tally = document.createElement('p');
  tally.textContent = `Final tally: South ${res.south}, North ${res.north}.`;
  el.appendChild(tally);
  if (res.oneWarrior) {
    const ow = document.createElement('p');
    ow.id = 'one-warrior';
    ow.textContent = `One-warrior victory! ${sideWord(res.winner)} wins by exactly two warriors, the mark of exceptional skill.`;
    el.appendChild(ow);
  }
}

function renderLists() {
  // The Analyse fields hold the game on the board, so that Open position
  // reopens it rather than a stale one; they change only when the game does.
  const game = S.start + '|' + S.moves.join(' ');
  if (S.fieldsFor !== game) {
    S.fieldsFor = game;
    $('pos-input').value = S.start;
    $('moves-input').value = S.moves.join(' ');
  }
  $('pos-out').value = S.view.position;
  $('moves-out').value = S.moves.slice(0, S.cursor).join(' ');
  $('link-out').value = shareLink();
  const ol = $('movelist');
  ol.textContent = '';
  S.moves.forEach((m, k) => {
    const li = document.createElement('li');
    if (k >= S.cursor) li.className = 'future';
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = `${sideWord(S.plies[k] ? S.plies[k].side : '')[0]} ${m}`;
    b.setAttribute('aria-label', `go to the position after move ${k + 1}, ${m}`);
    if (k === S.cursor - 1) b.setAttribute('aria-current', 'true');
    b.addEventListener('click', () => setCursor(k + 1));
    li.appendChild(b);
    ol.appendChild(li);
  });
  $('undo').disabled = S.cursor === 0;
  $('redo').disabled = S.cursor === S.moves.length;
}

// --- input ---

function pitClick(i) {
  say('');
  if (S.anim) { stopAnimation(); return; }
  const p = current();
  if (gameOver()) { say('The game is over: start a new game or step back.'); return; }
  if (busy()) { say('Wait for the engine to move.'); return; }
  if (!humanToMove()) { say(`It is ${sideWord(p.side)}'s turn: the engine's.`); return; }
  if (p.opening) {
    if (!S.redist) S.redist = { pits: [], drops: [] };
    const r = S.redist;
    if (r.pits.length < 2) {
      if (r.pits.includes(i)) r.pits = r.pits.filter((x) => x !== i);
      else if (owner(i) !== p.side || p.counts[i] === 0) {
        say(`Pick one of ${sideWord(p.side)}'s occupied pits to empty.`);
        return;
      } else r.pits.push(i);
    } else if (redistHand(p) > 0) {
      r.drops.push({ pit: i, n: Math.min(dropSize(), redistHand(p)) });
    }
    render();
    return;
  }
  if (owner(i) !== p.side) { say(`${pitName(i)} is not ${sideWord(p.side)}'s pit.`); return; }
  if (p.counts[i] === 0) { say(`${pitName(i)} is empty.`); return; }
  S.sel = S.sel === i ? -1 : i;
  render();
  if (S.sel >= 0) $('lift-1').focus();
}

function dropUndo() {
  const r = S.redist;
  if (!r) return;
  if (r.drops.length) r.drops.pop();
  else r.pits.pop();
  render();
}

function undo() {
  if (S.cursor === 0) return;
  let k = S.cursor - 1;
  if (S.mode === 'play') while (k > 0 && sideAt(k) !== S.human) k--;
  setCursor(k);
}

async function redo() {
  if (S.cursor === S.moves.length) return;
  let k = S.cursor + 1;
  if (S.mode === 'play') while (k < S.moves.length && sideAt(k) !== S.human) k++;
  await setCursor(k);
}

async function newGame() {
  stopEngine();
  stopAnalysis();
  S.human = $('side').value === 'north' ? 'n' : 's';
  S.level = $('level').value;
  S.ffl = $('ffl').checked;
  setMode('play');
  say('');
  const base = Math.round(parseFloat($('clock-base').value) * 1000) || 0;
  const inc = Math.round(parseFloat($('clock-inc').value) * 1000) || 0;
  S.clock = base > 0 ? { base, inc, s: base, n: base, running: null, since: 0 } : null;
  S.flag = null;
  const engine = `kiothi ${S.level}`;
  S.players = S.human === 's' ? { s: 'You', n: engine } : { s: engine, n: 'You' };
  await load($('setup').value, []);
  S.games++;
  history.replaceState(null, '', location.pathname);
  maybeEngine();
}

function setMode(m) {
  S.mode = m;
  say('');
  $('tab-play').setAttribute('aria-pressed', String(m === 'play'));
  $('tab-analyse').setAttribute('aria-pressed', String(m === 'analyse'));
  $('play-panel').hidden = m !== 'play';
  $('analyse-panel').hidden = m !== 'analyse';
  if (m === 'analyse') stopEngine();
  else stopAnalysis();
}

async function openPosition(pos, moves) {
  S.players = { s: '?', n: '?' };
  S.clock = null;
  S.flag = null;
  stopEngine();
  stopAnalysis();
  setMode('analyse');
  say('');
  try {
    await load(pos, moves);
  } catch (e) {
    say(explain(e, true));
  }
}

// copy puts a field's text on the clipboard: through the Clipboard API,
// else by selecting the field (the browser's own copy command).
async function copy(field, what) {
  const el = $(field);
  let ok = false;
  try {
    await navigator.clipboard.writeText(el.value);
    ok = true;
  } catch (e) {
    el.focus();
    el.select();
    try { ok = document.execCommand('copy'); } catch (e2) { ok = false; }
  }
  say(ok ? '' : 'Could not copy: the text is selected, copy it by hand.');
  if (ok) $('status').textContent = `${what} copied.`;
}

// shareLink opens this game at this move: the start, every move (the
// history the repetition rule needs, and the moves ahead), the move shown
// when not the last, and the free first lap when on.
function shareLink() {
  const q = new URLSearchParams({ position: S.start });
  if (S.moves.length) q.set('moves', S.moves.join(' '));
  if (S.cursor !== S.moves.length) q.set('ply', String(S.cursor));
  if (S.ffl) q.set('freefirstlap', 'true');
  return `${location.origin}${location.pathname}?${q.toString()}`;
}

// --- review ---


// moveClass names a move by the warriors it lost against the engine's
// evaluation (RULES: a warrior is 100 centi-warriors).
function moveClass(loss) {
  if (loss >= 400) return 'blunder';
  if (loss >= 200) return 'mistake';
  if (loss >= 100) return 'inaccuracy';
  return '';
}

// reviewGame evaluates every position of the line in turn (POST
// /api/v1/analyse, the time per position from its field) and draws the
// graph as the evaluations come; a change of game stops it.
async function reviewGame() {
  const game = S.start + '|' + S.moves.join(' ');
  const ms = Math.max(20, parseInt($('rv-time').value, 10) || 200);
  const moves = S.moves.slice();
  const start = S.start;
  S.review = { game, evals: [], done: false };
  const r = S.review;
  $('review').disabled = true;
  for (let k = 0; k <= moves.length; k++) {
    if (S.review !== r || game !== S.start + '|' + S.moves.join(' ')) {
      if (S.review === r) { S.review = null; $('rv-status').textContent = 'The review stopped: the game changed.'; $('review').disabled = false; }
      return;
    }
    $('rv-status').textContent = `Reviewing: position ${k} of ${moves.length}…`;
    let a;
    try {
      a = await api('/api/v1/analyse', { position: start, moves: moves.slice(0, k), limits: { movetime: ms } });
    } catch (e) {
      if (S.review === r) { $('rv-status').textContent = `The review stopped: ${e.message}`; $('review').disabled = false; }
      return;
    }
    const side = parsePos(a.position).side;
    r.evals.push(a.result ? (a.result.south - a.result.north) * 100 : (side === 's' ? a.score : -a.score));
    renderReview();
  }
  r.done = true;
  $('review').disabled = false;
  renderReview();
}

// renderReview draws the evaluation graph (South's view, clamped to ±10
// warriors), each move's point coloured by its class, and lists the worst
// moves; clicking a point or a listed move goes to that position.
function renderReview() {
  const r = S.review;
  const svg = $('rv-graph'), list = $('rv-worst');
  const valid = r && r.game === S.start + '|' + S.moves.join(' ');
  $('rv-area').hidden = !valid;
  if (!valid) return;
  svg.replaceChildren();
  const n = S.moves.length, W = 300, H = 120, cap = 1000;
  const x = (k) => (n ? (k / n) * (W - 10) + 5 : W / 2);
  const y = (v) => H / 2 - (Math.max(-cap, Math.min(cap, v)) / cap) * (H / 2 - 6);
  const el = (name, attrs) => { const e = document.createElementNS(svg.namespaceURI, name); for (const k in attrs) e.setAttribute(k, attrs[k]); return e; };
  svg.appendChild(el('line', { x1: 0, y1: H / 2, x2: W, y2: H / 2, class: 'rv-axis' }));
  if (S.cursor <= n) svg.appendChild(el('line', { x1: x(S.cursor), y1: 0, x2: x(S.cursor), y2: H, class: 'rv-cursor' }));
  const pts = r.evals.map((v, k) => `${x(k).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  svg.appendChild(el('polyline', { points: pts, class: 'rv-line' }));
  const worst = [];
  r.evals.forEach((v, k) => {
    let cls = '';
    if (k > 0) {
      const mover = S.plies[k - 1] ? S.plies[k - 1].side : 'south';
      const loss = mover === 'south' ? r.evals[k - 1] - v : v - r.evals[k - 1];
      cls = moveClass(loss);
      if (cls) worst.push({ k, loss, cls });
    }
    const c = el('circle', { cx: x(k), cy: y(v), r: 4, class: 'rv-pt ' + cls, 'data-ply': k });
    const tip = el('title', {});
    tip.textContent = `after move ${k}${k ? ' ' + S.moves[k - 1] : ''}: ${(v / 100).toFixed(2)} (South's view)${cls ? ', ' + cls : ''}`;
    c.appendChild(tip);
    c.addEventListener('click', () => setCursor(k));
    svg.appendChild(c);
  });
  list.textContent = '';
  worst.sort((a, b) => b.loss - a.loss).slice(0, 5).forEach((w) => {
    const li = document.createElement('li');
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = `${w.k}. ${S.moves[w.k - 1]}: ${w.cls}, −${(w.loss / 100).toFixed(1)} warriors`;
    b.addEventListener('click', () => setCursor(w.k));
    li.appendChild(b);
    list.appendChild(li);
  });
  $('rv-status').textContent = r.done ? (worst.length ? `Reviewed ${n} moves; the worst:` : `Reviewed ${n} moves: no inaccuracy found.`) : $('rv-status').textContent;
}

// --- PGN ---

const STARTS = {
  '0.0.0.0.5.5.5.5.5.5/0.0.0.0.5.5.5.5.5.5 0-0 s 1': 'startpos',
  '0.0.0.0.0.5.5.5.5.5/0.0.0.0.0.5.5.5.5.5 0-0 s 1': 'startpos25',
};

const pgnTag = (name, value) => `[${name} "${String(value).replace(/[\\"]/g, (c) => '\\' + c).replace(/[\r\n]/g, ' ')}"]\n`;

// gamePGN writes the game (every move of the line, the moves ahead of
// the board included) in the PGN form kiothi match --pgnout and cutegames
// write: the tags, a blank line, the moves numbered by pair from 1
// ("1... " first when North moves first) and the result on one line.
async function gamePGN() {
  const end = S.cursor === S.moves.length ? S.view : await api('/api/v1/game', gameBody(S.moves));
  const res = end.result;
  let result = !res ? '*' : res.winner === 'south' ? '1-0' : res.winner === 'north' ? '0-1' : '1/2-1/2';
  let termination = res ? 'normal' : 'unterminated';
  if (!res && S.flag) { result = S.flag === 's' ? '0-1' : '1-0'; termination = 'time forfeit'; }
  const tc = S.clock ? `${S.clock.base / 1000}+${S.clock.inc / 1000}` : '-';
  const d = new Date();
  const date = `${d.getFullYear()}.${String(d.getMonth() + 1).padStart(2, '0')}.${String(d.getDate()).padStart(2, '0')}`;
  let out = pgnTag('Event', 'kiothi page') + pgnTag('Site', 'kiothi') + pgnTag('Date', date) + pgnTag('Round', '-') +
    pgnTag('South', S.players.s) + pgnTag('North', S.players.n) + pgnTag('Result', result) +
    pgnTag('FEN', STARTS[S.start] || S.start) + pgnTag('PlyCount', S.moves.length) +
    pgnTag('TimeControl', tc) + pgnTag('Termination', termination);
  if (S.ffl) out += pgnTag('Variant', 'free-first-lap');
  out += '\n';
  let ply = 0;
  const words = [];
  if (parsePos(S.start).side === 'n') { words.push('1...'); ply = 1; }
  for (const m of S.moves) {
    if (ply % 2 === 0) words.push(`${ply / 2 + 1}.`);
    words.push(m);
    ply++;
  }
  words.push(result);
  return out + words.join(' ') + '\n\n';
}

// readPGN takes the first game of a PGN text: its FEN tag (startpos when
// absent) and its moves, skipping move numbers, comments, variations,
// NAGs and the result. The server checks the moves when the game opens.
function readPGN(text) {
  const fen = /^\s*\[FEN\s+"((?:[^"\\]|\\.)*)"\]/m.exec(text);
  const ff = /^\s*\[Variant\s+"free-first-lap"\]/m.test(text);
  let body = text.replace(/^\s*\[.*\]\s*$/gm, ' ').replace(/^%.*$/gm, ' ');
  body = body.replace(/\{[^}]*\}/g, ' ').replace(/;[^\n]*/g, ' ');
  while (/\([^()]*\)/.test(body)) body = body.replace(/\([^()]*\)/g, ' ');
  const moves = [];
  for (let tok of body.split(/\s+/)) {
    tok = tok.replace(/^\d+\.+/, '').replace(/[!?]+$/, '');
    if (/^(1-0|0-1|1\/2-1\/2|\*)$/.test(tok)) break; // the first game ends
    if (!tok || /^\$\d+$/.test(tok)) continue;
    moves.push(tok);
  }
  return { position: fen ? fen[1].replace(/\\(.)/g, '$1') : 'startpos', moves, ffl: ff };
}

async function openPGN() {
  const text = $('pgn-input').value;
  if (!text.trim()) { say('Paste a game in PGN first.'); return; }
  const g = readPGN(text);
  S.ffl = g.ffl;
  $('ffl').checked = g.ffl;
  await openPosition(g.position, g.moves);
}

async function downloadPGN() {
  let text;
  try { text = await gamePGN(); } catch (e) { say(`Could not write the PGN: ${e.message}`); return; }
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([text], { type: 'application/x-chess-pgn' }));
  a.download = 'kiothi-game.pgn';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
  $('status').textContent = 'PGN downloaded.';
}

function wire() {
  $('tab-play').addEventListener('click', () => { setMode('play'); render(); maybeEngine(); });
  $('tab-analyse').addEventListener('click', () => { setMode('analyse'); render(); });
  $('new-game').addEventListener('click', newGame);
  $('undo').addEventListener('click', undo);
  $('redo').addEventListener('click', redo);
  $('flip').addEventListener('click', () => { S.flipped = !S.flipped; render(); });
  $('drop-undo').addEventListener('click', dropUndo);
  $('redist-cancel').addEventListener('click', () => { S.redist = null; render(); });
  $('redist-play').addEventListener('click', () => tryMove(redistMove()));
  $('moveform').addEventListener('submit', async (e) => {
    e.preventDefault();
    const m = $('moveinput').value.trim();
    if (!m) { say('Type a move: e5, or a redistribution such as ij:a3b2F5.'); return; }
    if (busy()) { say('Wait for the engine to move.'); return; }
    if (S.mode === 'play' && !humanToMove()) { say("It is the engine's turn."); return; }
    if (await tryMove(m)) $('moveinput').value = '';
  });
  $('load').addEventListener('click', () => openPosition($('pos-input').value.trim(), $('moves-input').value.trim().split(/\s+/).filter(Boolean)));
  $('step-first').addEventListener('click', () => setCursor(0));
  $('step-back').addEventListener('click', () => setCursor(stepFrom() - 1));
  $('step-fwd').addEventListener('click', () => setCursor(stepFrom() + 1));
  $('step-last').addEventListener('click', () => setCursor(S.moves.length));
  $('analyse').addEventListener('click', startAnalysis);
  $('stop').addEventListener('click', stopAnalysis);
  $('copy-pos').addEventListener('click', () => copy('pos-out', 'Position'));
  $('copy-moves').addEventListener('click', () => copy('moves-out', 'Moves'));
  $('copy-link').addEventListener('click', () => copy('link-out', 'Link'));
  $('download-pgn').addEventListener('click', downloadPGN);
  $('review').addEventListener('click', reviewGame);
  $('open-pgn').addEventListener('click', openPGN);
  $('anim-replay').addEventListener('click', replayMove);
  $('an-inf').addEventListener('change', () => { $('an-time').disabled = $('an-inf').checked; });
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && (S.sel >= 0 || S.redist)) { resetInput(); render(); return; }
    const t = e.target.tagName;
    if (t === 'INPUT' || t === 'TEXTAREA' || t === 'SELECT') return;
    if (S.mode === 'analyse' && e.key === 'ArrowLeft') setCursor(stepFrom() - 1);
    if (S.mode === 'analyse' && e.key === 'ArrowRight') setCursor(stepFrom() + 1);
  });
}

async function init() {
  buildBoard();
  wire();
  setInterval(clockTick, 100);
  const q = new URLSearchParams(location.search);
  if (q.has('position')) {
    $('pos-input').value = q.get('position');
    $('moves-input').value = q.get('moves') || '';
    S.view = null;
    S.ffl = q.get('freefirstlap') === 'true';
    $('ffl').checked = S.ffl;
    setMode('analyse');
    const moves = (q.get('moves') || '').split(/\s+/).filter(Boolean);
    const ply = q.has('ply') ? Math.max(0, Math.min(moves.length, parseInt(q.get('ply'), 10) || 0)) : undefined;
    try {
      await load(q.get('position'), moves, ply);
      return;
    } catch (e) {
      await load('startpos', []);
      say(`Could not open the position from the link: ${explain(e, true)}`);
      return;
    }
  }
  S.level = $('level').value;
  await load('startpos', []);
}

init().catch((e) => { $('status').textContent = 'The page could not start: ' + e.message; });
