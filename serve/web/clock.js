// The clocks of a game in Play: each side's time left, the running one
// counting down, shown, and handed to the engine's stream as the UGI go
// command's clock (p1 is South), so that the server's time manager
// decides the engine's move time. The clocks' state and its transitions
// are state.js's.

import { $ } from './game.js';
import { state, current, clockLeft, runClock, flagFell } from './state.js';

// clockRun runs the clock of the side to move in Play while the game is
// on, and stops both otherwise (Analyse, a finished game).
export function clockRun() {
  const c = state.clock;
  if (!c) return;
  const side = state.mode === 'play' && !state.view.result && !state.flag ? current().side : null;
  if (side === c.running) return;
  runClock(side);
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
  const c = state.clock;
  if (!c) return {};
  return {
    p1time: Math.max(1, Math.floor(clockLeft('s'))), p2time: Math.max(1, Math.floor(clockLeft('n'))),
    p1inc: c.inc, p2inc: c.inc,
  };
}

// clockTick shows both clocks and, when the running one reaches zero,
// calls flagged with its side.
export function clockTick(flagged) {
  const c = state.clock;
  if (!c) return;
  for (const side of ['s', 'n']) {
    const el = $('clock-' + side);
    if (el) el.textContent = clockText(clockLeft(side));
  }
  if (c.running && clockLeft(c.running) <= 0) {
    const side = c.running;
    flagFell();
    flagged(side);
  }
}
