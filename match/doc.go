// Package match plays games between players (the engine at any limit, the
// random and greedy baselines, and external engines over UGI) and measures
// their strength: a game runner with the repetition rule and a ply cap, a
// match runner over an openings file with colours swapped, Elo with its
// interval and an SPRT that stops a match when it decides, tournaments,
// the progress lines, the state file and the report.
package match
