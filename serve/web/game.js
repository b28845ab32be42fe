// What the page reads of the game without the server: the pits' names,
// the position string, the game tree and the PGN's move numbers; and the
// two helpers every module uses on the document ($, say).

export const $ = (id) => document.getElementById(id);
const SOUTH = 'abcdefghij', NORTH = 'ABCDEFGHIJ';
export const pitName = (i) => (i < 10 ? SOUTH[i] : NORTH[i - 10]);
export const pitIndex = (c) => (SOUTH.includes(c) ? SOUTH.indexOf(c) : NORTH.indexOf(c) + 10);
export const owner = (i) => (i < 10 ? 's' : 'n');
export const sideWord = (s) => (s === 's' || s === 'south' ? 'South' : 'North');

// say writes a message (a refused move, a lost connection) under the board.
export function say(msg) { $('message').textContent = msg || ''; }

// newNode is a node of the game tree: a move, its comment, the moves
// that follow it (children[0] the main continuation, the others side
// lines), its parent and its review (the review's entry for the move,
// null until reviewed). The root holds no move.
export function newNode(move, parent) {
  return { move, comment: '', children: [], parent, review: null };
}

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
