// PGN through the server: the game tree to and from the API's GAME
// (POST /api/v1/pgn/read and /api/v1/pgn/write), side lines as the
// variations of the move they replace. The page reads and writes no PGN
// text itself.

import { state } from './state.js';
import { newNode, mainLine } from './game.js';
import { api } from './api.js';

// lineMoves writes the line that starts with node (a child of parent)
// as the API's MOVEs: each main move carries its siblings' lines as its
// variations.
function lineMoves(parent, node) {
  const out = [];
  for (let p = parent, n = node; n; p = n, n = n.children[0]) {
    const m = { move: n.move };
    if (n.comment) m.comment = n.comment;
    if (n === p.children[0] && p.children.length > 1) m.variations = p.children.slice(1).map((alt) => lineMoves(p, alt));
    out.push(m);
  }
  return out;
}

// treeMoves is the tree's main line with its variations.
export function treeMoves(root) { return root.children.length ? lineMoves(root, root.children[0]) : []; }

// addMoves adds a GAME's moves (and their variations) under parent.
function addMoves(parent, moves) {
  let p = parent;
  for (const m of moves) {
    let n = p.children.find((c) => c.move === m.move);
    if (!n) { n = newNode(m.move, p); p.children.push(n); }
    if (m.comment) n.comment = m.comment;
    for (const v of m.variations || []) addMoves(p, v);
    p = n;
  }
}

// gameTree makes the tree of a GAME's moves.
export function gameTree(moves) {
  const root = newNode(null, null);
  addMoves(root, moves);
  return root;
}

// gameTag returns a GAME's tag value ('' when absent).
export function gameTag(g, name) {
  const t = (g.tags || []).find((x) => x.name === name);
  return t ? t.value : '';
}

// resultOf is the PGN result and termination of the main line's end
// (end: /api/v1/game's answer for it), a time forfeit in Play included.
function resultOf(end) {
  const res = end.result;
  if (!res && state.flag) return { result: state.flag === 's' ? '0-1' : '1-0', termination: 'time forfeit' };
  if (!res) return { result: '*', termination: 'unterminated' };
  return { result: res.winner === 'south' ? '1-0' : res.winner === 'north' ? '0-1' : '1/2-1/2', termination: 'normal' };
}

// pageGame is the game as the API's GAME: the tags kiothi match
// --pgnout writes, the main line with its side lines and comments, and
// the result; end is /api/v1/game's answer for the main line.
export function pageGame(end) {
  const main = mainLine(state.root);
  const { result, termination } = resultOf(end);
  const d = new Date();
  const date = `${d.getFullYear()}.${String(d.getMonth() + 1).padStart(2, '0')}.${String(d.getDate()).padStart(2, '0')}`;
  const tags = [
    ['Event', 'kiothi page'], ['Site', 'kiothi'], ['Date', date], ['Round', '-'],
    ['South', state.players.s], ['North', state.players.n], ['Result', result], ['FEN', state.startName || state.start],
    ['PlyCount', String(main.length)], ['TimeControl', state.clock ? `${state.clock.base / 1000}+${state.clock.inc / 1000}` : '-'],
    ['Termination', termination],
  ];
  if (state.freeFirstLap) tags.push(['Variant', 'free-first-lap']);
  return { tags: tags.map(([name, value]) => ({ name, value })), moves: treeMoves(state.root), result };
}

// writePGN asks the server for a GAME's PGN text.
export async function writePGN(g) { return (await api('/api/v1/pgn/write', g)).pgn; }

// readPGN asks the server for the games of a PGN text.
export async function readPGN(text) { return (await api('/api/v1/pgn/read', { pgn: text })).games; }
