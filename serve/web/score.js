// Scores on the page, all from South's view (as lichess shows White's):
// a search's score, a reviewed move's values and the review's comment.
// The page says so once, in its note (#view-note). A proven value is a
// final margin in whole warriors, marked ∎.

import { sideWord } from './game.js';

// south is a score (centi-warriors) for side ('s', 'n', 'south' or
// 'north') turned to South's view.
export function south(score, side) { return side === 's' || side === 'south' ? score : -score; }

// scoreText writes a score already in South's view: warriors with two
// decimals ("+1.25", "-0.40"), or, proven, the whole margin marked ∎
// ("+4∎", "0∎").
export function scoreText(v, proven) {
  if (proven) {
    const w = Math.trunc(v / 100);
    return `${w > 0 ? '+' : ''}${w}∎`;
  }
  return `${v > 0 ? '+' : ''}${(v / 100).toFixed(2)}`;
}

// searchText writes a search's score (ev.score for side to move) from
// South's view.
export function searchText(ev, side) { return scoreText(south(ev.score, side), ev.proven); }

// provenWords says a proven value from South's view in words: "South wins
// by 4, proven", "a draw, proven".
export function provenWords(v) {
  const w = Math.trunc(v / 100);
  return w === 0 ? 'a draw, proven' : `${sideWord(w > 0 ? 's' : 'n')} wins by ${Math.abs(w)}, proven`;
}

// reviewWord is a reviewed move's value after it, from South's view.
export function reviewWord(m) { return scoreText(south(m.after, m.side), m.proven || m.after_proven); }

// provenLoss is the warriors a reviewed move loses against best play
// when both its value and the best move's are proven (exact final
// margins, as kiothi annotate says it), else 0.
export function provenLoss(m) {
  return m.after_proven && m.best_after_proven && m.best_after > m.after ? Math.trunc((m.best_after - m.after) / 100) : 0;
}

// lossWords says provenLoss n: "loses 4 warriors against best play".
export function lossWords(n) { return `loses ${n} warrior${n === 1 ? '' : 's'} against best play`; }

// pct writes an expected score (0 to 1) as a percentage.
const pct = (x) => `${Math.round(x * 100)}%`;

// reviewText is the review's word on a move, from South's view: the
// values before and after it, its class with South's expected score
// after the best move and after it, what it loses against best play when
// both values are proven, "only move", and the best move with
// its value when it is better, as kiothi annotate's comment says them
// for the side that moved.
export function reviewText(m) {
  const s = (v, proven) => scoreText(south(v, m.side), proven);
  const sw = (x) => pct(m.side === 'south' ? x : 1 - x);
  const parts = [`${s(m.before, m.before_proven)} → ${s(m.after, m.after_proven)}`];
  const lost = provenLoss(m);
  if (lost) parts.push(lossWords(lost));
  if (m.class) parts.push(`${m.class} (expected score ${sw(m.best_win)} → ${sw(m.win)})`);
  if (m.only_move) parts.push('only move');
  if (m.best && m.best !== m.move) parts.push(`best ${m.best} (${s(m.best_after, m.best_after_proven)})`);
  return parts.join(', ');
}
