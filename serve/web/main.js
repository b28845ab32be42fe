// The Kiothi page's main module: the controls wired to the game on the
// board (navigate.js), the engine and the analysis (engine.js), the
// review (review.js) and PGN (pgn.js), over the server's API. The state
// and its transitions are state.js's; render.js draws the page. No
// framework.

import { $, pitName, owner, sideWord, say, mainLine, treeFrom } from './game.js';
import { state, hooks, current, clearInput, chooseLift, beginRedist, redistPit, redistDrop, redistUndo, redistCancel, newGameSettings, gameStarted, openedSettings, setFreeFirstLap, setLevel, setMode as setStateMode, flip, forgetView } from './state.js';
import { explain, game } from './api.js';
import { buildBoard } from './board.js';
import { clockTick } from './clock.js';
import { reviewGame, renderReview } from './review.js';
import { pageGame, writePGN, readPGN, gameTree, gameTag } from './pgn.js';
import { render, gameOver, busy, humanToMove, redistHand, dropSize, redistMove } from './render.js';
import { openTree, load, openLine, goToNode, setCursor, tryMove, stepFrom, undo, redo } from './navigate.js';
import { maybeEngine, stopEngine, startAnalysis, stopAnalysis } from './engine.js';
import { stopAnimation, replayMove } from './animate.js';

// pitClick is a click on pit i: a pit to empty or to drop into in a
// redistribution, else the pit to lift from.
function pitClick(i) {
  say('');
  if (state.anim) { stopAnimation(); return; }
  const p = current();
  if (gameOver()) { say('The game is over: start a new game or step back.'); return; }
  if (busy()) { say('Wait for the engine to move.'); return; }
  if (!humanToMove()) { say(`It is ${sideWord(p.side)}'s turn: the engine's.`); return; }
  if (p.opening) {
    beginRedist();
    const r = state.redist;
    if (r.pits.length < 2) {
      if (!r.pits.includes(i) && (owner(i) !== p.side || p.counts[i] === 0)) {
        say(`Pick one of ${sideWord(p.side)}'s occupied pits to empty.`);
        return;
      }
      redistPit(i);
    } else if (redistHand(p) > 0) {
      redistDrop(i, Math.min(dropSize(), redistHand(p)));
    }
    render();
    return;
  }
  if (owner(i) !== p.side) { say(`${pitName(i)} is not ${sideWord(p.side)}'s pit.`); return; }
  if (p.counts[i] === 0) { say(`${pitName(i)} is empty.`); return; }
  chooseLift(i);
  render();
  if (state.liftPit >= 0) $('lift-1').focus();
}

// dropUndo takes back the last drop of a redistribution, else its last pit.
function dropUndo() {
  if (!state.redist) return;
  redistUndo();
  render();
}
// copy puts a field's text on the clipboard: through the Clipboard API,
// else by selecting the field (the browser's own copy command).
async function copy(field, what) {
  const el = $(field);
  let ok = false;
  try {
    await navigator.clipboard.writeText(el.value);
    ok = true;
  } catch (e) {
    el.focus();
    el.select();
    try { ok = document.execCommand('copy'); } catch (e2) { ok = false; }
  }
  say(ok ? '' : 'Could not copy: the text is selected, copy it by hand.');
  if (ok) $('status').textContent = `${what} copied.`;
}

// newGame starts a game in Play with the New game fields' settings.
async function newGame() {
  stopEngine();
  stopAnalysis();
  const base = Math.round(parseFloat($('clock-base').value) * 1000) || 0;
  const inc = Math.round(parseFloat($('clock-inc').value) * 1000) || 0;
  newGameSettings($('side').value === 'north' ? 'n' : 's', $('level').value, $('ffl').checked, base, inc);
  setMode('play');
  say('');
  await load($('setup').value, []);
  gameStarted();
  history.replaceState(null, '', location.pathname);
  maybeEngine();
}

// setMode shows the Play or the Analyse tab.
function setMode(m) {
  setStateMode(m);
  say('');
  $('tab-play').setAttribute('aria-pressed', String(m === 'play'));
  $('tab-analyse').setAttribute('aria-pressed', String(m === 'analyse'));
  $('play-panel').hidden = m !== 'play';
  $('analyse-panel').hidden = m !== 'analyse';
  if (m === 'analyse') stopEngine();
  else stopAnalysis();
}

// openPosition opens a game tree (or a line of moves) from pos in Analyse.
async function openPosition(pos, tree, players) {
  openedSettings(players);
  stopEngine();
  stopAnalysis();
  setMode('analyse');
  say('');
  try {
    await openTree(pos, Array.isArray(tree) ? treeFrom(tree) : tree);
    return true;
  } catch (e) {
    say(explain(e, true));
    return false;
  }
}

// openPGN opens the first game of a pasted PGN text, read by the
// server: its start (the FEN tag; startpos without one), its variant,
// players, moves, side lines and comments.
async function openPGN() {
  const text = $('pgn-input').value;
  if (!text.trim()) { say('Paste a game in PGN first.'); return; }
  let games;
  try {
    games = await readPGN(text);
  } catch (e) {
    say(`Could not read the PGN: ${e.message}`);
    return;
  }
  if (!games.length) { say('The PGN holds no game.'); return; }
  const g = games[0];
  setFreeFirstLap(gameTag(g, 'Variant') === 'free-first-lap');
  $('ffl').checked = state.freeFirstLap;
  const ok = await openPosition(gameTag(g, 'FEN') || 'startpos', gameTree(g.moves),
    { s: gameTag(g, 'South') || '?', n: gameTag(g, 'North') || '?' });
  if (ok && games.length > 1) $('status').textContent = `Opened game 1 of the ${games.length} in the PGN.`;
}

// gamePGN is the game tree in PGN, written by the server: the main line
// with its side lines and comments.
async function gamePGN() {
  const main = mainLine(state.root);
  const onMain = state.cursor === main.length && main.length === state.line.length && main.every((n, k) => n === state.line[k]);
  const end = onMain ? state.view : await game(main.map((n) => n.move));
  return writePGN(pageGame(end));
}

// downloadPGN downloads the game tree as a PGN file.
async function downloadPGN() {
  let text;
  try { text = await gamePGN(); } catch (e) { say(`Could not write the PGN: ${e.message}`); return; }
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([text], { type: 'application/x-chess-pgn' }));
  a.download = 'kiothi-game.pgn';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
  $('status').textContent = 'PGN downloaded.';
}

// flagged ends the game on time: the engine stops, the move entered goes.
function flagged() {
  stopEngine();
  clearInput();
  render();
}

// wire connects the controls to their actions.
function wire() {
  $('tab-play').addEventListener('click', () => { setMode('play'); render(); maybeEngine(); });
  $('tab-analyse').addEventListener('click', () => { setMode('analyse'); render(); });
  $('new-game').addEventListener('click', newGame);
  $('undo').addEventListener('click', undo);
  $('redo').addEventListener('click', redo);
  $('flip').addEventListener('click', () => { flip(); render(); });
  $('drop-undo').addEventListener('click', dropUndo);
  $('redist-cancel').addEventListener('click', () => { redistCancel(); render(); });
  $('redist-play').addEventListener('click', () => tryMove(redistMove()));
  $('moveform').addEventListener('submit', async (e) => {
    e.preventDefault();
    const m = $('moveinput').value.trim();
    if (!m) { say('Type a move: e5, or a redistribution such as ij:a3b2F5.'); return; }
    if (busy()) { say('Wait for the engine to move.'); return; }
    if (state.mode === 'play' && !humanToMove()) { say("It is the engine's turn."); return; }
    if (await tryMove(m)) $('moveinput').value = '';
  });
  $('load').addEventListener('click', () => openPosition($('pos-input').value.trim(), $('moves-input').value.trim().split(/\s+/).filter(Boolean)));
  $('step-first').addEventListener('click', () => setCursor(0));
  $('step-back').addEventListener('click', () => setCursor(stepFrom() - 1));
  $('step-fwd').addEventListener('click', () => setCursor(stepFrom() + 1));
  $('step-last').addEventListener('click', () => setCursor(state.moves.length));
  $('analyse').addEventListener('click', startAnalysis);
  $('stop').addEventListener('click', stopAnalysis);
  $('copy-pos').addEventListener('click', () => copy('pos-out', 'Position'));
  $('copy-moves').addEventListener('click', () => copy('moves-out', 'Moves'));
  $('copy-link').addEventListener('click', () => copy('link-out', 'Link'));
  $('download-pgn').addEventListener('click', downloadPGN);
  $('review').addEventListener('click', reviewGame);
  $('open-pgn').addEventListener('click', openPGN);
  $('anim-replay').addEventListener('click', replayMove);
  $('an-inf').addEventListener('change', () => { $('an-time').disabled = $('an-inf').checked; });
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && (state.liftPit >= 0 || state.redist)) { clearInput(); render(); return; }
    const t = e.target.tagName;
    if (t === 'INPUT' || t === 'TEXTAREA' || t === 'SELECT') return;
    if (state.mode === 'analyse' && e.key === 'ArrowLeft') setCursor(stepFrom() - 1);
    if (state.mode === 'analyse' && e.key === 'ArrowRight') setCursor(stepFrom() + 1);
  });
}

// init builds the board and opens the link's game, else the start.
async function init() {
  Object.assign(hooks, { render, setCursor, goToNode, openLine, tryMove });
  buildBoard(pitClick);
  wire();
  setInterval(() => clockTick(flagged), 100);
  const q = new URLSearchParams(location.search);
  if (q.has('position')) {
    $('pos-input').value = q.get('position');
    $('moves-input').value = q.get('moves') || '';
    forgetView();
    setFreeFirstLap(q.get('freefirstlap') === 'true');
    $('ffl').checked = state.freeFirstLap;
    setMode('analyse');
    const moves = (q.get('moves') || '').split(/\s+/).filter(Boolean);
    const ply = q.has('ply') ? Math.max(0, Math.min(moves.length, parseInt(q.get('ply'), 10) || 0)) : undefined;
    try {
      await load(q.get('position'), moves, ply);
      return;
    } catch (e) {
      await load('startpos', []);
      say(`Could not open the position from the link: ${explain(e, true)}`);
      return;
    }
  }
  setLevel($('level').value);
  await load('startpos', []);
}

// The state and a few functions, for the browser tests and the console.
Object.assign(window, { state, gamePGN, renderReview, render });

init().catch((e) => { $('status').textContent = 'The page could not start: ' + e.message; });
