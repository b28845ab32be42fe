// The page's state and its transitions: the functions below are the only
// writers of the state; every other module reads it through `state`,
// which refuses an assignment to its fields.

import { newNode, parsePos } from './game.js';

const page = {
  mode: 'play',
  start: 'startpos',    // the start position, as the server writes it
  startName: 'startpos', // the start as given (startpos, startpos25 or a position): the PGN's FEN tag
  root: newNode(null, null), // the game tree
  line: [],       // the line shown: the nodes from the root, the moves ahead included
  moves: [],      // line's moves
  plies: [],      // what each move of line did (from /api/v1/game)
  cursor: 0,      // moves of line played to reach the position shown
  view: null,     // /api/v1/game's answer for moves[0:cursor]
  freeFirstLap: false,
  human: 's',
  level: 'movetime=500',
  flipped: false,
  liftPit: -1,    // the pit whose lift count is being chosen
  redist: null,   // {pits: [i, j], drops: [{pit, n}...]} while a redistribution is entered
  engine: null,   // the EventSource of the engine's move
  analysis: null, // the EventSource of an analysis
  lastInfo: null,
  lines: [],      // the analysis's lines by multipv - 1: {move, score, proven, side}
  games: 0,       // games started by New game
  fieldsFor: '',  // the game the Analyse fields were last filled from
  best: null,     // the analysis's best move so far: {move, score, proven, side}
  players: { s: '?', n: '?' }, // names for the PGN: set by New game or by an opened PGN
  anim: null,     // the frame of a move being shown lap by lap: {counts, from, end, step}
  animToken: 0,   // numbers the animations; only the latest plays
  review: null,   // {root, line (nodes), moves (the review's per move), players, done}
  clock: null,    // {base, inc, s, n (ms left), running (side or null), since}: a game's clocks in Play
  flag: null,     // the side whose clock ran out
  seq: 0,         // numbers the board's requests; only the latest answer counts
  going: null,    // the move a step in flight goes to
};

// state is the page's state, to read.
export const state = new Proxy(page, {
  set(_, k) { throw new Error(`state.${String(k)} is written only by state.js's transitions`); },
  deleteProperty(_, k) { throw new Error(`state.${String(k)} is written only by state.js's transitions`); },
});

// hooks are main's functions the other modules call back.
export const hooks = { render() {}, setCursor() {}, goToNode() {}, openLine() {}, tryMove() {} };

// current is the position shown.
export function current() { return parsePos(page.view.position); }

// --- the board's requests ---

// nextRequest numbers a request of the board and returns its number;
// going is the move a step in flight goes to (null: none).
export function nextRequest(going) {
  page.going = going;
  return ++page.seq;
}

// isLatest says whether request seq is still the latest.
export function isLatest(seq) { return seq === page.seq; }

// stepDone forgets the step in flight of request seq, if still the latest.
export function stepDone(seq) { if (seq === page.seq) page.going = null; }

// --- the game tree and the position shown ---

// openGame makes root the game tree from start (as given; v.start as the
// server writes it), its main line the line shown with the server's
// spelling of its moves, at cursor.
export function openGame(start, root, line, v, cursor) {
  page.startName = start;
  page.start = v.start;
  page.root = root;
  line.forEach((n, k) => { n.move = v.plies[k].move; });
  setLine(line, v.plies);
  page.cursor = cursor;
}

// setLine makes nodes the line shown, plies what its moves did.
export function setLine(nodes, plies) {
  page.line = nodes;
  page.moves = nodes.map((n) => n.move);
  page.plies = plies;
}

// showPosition shows the position after k moves of the line (view:
// /api/v1/game's answer for them).
export function showPosition(k, view) {
  page.cursor = k;
  page.view = view;
}

// forgetView forgets the position shown (a link's game is being opened).
export function forgetView() { page.view = null; }

// addMove returns parent's child playing move, added to the tree as a
// side line when new.
export function addMove(parent, move) {
  let node = parent.children.find((c) => c.move === move);
  if (!node) { node = newNode(move, parent); parent.children.push(node); }
  return node;
}

// fieldsFilled notes the game the Analyse fields were filled from.
export function fieldsFilled(g) { page.fieldsFor = g; }

// --- the game's settings ---

// newGameSettings sets what New game chose: the human's side, the
// engine's level, the free first lap, the clocks (base 0: none) and the
// players' names; the game is counted.
export function newGameSettings(human, level, freeFirstLap, base, inc) {
  page.human = human;
  page.level = level;
  page.freeFirstLap = freeFirstLap;
  page.clock = base > 0 ? { base, inc, s: base, n: base, running: null, since: 0 } : null;
  page.flag = null;
  page.review = null;
  const engine = `kiothi ${level}`;
  page.players = human === 's' ? { s: 'You', n: engine } : { s: engine, n: 'You' };
}

// gameStarted counts a game started by New game.
export function gameStarted() { page.games++; }

// openedSettings sets an opened game's players (unknown: '?'), without
// clocks, flag or review.
export function openedSettings(players) {
  page.players = players || { s: '?', n: '?' };
  page.clock = null;
  page.flag = null;
  page.review = null;
}

export function setFreeFirstLap(on) { page.freeFirstLap = on; }
export function setLevel(level) { page.level = level; }
export function setMode(m) { page.mode = m; }
export function flip() { page.flipped = !page.flipped; }

// --- the move being entered ---

// clearInput forgets a move being entered (a lift count being chosen, a
// redistribution).
export function clearInput() {
  page.liftPit = -1;
  page.redist = null;
}

// chooseLift starts choosing the lift count of pit i, or stops when it
// was being chosen.
export function chooseLift(i) { page.liftPit = page.liftPit === i ? -1 : i; }
export function cancelLift() { page.liftPit = -1; }

// beginRedist starts entering a redistribution, unless one is.
export function beginRedist() { if (!page.redist) page.redist = { pits: [], drops: [] }; }

// redistPit picks pit i to empty (or unpicks it).
export function redistPit(i) {
  const r = page.redist;
  if (r.pits.includes(i)) r.pits = r.pits.filter((x) => x !== i);
  else r.pits.push(i);
}

// redistDrop drops n warriors into pit.
export function redistDrop(pit, n) { page.redist.drops.push({ pit, n }); }

// redistUndo takes back the last drop, else the last pit picked.
export function redistUndo() {
  const r = page.redist;
  if (!r) return;
  if (r.drops.length) r.drops.pop();
  else r.pits.pop();
}

export function redistCancel() { page.redist = null; }

// --- the lap-by-lap animation ---

// startAnimation numbers a new animation, which ends any other.
export function startAnimation() { return ++page.animToken; }

// animationFrame makes f the frame shown (null: the board as it is).
export function animationFrame(f) { page.anim = f; }

// cancelAnimation ends the animation shown: a later frame of it is not shown.
export function cancelAnimation() {
  page.animToken++;
  page.anim = null;
}

// --- the engine and the analysis ---

export function setEngine(es) { page.engine = es; }

// setAnalysis makes es the analysis running (null: none).
export function setAnalysis(es) { page.analysis = es; }

// clearAnalysis forgets the last analysis's lines (the board changed).
export function clearAnalysis() {
  page.best = null;
  page.lines = [];
}

// analysisInfo notes an analysis's info event and its line (side: the
// side to move).
export function analysisInfo(ev, side) {
  page.lastInfo = ev;
  if (ev.pv.length) page.lines[ev.multipv - 1] = { move: ev.pv[0], score: ev.score, proven: ev.proven, side };
}

// setBest makes move (scored by ev) the analysis's best move and line 1.
export function setBest(move, ev, side) {
  page.best = { move, score: ev.score, proven: ev.proven, side };
  page.lines[0] = page.best;
}

// --- the clocks ---

// clockLeft is a side's time left now, in ms.
export function clockLeft(side) {
  const c = page.clock;
  return c[side] - (c.running === side ? performance.now() - c.since : 0);
}

// chargeClock books the running side's time used so far.
export function chargeClock() {
  const c = page.clock;
  if (!c || !c.running) return;
  const now = performance.now();
  c[c.running] -= now - c.since;
  c.since = now;
}

// clockMoved books a move of mover: its time used, then its increment.
export function clockMoved(mover) {
  if (!page.clock) return;
  chargeClock();
  page.clock[mover] += page.clock.inc;
}

// runClock runs side's clock (null: none).
export function runClock(side) {
  const c = page.clock;
  chargeClock();
  c.running = side;
  c.since = performance.now();
}

// flagFell ends the running side's time: its clock at zero, its flag down.
export function flagFell() {
  const c = page.clock, side = c.running;
  chargeClock();
  c[side] = 0;
  c.running = null;
  page.flag = side;
}

// --- the review ---

// startReview makes r the review running.
export function startReview(r) { page.review = r; }

// dropReview forgets review r if it is the one running.
export function dropReview(r) { if (page.review === r) page.review = null; }

// applyReview gives review r its answer g (annotate's game): each move
// reviewed gets its entry and its own comment (the earlier review's
// dropped).
export function applyReview(r, g) {
  r.moves = g.moves;
  r.players = g.players;
  r.done = true;
  r.line.forEach((n, k) => {
    n.review = g.moves[k] || null;
    if (n.review) n.comment = n.review.own_comment || '';
  });
}
