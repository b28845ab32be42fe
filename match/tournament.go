// Tournaments of more than two players: a round robin or a gauntlet of
// two-player matches, and a table of every player's score and Elo.

package match

import (
	"context"
	"fmt"
	"sort"
	"strings"
)

// Kind is a tournament's pairing.
type Kind uint8

const (
	RoundRobin Kind = iota // every player against every other
	Gauntlet               // the first player against each other one
)

// ParseKind reads roundrobin or gauntlet.
func ParseKind(s string) (Kind, error) {
	switch s {
	case "roundrobin":
		return RoundRobin, nil
	case "gauntlet":
		return Gauntlet, nil
	}
	return 0, fmt.Errorf("tournament %q: want roundrobin or gauntlet", s)
}

// Pairs returns the pairings of n players: (i, j) plays a match with i as
// player 1.
func (k Kind) Pairs(n int) [][2]int {
	var out [][2]int
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			if k == Gauntlet && i > 0 {
				return out
			}
			out = append(out, [2]int{i, j})
		}
	}
	return out
}

// PairRunner plays one pairing's match (cfg with its two players, whose
// specs are spec1 and spec2): Run, or a cluster's runner.
type PairRunner func(ctx context.Context, cfg Config, spec1, spec2 string) (*Summary, error)

// Standing is one player's tally over a tournament.
type Standing struct {
	Name   string
	Counts Counts
	Points int // match points
}

// Tournament is a finished (or stopped) tournament.
type Tournament struct {
	Pairs     []*Summary // each pairing's match, in pairing order
	Standings []Standing // by score, best first
	Planned   int        // the pairings the kind plans (Pairs may stop short)
}

// RunTournament plays every pairing of players (parsed from specs) with
// base's settings, one match after another; each match gets its own seed
// from base.Seed and the pairing's number. It returns what was played
// when a match fails or ctx ends.
func RunTournament(ctx context.Context, base Config, specs []string, players []Factory, kind Kind, run PairRunner) (*Tournament, error) {
	t := &Tournament{Planned: len(kind.Pairs(len(players)))}
	if err := CheckNames(players, true); err != nil {
		return t, err
	}
	if len(players) < 2 {
		return t, fmt.Errorf("a tournament needs at least 2 players, got %d", len(players))
	}
	for n, p := range kind.Pairs(len(players)) {
		cfg := base
		cfg.Player1, cfg.Player2 = players[p[0]], players[p[1]]
		cfg.Seed = gameSeed(base.Seed, n, 3)
		s, err := run(ctx, cfg, specs[p[0]], specs[p[1]])
		if s != nil && s.Counts.Games() > 0 {
			t.Pairs = append(t.Pairs, s)
		}
		if err != nil {
			t.standings(players)
			return t, fmt.Errorf("%s vs %s: %w", cfg.Player1.Name, cfg.Player2.Name, err)
		}
	}
	t.standings(players)
	return t, nil
}

// CheckNames refuses two players with one name: the table, the PGN tags
// and the report tell players by name. A two-player match (tournament
// false) may still pit a spec against itself when neither player was
// given a name= (its table says player 1 and player 2).
func CheckNames(players []Factory, tournament bool) error {
	seen := map[string]int{}
	for i, p := range players {
		if j, ok := seen[p.Name]; ok && (tournament || p.Name != p.Spec || players[j].Name != players[j].Spec) {
			return fmt.Errorf("players %d and %d are both named %q: give each a name=LABEL of its own", j+1, i+1, p.Name)
		}
		seen[p.Name] = i
	}
	return nil
}

// standings adds the pairings up per player.
func (t *Tournament) standings(players []Factory) {
	idx := map[string]int{}
	t.Standings = make([]Standing, len(players))
	for i, p := range players {
		t.Standings[i].Name = p.Name
		idx[p.Name] = i
	}
	for _, s := range t.Pairs {
		a, b := &t.Standings[idx[s.Name1]], &t.Standings[idx[s.Name2]]
		a.Counts.Wins += s.Counts.Wins
		a.Counts.Draws += s.Counts.Draws
		a.Counts.Losses += s.Counts.Losses
		a.Points += s.Points
		b.Counts.Wins += s.Counts.Losses
		b.Counts.Draws += s.Counts.Draws
		b.Counts.Losses += s.Counts.Wins
		b.Points -= s.Points
	}
	sort.SliceStable(t.Standings, func(i, j int) bool {
		return t.Standings[i].Counts.Score() > t.Standings[j].Counts.Score()
	})
}

// Table returns the standings (each player's games, wins, draws, losses,
// score and Elo against the players it met, with its 95% interval) and
// then each pairing's score line.
func (t *Tournament) Table() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%-4s %-28s %6s %6s %6s %6s %7s %8s %18s\n", "rank", "player", "games", "wins", "draws", "losses", "score", "elo", "95% interval")
	for i, s := range t.Standings {
		c := s.Counts
		elo, lo, hi := c.Elo()
		fmt.Fprintf(&b, "%-4d %-28s %6d %6d %6d %6d %7.3f %8s %18s\n", i+1, trunc(s.Name, 28), c.Games(), c.Wins, c.Draws, c.Losses, c.Score(),
			fmtElo(elo), "["+fmtElo(lo)+", "+fmtElo(hi)+"]")
	}
	b.WriteString("pairings:\n")
	for _, s := range t.Pairs {
		elo, lo, hi := s.Counts.Elo()
		fmt.Fprintf(&b, "  %s  (Elo %s [%s, %s])\n", s.ScoreLine(), fmtElo(elo), fmtElo(lo), fmtElo(hi))
	}
	return b.String()
}
