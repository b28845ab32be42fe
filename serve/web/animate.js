// A play move shown lap by lap: the lift, each lap's warriors sown and
// the pit where its last one landed, then the position after the move.
// The laps come from the server (/api/v1/game's plies).

import { $, say, parsePos, pitIndex } from './game.js';
import { state, startAnimation, animationFrame, cancelAnimation } from './state.js';
import { render } from './render.js';

const sleep = (ms) => new Promise((res) => setTimeout(res, ms));

// animatePly shows a play move lap by lap at the speed chosen (none: not
// at all): each lap's lift, then its warriors sown and where the last one
// landed; then the position after the move, captures made. A later
// animation, a click on the board or a change of position ends it.
export async function animatePly(ply, before) {
  const speed = parseInt($('anim-speed').value, 10) || 0;
  if (!speed || !ply || !ply.laps || !ply.laps.length) return;
  const token = startAnimation();
  const counts = parsePos(before).counts;
  const line = $('anim-line');
  const frame = async (f, text) => {
    if (token !== state.animToken) return false;
    animationFrame(Object.assign({ counts: counts.slice() }, f));
    line.textContent = text;
    render();
    await sleep(speed);
    return token === state.animToken;
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
  if (token !== state.animToken) return;
  animationFrame(null);
  line.textContent = ply.moreLaps ? `${ply.move}: … more laps, then the position shown` : '';
  render();
}

// stopAnimation ends a move being shown and shows the board as it is.
export function stopAnimation() {
  if (!state.anim) return;
  cancelAnimation();
  $('anim-line').textContent = '';
  render();
}

// replayMove shows the move that led to the board, lap by lap.
export async function replayMove() {
  if (state.cursor === 0) return;
  const before = state.cursor === 1 ? state.view.start : state.plies[state.cursor - 2].position;
  const ply = state.plies[state.cursor - 1];
  if (!ply.laps) { say('A redistribution has no laps to show.'); return; }
  if (!(parseInt($('anim-speed').value, 10) > 0)) $('anim-speed').value = '500';
  await animatePly(ply, before);
}
