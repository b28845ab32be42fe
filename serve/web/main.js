// The Kiothi page's main module: the game tree on the board, play against
// the engine and analysis, over the server's API (/api/v1/game, the
// analysis stream, /api/v1/annotate and the PGN endpoints). No framework.

import { $, S, hooks, pitName, pitIndex, owner, sideWord, parsePos, say, current, moveNumber, mainLine, pathTo, treeFrom, newNode } from './state.js';
import { api, game, explain, streamURL, levelParams } from './api.js';
import { buildBoard, renderPits, renderBest } from './board.js';
import { clockRun, clockText, clockLeft, clockTick, clockMoved, clockParams } from './clock.js';
import { reviewGame, renderReview, SYMBOL } from './review.js';
import { pageGame, writePGN, readPGN, gameTree, gameTag } from './pgn.js';
import { renderOracle } from './oracle.js';

// stepFrom is the move a step counts from: the one a step on its way
// goes to, else the one shown (two quick clicks on < go back two).
function stepFrom() { return S.going === null ? S.cursor : S.going; }

// gameOver: the game on the board has ended, by the rules or, in Play, on time.
function gameOver() { return !!S.view.result || (!!S.flag && S.mode === 'play'); }
function sideAt(k) { return parsePos(k === 0 ? S.view.start : S.plies[k - 1].position).side; }
function busy() { return S.engine !== null; }
function humanToMove() {
  return S.mode === 'analyse' || current().side === S.human;
}

// setLine makes nodes the line shown.
function setLine(nodes) {
  S.line = nodes;
  S.moves = nodes.map((n) => n.move);
}

// --- loading and moving ---

// openTree opens a game tree from start on its main line, at cursor (the
// line's end when undefined). The server checks the line's moves.
async function openTree(start, root, cursor) {
  ++S.seq;
  S.going = null;
  const line = mainLine(root);
  const v = await api('/api/v1/game', { position: start, moves: line.map((n) => n.move), freeFirstLap: S.ffl });
  S.startName = start;
  S.start = v.start;
  S.root = root;
  line.forEach((n, k) => { n.move = v.plies[k].move; }); // the server's spelling
  setLine(line);
  S.plies = v.plies;
  S.cursor = cursor === undefined ? line.length : cursor;
  if (S.cursor === line.length) S.view = v;
  else S.view = await game(S.moves.slice(0, S.cursor));
  clearAnalysis();
  resetInput();
  render();
}

function load(start, moves, cursor) { return openTree(start, treeFrom(moves), cursor); }

// openLine shows line (nodes from the root) at move k; the server
// replays it, so a side line read from a PGN is checked when shown.
async function openLine(line, k) {
  stopAnimation();
  stopEngine();
  stopAnalysis();
  const seq = ++S.seq;
  let v;
  try {
    v = await game(line.map((n) => n.move));
  } catch (e) {
    if (seq === S.seq) say(explain(e, true));
    return;
  }
  if (seq !== S.seq) return;
  setLine(line);
  S.plies = v.plies;
  await setCursor(k);
}

// goToNode shows the position after node, on its line (its main
// continuation ahead).
function goToNode(node) {
  const path = pathTo(node);
  const line = path.concat(mainLine(node));
  if (line.length === S.line.length && line.every((n, k) => n === S.line[k])) return setCursor(path.length);
  return openLine(line, path.length);
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
    v = await game(S.moves.slice(0, k));
  } finally {
    if (seq === S.seq) S.going = null;
  }
  if (seq !== S.seq) return; // a later step or move won
  S.view = v;
  S.cursor = k;
  clearAnalysis();
  resetInput();
  say('');
  render();
  maybeEngine();
}

// tryMove plays m at the position shown. The move ahead, played again,
// is followed; another move (one the tree has, or a new one) goes on
// its own line, the one ahead kept as the main line: a new move starts a
// side line rather than cutting the game.
async function tryMove(m) {
  say('');
  if (S.flag && S.mode === 'play') { say(`The game is over: ${sideWord(S.flag)}'s time ran out.`); return false; }
  const moves = S.moves.slice(0, S.cursor).concat([m]);
  const seq = ++S.seq;
  S.going = null;
  let v;
  try {
    v = await game(moves);
  } catch (e) {
    if (seq === S.seq) say(explain(e));
    return false;
  }
  if (seq !== S.seq) return false; // the board changed meanwhile
  const played = v.plies[v.plies.length - 1].move;
  const parent = S.cursor === 0 ? S.root : S.line[S.cursor - 1];
  let node = parent.children.find((c) => c.move === played);
  if (!node || node !== S.line[S.cursor]) {
    if (!node) { node = newNode(played, parent); parent.children.push(node); }
    const line = S.line.slice(0, S.cursor).concat([node], mainLine(node));
    let plies = v.plies;
    if (line.length > moves.length) {
      try { plies = (await game(line.map((n) => n.move))).plies; } catch (e) { say(explain(e, true)); return false; }
      if (seq !== S.seq) return false;
    }
    setLine(line);
    S.plies = plies;
  }
  if (S.mode === 'play') clockMoved(parsePos(S.view.position).side);
  const before = S.view.position;
  S.cursor++;
  S.view = v;
  clearAnalysis();
  resetInput();
  stopAnalysis();
  render();
  await animatePly(v.plies[v.plies.length - 1], before);
  maybeEngine();
  return true;
}

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

// scoreText is a search's score in words, from side's view.
function scoreText(ev, side) {
  if (ev.proven) {
    const w = Math.trunc(ev.score / 100);
    return `${w > 0 ? '+' : ''}${w} warrior${Math.abs(w) === 1 ? '' : 's'}, proven (${sideWord(side)}'s view)`;
  }
  const v = (ev.score / 100).toFixed(2);
  return `${ev.score > 0 ? '+' : ''}${v} (${sideWord(side)}'s view)`;
}

function stopEngine() {
  if (S.engine) { S.engine.close(); S.engine = null; $('engine-line').textContent = ''; }
}

// --- the engine ---

function maybeEngine() {
  // The engine moves whenever it is to move in play, whether or not moves
  // lie ahead (its move then starts a side line, as a human move does).
  if (S.mode !== 'play' || busy() || S.view.result || S.flag) return;
  if (current().side === S.human) return;
  const side = current().side;
  const es = new EventSource(streamURL(S.moves.slice(0, S.cursor), engineParams(), 1));
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

// engineParams is the engine's level, and with clocks its clock: the
// stream takes UGI's clock parameters and the server's time manager
// decides the move time (a move-time level gives way to the clock; a
// depth level keeps its depth within it).
function engineParams() {
  const p = levelParams(S.level);
  if (!S.clock) return p;
  delete p.movetime;
  return Object.assign(p, clockParams());
}

// --- analysis ---

// clearAnalysis forgets the last analysis's lines (the board changed).
function clearAnalysis() {
  S.best = null;
  S.lines = [];
}

function startAnalysis() {
  stopAnalysis();
  if (S.view.result) { say('The game is over: nothing to analyse.'); return; }
  // Unlimited runs until Stop (or the server's own cap); a time limit
  // above the server's cap is capped by the server, which says so.
  const limit = $('an-inf').checked ? { infinite: 'true' } : { movetime: Math.max(100, parseInt($('an-time').value, 10) || 3000) };
  const lines = parseInt($('an-lines').value, 10) || 1;
  const side = current().side;
  const rows = new Map();
  const tbody = $('lines').querySelector('tbody');
  tbody.textContent = '';
  clearAnalysis();
  $('bestmove').textContent = '…';
  $('lines-cap').textContent = `Engine lines, scores from ${sideWord(side)}'s view (${sideWord(side)} to move)`;
  const es = new EventSource(streamURL(S.moves.slice(0, S.cursor), limit, lines));
  S.analysis = es;
  $('analyse').disabled = true;
  $('stop').disabled = false;
  const show = (k, ev) => {
    let tr = rows.get(k);
    if (!tr) {
      tr = document.createElement('tr');
      for (let c = 0; c < 4; c++) tr.appendChild(document.createElement('td'));
      rows.set(k, tr);
      tbody.replaceChildren(...[...rows.keys()].sort((a, b) => a - b).map((j) => rows.get(j)));
    }
    const td = tr.children;
    td[0].textContent = k;
    td[1].textContent = ev.depth;
    td[2].textContent = scoreText(ev, side).replace(/ \(.*\)$/, '');
    td[3].textContent = ev.pv.join(' ');
  };
  es.addEventListener('info', (e) => {
    const ev = JSON.parse(e.data);
    S.lastInfo = ev;
    show(ev.multipv, ev);
    if (ev.pv.length) S.lines[ev.multipv - 1] = { move: ev.pv[0], score: ev.score, proven: ev.proven, side };
    if (ev.multipv === 1 && ev.pv.length) setBest(ev.pv[0], ev, side);
    else renderBest();
  });
  es.addEventListener('bestmove', (e) => {
    es.close();
    const res = JSON.parse(e.data);
    // The search's answer is line 1.
    if (rows.get(1) && res.bestmove && res.pv.length) show(1, res);
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
  S.lines[0] = S.best;
  renderBest();
}

// --- the page ---

function render() {
  const p = current();
  const ply = S.cursor > 0 ? S.plies[S.cursor - 1] : null;
  renderPits(p, ply);
  renderBest();
  renderReview();
  clockRun();
  renderBars(p);
  renderStatus();
  renderHint(p);
  renderLastMove(ply);
  renderComment();
  renderChooser(p);
  renderRedist(p);
  renderResult(p);
  renderLists();
  renderOracle();
}

// renderComment shows the comment of the move that led to the board:
// the PGN's (annotate's, when the PGN came from kiothi annotate), else
// the review's.
function renderComment() {
  const n = S.cursor > 0 ? S.line[S.cursor - 1] : null;
  const text = n ? n.comment || (n.rv && n.rv.comment) || '' : '';
  $('comment').textContent = text;
  $('comment').hidden = !text;
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


// scoreWord is a reviewed move's value after it, from South's view:
// warriors with two decimals, or whole and marked when proven.
function scoreWord(rv) {
  const v = rv.side === 'south' ? rv.after : -rv.after;
  if (rv.proven || rv.after_proven) return `${v > 0 ? '+' : ''}${Math.trunc(v / 100)}∎`;
  return `${v > 0 ? '+' : ''}${(v / 100).toFixed(2)}`;
}

// renderMoves writes the game tree as its PGN numbers it: the main line
// in pairs ("1. a3 B2"), each side line in brackets after the move it
// replaces, numbered again where it starts and after a side line ("3...");
// each move with the review's class mark and score, and its comment
// after it.
function renderMoves() {
  const box = $('movelist');
  box.replaceChildren();
  const first = parsePos(S.view.start).side;
  const at = new Map(S.line.map((n, k) => [n, k]));
  const move = (n, k, numbered) => {
    const num = moveNumber(k, first);
    // A move and its number wrap together.
    const frag = document.createElement('span');
    frag.className = 'ply';
    if (num.south || numbered) {
      const s = document.createElement('span');
      s.className = 'num';
      s.textContent = `${num.n}${num.south ? '.' : '...'}`;
      frag.append(s);
    }
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'mv';
    b.dataset.ply = String(k + 1);
    const on = at.has(n);
    if (on && at.get(n) >= S.cursor) b.classList.add('future');
    if (!on) b.classList.add('off');
    if (on && at.get(n) === S.cursor - 1) b.setAttribute('aria-current', 'true');
    const sym = n.rv && SYMBOL[n.rv.class] ? SYMBOL[n.rv.class] : '';
    b.append(n.move);
    const words = [`${num.n}${num.south ? '.' : '...'} ${n.move}`];
    if (sym) {
      const c = document.createElement('span');
      c.className = 'sym ' + n.rv.class;
      c.textContent = sym;
      b.append(c);
      words.push(n.rv.class);
    }
    if (n.rv) {
      const c = document.createElement('span');
      c.className = 'score';
      c.textContent = scoreWord(n.rv);
      b.append(c);
      words.push(`${c.textContent} for South`);
    }
    b.title = n.rv && n.rv.comment ? n.rv.comment : '';
    b.setAttribute('aria-label', `go to the position after ${words.join(', ')}`);
    b.addEventListener('click', () => goToNode(n));
    frag.append(b);
    if (!n.comment) return frag;
    // The PGN's comment follows its move, as lichess shows it.
    const c = document.createElement('span');
    c.className = 'comment';
    c.textContent = n.comment;
    return [frag, ' ', c];
  };
  const write = (parent, node, k, into) => {
    let numbered = true;
    for (let p = parent, n = node; n; p = n, n = n.children[0], k++) {
      into.append(...[move(n, k, numbered)].flat(), ' ');
      numbered = false;
      if (n === p.children[0] && p.children.length > 1) {
        for (const alt of p.children.slice(1)) {
          const v = document.createElement('div');
          v.className = 'var';
          write(p, alt, k, v);
          into.append(v);
        }
        numbered = true;
      }
    }
  };
  if (S.root.children.length) write(S.root, S.root.children[0], 0, box);
}

function renderLists() {
  // The Analyse fields hold the game on the board, so that Open position
  // reopens it rather than a stale one; they change only when the game does.
  const g = S.start + '|' + S.moves.join(' ');
  if (S.fieldsFor !== g) {
    S.fieldsFor = g;
    $('pos-input').value = S.startName || S.start;
    $('moves-input').value = S.moves.join(' ');
  }
  $('pos-out').value = S.view.position;
  $('moves-out').value = S.moves.slice(0, S.cursor).join(' ');
  $('link-out').value = shareLink();
  renderMoves();
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

// --- the game ---

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
  S.review = null;
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

// openPosition opens a game tree (or a line of moves) from pos in Analyse.
async function openPosition(pos, tree, players) {
  S.players = players || { s: '?', n: '?' };
  S.clock = null;
  S.flag = null;
  S.review = null;
  stopEngine();
  stopAnalysis();
  setMode('analyse');
  say('');
  try {
    await openTree(pos, Array.isArray(tree) ? treeFrom(tree) : tree);
    return true;
  } catch (e) {
    say(explain(e, true));
    return false;
  }
}

// openPGN opens the first game of a pasted PGN text, read by the
// server: its start (the FEN tag; startpos without one), its variant,
// players, moves, side lines and comments.
async function openPGN() {
  const text = $('pgn-input').value;
  if (!text.trim()) { say('Paste a game in PGN first.'); return; }
  let games;
  try {
    games = await readPGN(text);
  } catch (e) {
    say(`Could not read the PGN: ${e.message}`);
    return;
  }
  if (!games.length) { say('The PGN holds no game.'); return; }
  const g = games[0];
  S.ffl = gameTag(g, 'Variant') === 'free-first-lap';
  $('ffl').checked = S.ffl;
  const ok = await openPosition(gameTag(g, 'FEN') || 'startpos', gameTree(g.moves),
    { s: gameTag(g, 'South') || '?', n: gameTag(g, 'North') || '?' });
  if (ok && games.length > 1) $('status').textContent = `Opened game 1 of the ${games.length} in the PGN.`;
}

// gamePGN is the game tree in PGN, written by the server: the main line
// with its side lines and comments.
async function gamePGN() {
  const main = mainLine(S.root);
  const onMain = S.cursor === main.length && main.length === S.line.length && main.every((n, k) => n === S.line[k]);
  const end = onMain ? S.view : await game(main.map((n) => n.move));
  return writePGN(pageGame(end));
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

function flagged() {
  stopEngine();
  resetInput();
  render();
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
  Object.assign(hooks, { render, setCursor, goToNode, openLine, tryMove });
  buildBoard(pitClick);
  wire();
  setInterval(() => clockTick(flagged), 100);
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

// The state and a few functions, for the browser tests and the console.
Object.assign(window, { S, gamePGN, renderReview, render });

init().catch((e) => { $('status').textContent = 'The page could not start: ' + e.message; });
