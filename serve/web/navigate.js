// The game on the board: opening a game tree or one of its lines,
// stepping through the line shown and playing a move on it, over
// /api/v1/game (the server replays every line it is asked to show).

import { say, sideWord, parsePos, mainLine, pathTo, treeFrom } from './game.js';
import { state, nextRequest, isLatest, stepDone, openGame, setLine, showPosition, addMove, clearInput, clearAnalysis, clockMoved } from './state.js';
import { api, game, explain } from './api.js';
import { render } from './render.js';
import { maybeEngine, stopEngine, stopAnalysis } from './engine.js';
import { animatePly, stopAnimation } from './animate.js';

// stepFrom is the move a step counts from: the one a step on its way
// goes to, else the one shown (two quick clicks on < go back two).
export function stepFrom() { return state.going === null ? state.cursor : state.going; }

// sideAt is the side to move after k moves of the line shown.
function sideAt(k) { return parsePos(k === 0 ? state.view.start : state.plies[k - 1].position).side; }

// openTree opens a game tree from start on its main line, at cursor (the
// line's end when undefined). The server checks the line's moves.
export async function openTree(start, root, cursor) {
  nextRequest(null);
  const line = mainLine(root);
  const v = await api('/api/v1/game', { position: start, moves: line.map((n) => n.move), freeFirstLap: state.freeFirstLap });
  const k = cursor === undefined ? line.length : cursor;
  openGame(start, root, line, v, k);
  showPosition(k, k === line.length ? v : await game(state.moves.slice(0, k)));
  clearAnalysis();
  clearInput();
  render();
}

export function load(start, moves, cursor) { return openTree(start, treeFrom(moves), cursor); }

// openLine shows line (nodes from the root) at move k; the server
// replays it, so a side line read from a PGN is checked when shown.
export async function openLine(line, k) {
  stopAnimation();
  stopEngine();
  stopAnalysis();
  const seq = nextRequest(state.going);
  let v;
  try {
    v = await game(line.map((n) => n.move));
  } catch (e) {
    if (isLatest(seq)) say(explain(e, true));
    return;
  }
  if (!isLatest(seq)) return;
  setLine(line, v.plies);
  await setCursor(k);
}

// goToNode shows the position after node, on its line (its main
// continuation ahead).
export function goToNode(node) {
  const path = pathTo(node);
  const line = path.concat(mainLine(node));
  if (line.length === state.line.length && line.every((n, k) => n === state.line[k])) return setCursor(path.length);
  return openLine(line, path.length);
}

// setCursor shows the position after k moves of the line shown.
export async function setCursor(k) {
  stopAnimation();
  stopEngine();
  stopAnalysis();
  k = Math.max(0, Math.min(state.moves.length, k));
  const seq = nextRequest(k);
  let v;
  try {
    v = await game(state.moves.slice(0, k));
  } finally {
    stepDone(seq);
  }
  if (!isLatest(seq)) return; // a later step or move won
  showPosition(k, v);
  clearAnalysis();
  clearInput();
  say('');
  render();
  maybeEngine();
}

// tryMove plays m at the position shown. The move ahead, played again,
// is followed; another move (one the tree has, or a new one) goes on
// its own line, the one ahead kept as the main line: a new move starts a
// side line rather than cutting the game.
export async function tryMove(m) {
  say('');
  if (state.flag && state.mode === 'play') { say(`The game is over: ${sideWord(state.flag)}'s time ran out.`); return false; }
  const moves = state.moves.slice(0, state.cursor).concat([m]);
  const seq = nextRequest(null);
  let v;
  try {
    v = await game(moves);
  } catch (e) {
    if (isLatest(seq)) say(explain(e));
    return false;
  }
  if (!isLatest(seq)) return false; // the board changed meanwhile
  const played = v.plies[v.plies.length - 1].move;
  const parent = state.cursor === 0 ? state.root : state.line[state.cursor - 1];
  const known = parent.children.find((c) => c.move === played);
  if (!known || known !== state.line[state.cursor]) {
    const node = addMove(parent, played);
    const line = state.line.slice(0, state.cursor).concat([node], mainLine(node));
    let plies = v.plies;
    if (line.length > moves.length) {
      try { plies = (await game(line.map((n) => n.move))).plies; } catch (e) { say(explain(e, true)); return false; }
      if (!isLatest(seq)) return false;
    }
    setLine(line, plies);
  }
  if (state.mode === 'play') clockMoved(parsePos(state.view.position).side);
  const before = state.view.position;
  showPosition(state.cursor + 1, v);
  clearAnalysis();
  clearInput();
  stopAnalysis();
  render();
  await animatePly(v.plies[v.plies.length - 1], before);
  maybeEngine();
  return true;
}

// undo steps back a move (in Play, to the human's last turn).
export function undo() {
  if (state.cursor === 0) return;
  let k = state.cursor - 1;
  if (state.mode === 'play') while (k > 0 && sideAt(k) !== state.human) k--;
  setCursor(k);
}

// redo steps forward a move (in Play, to the human's next turn).
export async function redo() {
  if (state.cursor === state.moves.length) return;
  let k = state.cursor + 1;
  if (state.mode === 'play') while (k < state.moves.length && sideAt(k) !== state.human) k++;
  await setCursor(k);
}
