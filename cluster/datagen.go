// The datagen coordinator: self-play games as jobs, written whole in game order.

package cluster

import (
	"context"
	"errors"
	"io"

	"github.com/kiothi/kiothi/datagen"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/record"
	"github.com/kiothi/kiothi/search"
)

// datagenJob is game k of cfg as a job (Starts shared with cfg's job of
// any other game).
func datagenJob(cfg *datagen.Config, starts []string, k int) *DatagenJob {
	maxPlies := cfg.MaxPlies
	if maxPlies <= 0 {
		maxPlies = datagen.DefaultMaxPlies
	}
	return &DatagenJob{Number: k, Seed: cfg.Seed, Depth: cfg.Limits.Depth, Nodes: cfg.Limits.Nodes,
		HashMB: cfg.HashMB, Setup: cfg.Setup, FreeFirstLap: cfg.Rules.FreeFirstLap,
		RandomPlies: cfg.RandomPlies, RandomProb: cfg.RandomProb, MaxPlies: maxPlies,
		Starts: starts, StartShare: cfg.StartShare}
}

// config is the datagen.Config that plays the job's game.
func (d *DatagenJob) config() (datagen.Config, error) {
	starts, err := d.starts()
	if err != nil {
		return datagen.Config{}, err
	}
	return datagen.Config{Seed: d.Seed, Limits: search.Limits{Depth: d.Depth, Nodes: d.Nodes},
		HashMB: d.HashMB, Setup: d.Setup, Rules: movegen.Rules{FreeFirstLap: d.FreeFirstLap},
		RandomPlies: d.RandomPlies, RandomProb: d.RandomProb, MaxPlies: d.MaxPlies,
		Starts: starts, StartShare: d.StartShare}, nil
}

// Datagen is datagen.Run through the work queue: it plays the games of
// cfg whose numbers are not in done, one job each, and writes each game's
// records to w as a whole, in game order. A result that is not a possible
// game of cfg (datagen.CheckGame) is refused and its job redone.
// cfg.Concurrency does not apply (the workers decide how many games run
// at once). cfg.MaxPlies is at most
// MaxDatagenPlies and cfg.Starts at most MaxDatagenStarts positions (they
// travel in every job). When ctx is cancelled it returns what it wrote and
// no error, as Run does; a coordinator started again with the same run id
// (and done read back from the file) goes on from the stored results.
func Datagen(ctx context.Context, c *Coordinator, cfg datagen.Config, w io.Writer, done map[uint32]bool, progress func(datagen.Stats)) (datagen.Stats, error) {
	st := datagen.Stats{Skipped: len(done)}
	starts := make([]string, len(cfg.Starts))
	for i, p := range cfg.Starts {
		starts[i] = p.String()
	}
	if err := datagenJob(&cfg, starts, 0).check(); err != nil {
		return st, err
	}
	job := func(k int) Job {
		return Job{Kind: KindDatagen, Datagen: datagenJob(&cfg, starts, k)}
	}
	skip := func(k int) bool { return done[uint32(k)] }
	// Each result is checked as it arrives (datagen.CheckGame: a legal
	// game from its start, labels that agree with its end); one refused
	// is logged and its job published again.
	check := func(k int, r *Result) error {
		if r.Datagen == nil {
			return errors.New("not a datagen game")
		}
		recs, err := record.DecodeAll(r.Datagen.Records)
		if err == nil {
			err = cfg.CheckGame(uint32(k), recs)
		}
		return err
	}
	record := func(k int, r *Result) (bool, error) {
		b := r.Datagen.Records
		if _, err := w.Write(record.AppendBlocks(nil, b)); err != nil {
			return false, err
		}
		st.Games++
		st.Positions += len(b) / record.Size
		if progress != nil {
			progress(st)
		}
		return false, nil
	}
	err := c.DoChecked(ctx, cfg.Games, skip, job, check, record)
	if ctx.Err() != nil && errors.Is(err, ctx.Err()) {
		err = nil
	}
	return st, err
}
