// The page drawn from the state: the board (board.js), the players'
// bars and clocks, the status, the hints, the move being entered, the
// result, the move list and the fields that hold the game. render is the
// one entry; the other modules call it after a transition.

import { $, pitName, sideWord, parsePos, moveNumber } from './game.js';
import { state, current, fieldsFilled, cancelLift, clockLeft } from './state.js';
import { renderPits, renderBest } from './board.js';
import { clockRun, clockText } from './clock.js';
import { renderReview, SYMBOL } from './review.js';
import { reviewWord, reviewText, provenLoss, lossWords } from './score.js';
import { goToNode, tryMove } from './navigate.js';
import { renderOracle } from './oracle.js';

// gameOver: the game on the board has ended, by the rules or, in Play, on time.
export function gameOver() { return !!state.view.result || (!!state.flag && state.mode === 'play'); }
// busy: the engine is choosing its move.
export function busy() { return state.engine !== null; }
// humanToMove: a move on the board is the human's to make.
export function humanToMove() {
  return state.mode === 'analyse' || current().side === state.human;
}

// render draws the whole page from the state.
export function render() {
  const p = current();
  const ply = state.cursor > 0 ? state.plies[state.cursor - 1] : null;
  renderPits(p, ply);
  renderBest();
  renderReview();
  clockRun();
  renderBars(p);
  renderStatus();
  renderHint(p);
  renderLastMove(ply);
  renderComment();
  renderChooser(p);
  renderRedist(p);
  renderResult(p);
  renderLists();
  renderOracle();
}

// renderComment shows the comment of the move that led to the board:
// the PGN's own, else the review's (South's view, score.js).
function renderComment() {
  const n = state.cursor > 0 ? state.line[state.cursor - 1] : null;
  const text = n ? n.comment || (n.review && reviewText(n.review)) || '' : '';
  $('comment').textContent = text;
  $('comment').hidden = !text;
}

function bar(side, p) {
  const el = document.createElement('div');
  el.className = 'bar-inner';
  const who = document.createElement('span');
  who.textContent = `${sideWord(side)}${state.mode === 'play' ? (side === state.human ? ' (you)' : ' (engine)') : ''}`;
  const pr = document.createElement('span');
  pr.className = 'prison';
  pr.textContent = `prison ${p.prison[side]}`;
  const parts = [who];
  if (p.side === side && !gameOver()) {
    const t = document.createElement('span');
    t.className = 'tomove';
    t.textContent = 'to move';
    parts.push(t);
  }
  if (state.clock) {
    const c = document.createElement('span');
    c.className = 'clock';
    c.id = 'clock-' + side;
    c.setAttribute('aria-label', `${sideWord(side)}'s clock`);
    c.textContent = clockText(clockLeft(side));
    parts.push(c);
  }
  parts.push(pr);
  return parts;
}

function renderBars(p) {
  const [top, bottom] = state.flipped ? ['s', 'n'] : ['n', 's'];
  $('bar-top').replaceChildren(...bar(top, p));
  $('bar-bottom').replaceChildren(...bar(bottom, p));
}

export function renderStatus() {
  const p = current();
  let t = `Turn ${p.turn} · ${sideWord(p.side)} to move`;
  if (p.opening) t += ' · redistribution';
  if (state.view.result) t = state.cursor ? `Game over after ${state.cursor} moves` : 'Game over';
  else if (state.flag && state.mode === 'play') t = `Game over: ${sideWord(state.flag)}'s time ran out`;
  else if (busy()) t += ' · the engine is thinking';
  $('status').textContent = t;
}

// renderHint says how to enter a move in play: a pit, then a count.
function renderHint(p) {
  const el = $('hint');
  if (p.opening || gameOver() || busy() || !humanToMove()) { el.textContent = ''; return; }
  const own = p.side === 's' ? 'a–j' : 'A–J';
  el.textContent = state.liftPit >= 0
    ? `Now pick how many warriors to lift from ${pitName(state.liftPit)}.`
    : `Your move: click one of ${sideWord(p.side)}'s pits (${own}), then how many of its warriors to lift; or type it, pit then count, as ${p.side === 's' ? 'e5' : 'E5'}.`;
}

function renderLastMove(ply) {
  const el = $('lastmove');
  el.textContent = '';
  if (!ply) return;
  const add = (text, cls) => {
    const s = document.createElement('span');
    if (cls) s.className = cls;
    s.textContent = text;
    el.appendChild(s);
  };
  add(`Last move: ${sideWord(ply.side)} ${ply.move} — `);
  if (ply.source.length === 2) {
    add(`emptied ${ply.source.join(' and ')}`, 'k-src');
    add(' and redistributed their warriors');
    return;
  }
  add(`lifted from ${ply.source[0]}`, 'k-src');
  add(', ');
  add(`ended in ${ply.landing}`, 'k-land');
  if (ply.captured.length) {
    add(', ');
    add(`captured ${ply.captured.join(', ')}`, 'k-cap');
  }
}

function renderChooser(p) {
  const el = $('chooser');
  if (state.liftPit < 0) { el.hidden = true; el.textContent = ''; return; }
  const i = state.liftPit, n = p.counts[i];
  const legal = new Set(state.view.moves.map((m) => m.move));
  el.hidden = false;
  el.textContent = '';
  const lab = document.createElement('p');
  lab.id = 'chooser-label';
  lab.textContent = `Lift how many warriors from ${pitName(i)}? (struck-through counts are illegal)`;
  el.appendChild(lab);
  for (let k = 1; k <= n; k++) {
    const b = document.createElement('button');
    b.type = 'button';
    b.id = 'lift-' + k;
    b.textContent = String(k);
    const ok = legal.has(pitName(i) + k);
    if (!ok) b.className = 'illegal';
    b.setAttribute('aria-label', `lift ${k} from ${pitName(i)}${ok ? '' : ' (illegal)'}`);
    b.addEventListener('click', () => tryMove(pitName(i) + k));
    el.appendChild(b);
  }
  const c = document.createElement('button');
  c.type = 'button';
  c.id = 'lift-cancel';
  c.textContent = 'Cancel';
  c.addEventListener('click', () => { cancelLift(); render(); });
  el.appendChild(c);
}

export function redistHand(p) {
  const r = state.redist;
  if (!r || r.pits.length < 2) return 0;
  return p.counts[r.pits[0]] + p.counts[r.pits[1]] - r.drops.reduce((a, d) => a + d.n, 0);
}

// dropSize is how many warriors one click drops, from its field (1 when
// the field is empty or not a number).
export function dropSize() {
  return Math.max(1, parseInt($('drop-n').value, 10) || 1);
}

export function redistMove() {
  const [i, j] = state.redist.pits.slice().sort((a, b) => a - b);
  const n = new Array(20).fill(0);
  for (const d of state.redist.drops) n[d.pit] += d.n;
  let s = pitName(i) + pitName(j) + ':';
  for (let k = 0; k < 20; k++) if (n[k]) s += pitName(k) + n[k];
  return s;
}

function renderRedist(p) {
  const el = $('redist');
  const r = state.redist;
  const ours = p.opening && !gameOver() && humanToMove() && !busy();
  if (!ours) { el.hidden = true; return; }
  el.hidden = false;
  const hand = redistHand(p);
  if (!r || r.pits.length < 2) {
    const picked = r ? r.pits.map(pitName) : [];
    $('redist-text').textContent = `Redistribution: pick two of your occupied pits to empty${picked.length ? ` (picked ${picked[0]})` : ''}.`;
  } else {
    $('redist-text').textContent = hand > 0
      ? `Emptied ${pitName(r.pits[0])} and ${pitName(r.pits[1])}: click any pit to drop warriors there (as many a click as "Warriors a click" says).`
      : `All warriors placed: play ${redistMove()}.`;
  }
  $('hand').textContent = String(hand);
  $('drops').textContent = r && r.drops.length ? `(${redistMove().split(':')[1]})` : '';
  $('drop-undo').disabled = !r || (r.drops.length === 0 && r.pits.length === 0);
  $('redist-cancel').disabled = !r || r.pits.length === 0;
  $('redist-play').disabled = !r || r.pits.length < 2 || hand > 0;
}

function renderResult(p) {
  const el = $('result');
  const res = state.view.result;
  if (!res && state.flag && state.mode === 'play') {
    el.hidden = false;
    el.textContent = '';
    const head = document.createElement('strong');
    head.textContent = `Game over: ${sideWord(state.flag === 's' ? 'n' : 's')} wins on time.`;
    const why = document.createElement('p');
    why.textContent = `${sideWord(state.flag)}'s clock ran out.`;
    el.append(head, why);
    return;
  }
  if (!res) { el.hidden = true; return; }
  el.hidden = false;
  el.textContent = '';
  const board = p.counts.reduce((a, b) => a + b, 0);
  const head = document.createElement('strong');
  const winner = res.winner === 'draw' ? 'A draw' : `${sideWord(res.winner)} wins`;
  head.textContent = `Game over: ${winner}, ${res.south}–${res.north}.`;
  el.appendChild(head);
  const sweep = document.createElement('p');
  if (res.repetition) {
    sweep.textContent = 'The position occurred for the third time: each side takes the warriors in its own row.';
  } else {
    const stuck = sideWord(p.side), other = sideWord(p.side === 's' ? 'n' : 's');
    sweep.textContent = `${stuck} has no legal move: the ${board} warrior${board === 1 ? '' : 's'} left on the board go${board === 1 ? 'es' : ''} to ${other}'s prison.`;
  }
  el.appendChild(sweep);
  const tally = document.createElement('p');
  tally.textContent = `Final tally: South ${res.south}, North ${res.north}.`;
  el.appendChild(tally);
  if (res.oneWarrior) {
    const ow = document.createElement('p');
    ow.id = 'one-warrior';
    ow.textContent = `One-warrior victory! ${sideWord(res.winner)} wins by exactly two warriors, the mark of exceptional skill.`;
    el.appendChild(ow);
  }
}

// renderMoves writes the game tree as its PGN numbers it: the main line
// in pairs ("1. a3 B2"), each side line in brackets after the move it
// replaces, numbered again where it starts and after a side line ("3...");
// each move with the review's class mark and score, and its comment
// after it.
function renderMoves() {
  const box = $('movelist');
  box.replaceChildren();
  const first = parsePos(state.view.start).side;
  const at = new Map(state.line.map((n, k) => [n, k]));
  const move = (n, k, numbered) => {
    const num = moveNumber(k, first);
    // A move and its number wrap together.
    const frag = document.createElement('span');
    frag.className = 'ply';
    if (num.south || numbered) {
      const s = document.createElement('span');
      s.className = 'num';
      s.textContent = `${num.n}${num.south ? '.' : '...'}`;
      frag.append(s);
    }
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'mv';
    b.dataset.ply = String(k + 1);
    const on = at.has(n);
    if (on && at.get(n) >= state.cursor) b.classList.add('future');
    if (!on) b.classList.add('off');
    if (on && at.get(n) === state.cursor - 1) b.setAttribute('aria-current', 'true');
    const sym = n.review && SYMBOL[n.review.class] ? SYMBOL[n.review.class] : '';
    b.append(n.move);
    const words = [`${num.n}${num.south ? '.' : '...'} ${n.move}`];
    if (sym) {
      const c = document.createElement('span');
      c.className = 'sym ' + n.review.class;
      c.textContent = sym;
      b.append(c);
      words.push(n.review.class);
    }
    if (n.review) {
      const c = document.createElement('span');
      c.className = 'score';
      c.textContent = reviewWord(n.review);
      b.append(c);
      words.push(`${c.textContent} for South`);
      // A proven loss is worth more to a player than an expected-score drop.
      const lost = provenLoss(n.review);
      if (lost) {
        const l = document.createElement('span');
        l.className = 'loss';
        l.textContent = `−${lost}`;
        b.append(l);
        words.push(lossWords(lost));
      }
    }
    b.title = n.review ? reviewText(n.review) : '';
    b.setAttribute('aria-label', `go to the position after ${words.join(', ')}`);
    b.addEventListener('click', () => goToNode(n));
    frag.append(b);
    if (!n.comment) return frag;
    // The PGN's comment follows its move, as lichess shows it.
    const c = document.createElement('span');
    c.className = 'comment';
    c.textContent = n.comment;
    return [frag, ' ', c];
  };
  const write = (parent, node, k, into) => {
    let numbered = true;
    for (let p = parent, n = node; n; p = n, n = n.children[0], k++) {
      into.append(...[move(n, k, numbered)].flat(), ' ');
      numbered = false;
      if (n === p.children[0] && p.children.length > 1) {
        for (const alt of p.children.slice(1)) {
          const v = document.createElement('div');
          v.className = 'var';
          write(p, alt, k, v);
          into.append(v);
        }
        numbered = true;
      }
    }
  };
  if (state.root.children.length) write(state.root, state.root.children[0], 0, box);
}

function renderLists() {
  // The Analyse fields hold the game on the board, so that Open position
  // reopens it rather than a stale one; they change only when the game does.
  const g = state.start + '|' + state.moves.join(' ');
  if (state.fieldsFor !== g) {
    fieldsFilled(g);
    $('pos-input').value = state.startName || state.start;
    $('moves-input').value = state.moves.join(' ');
  }
  $('pos-out').value = state.view.position;
  $('moves-out').value = state.moves.slice(0, state.cursor).join(' ');
  $('link-out').value = shareLink();
  renderMoves();
  $('undo').disabled = state.cursor === 0;
  $('redo').disabled = state.cursor === state.moves.length;
}

// shareLink opens this game at this move: the start, every move (the
// history the repetition rule needs, and the moves ahead), the move shown
// when not the last, and the free first lap when on.
function shareLink() {
  const q = new URLSearchParams({ position: state.start });
  if (state.moves.length) q.set('moves', state.moves.join(' '));
  if (state.cursor !== state.moves.length) q.set('ply', String(state.cursor));
  if (state.freeFirstLap) q.set('freefirstlap', 'true');
  return `${location.origin}${location.pathname}?${q.toString()}`;
}
