// The clocks of a game in Play: each side's time left, the running one
// counting down, shown, and handed to the engine's stream as the UGI go
// command's clock (p1 is South), so that the server's time manager
// decides the engine's move time.

import { $, S, current } from './state.js';

// clockLeft is a side's time left now, in ms.
export function clockLeft(side) {
  const c = S.clock;
  return c[side] - (c.running === side ? performance.now() - c.since : 0);
}

// clockCharge books the running side's time used so far.
export function clockCharge() {
  const c = S.clock;
  if (!c || !c.running) return;
  const now = performance.now();
  c[c.running] -= now - c.since;
  c.since = now;
}

// clockMoved books a move of mover: its time used, then its increment.
export function clockMoved(mover) {
  if (!S.clock) return;
  clockCharge();
  S.clock[mover] += S.clock.inc;
}

// clockRun runs the clock of the side to move in Play while the game is
// on, and stops both otherwise (Analyse, a finished game).
export function clockRun() {
  const c = S.clock;
  if (!c) return;
  const side = S.mode === 'play' && !S.view.result && !S.flag ? current().side : null;
  if (side === c.running) return;
  clockCharge();
  c.running = side;
  c.since = performance.now();
}

export function clockText(ms) {
  ms = Math.max(0, ms);
  const t = Math.floor(ms / 1000);
  const mmss = `${Math.floor(t / 60)}:${String(t % 60).padStart(2, '0')}`;
  return ms < 10000 ? `${mmss}.${Math.floor((ms % 1000) / 100)}` : mmss;
}

// clockParams is the clock as the stream takes it: the UGI go command's
// p1time, p2time, p1inc and p2inc in ms (none without a clock).
export function clockParams() {
  const c = S.clock;
  if (!c) return {};
  return {
    p1time: Math.max(1, Math.floor(clockLeft('s'))), p2time: Math.max(1, Math.floor(clockLeft('n'))),
    p1inc: c.inc, p2inc: c.inc,
  };
}

// clockTick shows both clocks and, when the running one reaches zero,
// calls flagged with its side.
export function clockTick(flagged) {
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
    flagged(side);
  }
}
