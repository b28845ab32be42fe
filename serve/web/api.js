// The server's API as the page calls it: JSON requests, refusals turned
// into sentences, and the analysis stream's address.

import { state } from './state.js';

// api posts body to path and returns the answer; a refusal throws an
// Error with the server's structure (code, field, index, reason) as info
// and the request it refused.
export async function api(path, body) {
  const r = await fetch(path, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
  });
  let j;
  try { j = await r.json(); } catch (e) { throw new Error(`the server answered ${r.status} without JSON`); }
  if (!r.ok) {
    const e = new Error(j.error || `status ${r.status}`);
    e.info = j;
    e.status = r.status;
    e.request = body;
    throw e;
  }
  return j;
}

export function gameBody(moves) {
  return { position: state.start, moves, freeFirstLap: state.freeFirstLap };
}

// game replays moves from the game's start (POST /api/v1/game).
export function game(moves) { return api('/api/v1/game', gameBody(moves)); }

// explain turns the server's refusal of a move into a sentence from the
// error's structure, keeping the engine's own reason; numbered says which
// move of the list it was.
export function explain(err, numbered) {
  const i = err.info;
  if (!i || i.field !== 'moves' || i.index === undefined) return err.message;
  const m = (err.request && err.request.moves ? err.request.moves[i.index] : '') + (numbered ? ` (move ${i.index + 1})` : '');
  if (i.code === 'illegal_move') return `Illegal move ${m}: ${i.reason}`;
  if (i.code === 'invalid') return `Not a move${numbered ? ` (move ${i.index + 1})` : ''}: ${i.reason}`;
  return err.message;
}

// streamURL is the analysis stream for the game's moves: params are its
// limits and clock (name to value), lines its MultiPV.
export function streamURL(moves, params, lines) {
  const q = new URLSearchParams({ position: state.start, moves: moves.join(' '), freefirstlap: String(state.freeFirstLap) });
  for (const [k, v] of Object.entries(params)) q.set(k, String(v));
  if (lines > 1) q.set('multipv', String(lines));
  return '/api/v1/analyse/stream?' + q.toString();
}

// levelParams reads a level ("depth=3", "movetime=500") as parameters.
export function levelParams(level) {
  const out = {};
  for (const kv of level.split('&')) { const [k, v] = kv.split('='); out[k] = v; }
  return out;
}
