// The engine, over the analysis stream: its move in Play, and the
// analysis in Analyse (its lines, its best move, its arrows and the
// evaluation bar through board.js).

import { $, say, sideWord } from './game.js';
import { state, current, setEngine, setAnalysis, clearAnalysis, analysisInfo, setBest } from './state.js';
import { streamURL, levelParams } from './api.js';
import { renderBest } from './board.js';
import { clockParams } from './clock.js';
import { searchText } from './score.js';
import { render, renderStatus, busy } from './render.js';
import { tryMove } from './navigate.js';

// stopEngine closes the engine's stream, if any.
export function stopEngine() {
  if (state.engine) { state.engine.close(); setEngine(null); $('engine-line').textContent = ''; }
}

// maybeEngine starts the engine's move when it is to move in Play.
export function maybeEngine() {
  // The engine moves whenever it is to move in play, whether or not moves
  // lie ahead (its move then starts a side line, as a human move does).
  if (state.mode !== 'play' || busy() || state.view.result || state.flag) return;
  if (current().side === state.human) return;
  const side = current().side;
  const es = new EventSource(streamURL(state.moves.slice(0, state.cursor), engineParams(), 1));
  setEngine(es);
  $('engine-line').textContent = 'The engine is thinking…';
  renderStatus();
  es.addEventListener('info', (e) => {
    const ev = JSON.parse(e.data);
    $('engine-line').textContent = `Engine: depth ${ev.depth}, score ${searchText(ev, side)}, ${ev.pv.slice(0, 6).join(' ')}`;
  });
  es.addEventListener('bestmove', async (e) => {
    es.close();
    if (state.engine !== es) return;
    setEngine(null);
    const res = JSON.parse(e.data);
    $('engine-line').textContent = `Engine played ${res.bestmove} (depth ${res.depth}, score ${searchText(res, side)})`;
    if (res.bestmove) await tryMove(res.bestmove);
    else render();
  });
  es.onerror = () => {
    es.close();
    if (state.engine !== es) return;
    setEngine(null);
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
  const p = levelParams(state.level);
  if (!state.clock) return p;
  delete p.movetime;
  return Object.assign(p, clockParams());
}

// startAnalysis analyses the position shown, its lines and time from
// the Analyse fields.
export function startAnalysis() {
  stopAnalysis();
  if (state.view.result) { say('The game is over: nothing to analyse.'); return; }
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
  $('lines-cap').textContent = `Engine lines (${sideWord(side)} to move)`;
  const es = new EventSource(streamURL(state.moves.slice(0, state.cursor), limit, lines));
  setAnalysis(es);
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
    td[2].textContent = searchText(ev, side);
    td[3].textContent = ev.pv.join(' ');
  };
  es.addEventListener('info', (e) => {
    const ev = JSON.parse(e.data);
    analysisInfo(ev, side);
    show(ev.multipv, ev);
    if (ev.multipv === 1 && ev.pv.length) showBest(ev.pv[0], ev, side);
    else renderBest();
  });
  es.addEventListener('bestmove', (e) => {
    es.close();
    const res = JSON.parse(e.data);
    // The search's answer is line 1.
    if (rows.get(1) && res.bestmove && res.pv.length) show(1, res);
    $('bestmove').textContent = res.bestmove ? `${res.bestmove} (depth ${res.depth}, ${searchText(res, side)})` : 'none: the game is over';
    if (res.capped) $('bestmove').textContent += ` — ${res.capped}`;
    if (res.bestmove && state.analysis === es) showBest(res.bestmove, res, side);
    endAnalysis(es);
  });
  es.onerror = () => {
    es.close();
    if (state.analysis === es) say('The analysis stopped: the server is busy or gone.');
    endAnalysis(es);
  };
}

// endAnalysis ends analysis es, if it is the one running.
function endAnalysis(es) {
  if (state.analysis !== es) return;
  setAnalysis(null);
  $('analyse').disabled = false;
  $('stop').disabled = true;
}

// stopAnalysis stops the analysis running, if any.
export function stopAnalysis() {
  const es = state.analysis;
  if (!es) return;
  es.close();
  endAnalysis(es);
  const i = state.lastInfo;
  $('bestmove').textContent = i && i.pv.length ? `${i.pv[0]} (stopped at depth ${i.depth})` : 'stopped';
}

// showBest shows the analysis's best move on the board and its score on
// the evaluation bar.
function showBest(move, ev, side) {
  setBest(move, ev, side);
  renderBest();
}
