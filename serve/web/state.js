// The page's state, its game tree and the small helpers every module reads.

export const $ = (id) => document.getElementById(id);
const SOUTH = 'abcdefghij', NORTH = 'ABCDEFGHIJ';
export const pitName = (i) => (i < 10 ? SOUTH[i] : NORTH[i - 10]);
export const pitIndex = (c) => (SOUTH.includes(c) ? SOUTH.indexOf(c) : NORTH.indexOf(c) + 10);
export const owner = (i) => (i < 10 ? 's' : 'n');
export const sideWord = (s) => (s === 's' || s === 'south' ? 'South' : 'North');

// A node of the game tree: a move, its comment, the moves that follow
// it (children[0] the main continuation, the others side lines) and its
// parent. The root holds no move.
export function newNode(move, parent) {
  return { move, comment: '', children: [], parent, rv: null };
}

// S is the page's whole state.
export const S = {
  mode: 'play',
  start: 'startpos',    // the start position, as the server writes it
  startName: 'startpos', // the start as given (startpos, startpos25 or a position): the PGN's FEN tag
  root: newNode(null, null), // the game tree
  line: [],       // the line shown: the nodes from the root, the moves ahead included
  moves: [],      // line's moves
  plies: [],      // what each move of line did (from /api/v1/game)
  cursor: 0,      // moves of line played to reach the position shown
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
  lines: [],      // the analysis's lines by multipv - 1: {move, score, proven, depth, pv}
  games: 0,       // games started by New game
  fieldsFor: '',  // the game the Analyse fields were last filled from
  best: null,     // the analysis's best move so far: {move, score, proven, side}
  players: { s: '?', n: '?' }, // names for the PGN: set by New game or by an opened PGN
  anim: null,     // the frame of a move being shown lap by lap: {counts, from, end, step}
  animToken: 0,   // numbers the animations; only the latest plays
  review: null,   // {line (nodes), moves (the review's per move), players, done}
  clock: null,    // {base, inc, s, n (ms left), running (side or null), since}: a game's clocks in Play
  flag: null,     // the side whose clock ran out
  seq: 0,         // numbers the board's requests; only the latest answer counts
  going: null,    // the move a step in flight goes to
};

// hooks are main's functions the other modules call back.
export const hooks = { render() {}, setCursor() {}, goToNode() {} };

// parsePos reads the four-field position string (RULES.md §7).
export function parsePos(s) {
  const [rows, prisons, side, turn] = s.split(' ');
  const counts = [], nki = [];
  for (const cell of rows.split('/').join('.').split('.')) {
    nki.push(cell.endsWith('*'));
    counts.push(parseInt(cell, 10));
  }
  const [ps, pn] = prisons.split('-').map(Number);
  return { counts, nki, prison: { s: ps, n: pn }, side, turn: Number(turn), opening: Number(turn) <= 2 };
}

export function say(msg) { $('message').textContent = msg || ''; }
export function current() { return parsePos(S.view.position); }

// moveNumber numbers the k-th move (from 0) of a game as its PGN does
// (pgn.Game.String): by pair from 1, South's move opening a pair; first
// is the side to move at the start.
export function moveNumber(k, first) {
  const o = first === 'n' ? 1 : 0;
  return { n: Math.floor((k + o) / 2) + 1, south: (k + o) % 2 === 0 };
}

// mainLine returns the nodes of node's main continuation.
export function mainLine(node) {
  const out = [];
  for (let n = node.children[0]; n; n = n.children[0]) out.push(n);
  return out;
}

// pathTo returns the nodes from the root to node, node included.
export function pathTo(node) {
  const out = [];
  for (let n = node; n && n.parent; n = n.parent) out.unshift(n);
  return out;
}

// treeFrom makes a tree of one line of moves.
export function treeFrom(moves) {
  const root = newNode(null, null);
  let p = root;
  for (const m of moves) { const n = newNode(m, p); p.children.push(n); p = n; }
  return root;
}
