// The datagen job kind (one self-play game) and the datagen coordinator: games as jobs, written whole in game order.

package jobs

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math"

	"github.com/kiothi/kiothi/cluster"
	"github.com/kiothi/kiothi/datagen"
	"github.com/kiothi/kiothi/internal/excerpt"
	"github.com/kiothi/kiothi/limits"
	"github.com/kiothi/kiothi/movegen"
	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/record"
	"github.com/kiothi/kiothi/search"
	"github.com/kiothi/kiothi/settings"
)

// KindDatagen is a self-play game of datagen (DatagenJob, DatagenOut).
const KindDatagen = "datagen"

func init() { cluster.RegisterKind[DatagenJob, DatagenOut](KindDatagen) }

// DatagenJob is game Number of a datagen run, as datagen.PlayGame plays
// it: the fields of datagen.Config a game depends on (datagenConfig).
type DatagenJob struct {
	Number       int      `json:"number"`
	Seed         uint64   `json:"seed"`
	Depth        int      `json:"depth,omitempty"`
	Nodes        uint64   `json:"nodes,omitempty"`
	HashMB       int      `json:"hash_mb,omitempty"` // 0: limits.DefaultHashMB
	Setup        int      `json:"setup"`
	FreeFirstLap bool     `json:"free_first_lap,omitempty"`
	RandomPlies  int      `json:"random_plies,omitempty"`
	RandomProb   float64  `json:"random_prob,omitempty"`
	MaxPlies     int      `json:"max_plies"`
	Starts       []string `json:"starts,omitempty"` // turn-3 positions, the run's whole list
	StartShare   float64  `json:"start_share,omitempty"`
}

func (d *DatagenJob) Untimed() bool { return true }

// Bounds of a datagen job. A game's records must fit one result message:
// MaxDatagenPlies records of 32 bytes are about 213 KB in base64. The
// starts travel in every job: MaxDatagenStarts positions are at most
// about 100 KB (a typical one is 65 bytes).
const (
	MaxDatagenPlies  = 5000
	MaxDatagenStarts = 1000
)

func (d *DatagenJob) Check() error {
	switch {
	case d.Number < 0 || uint64(d.Number) > math.MaxUint32:
		return fmt.Errorf("datagen: number %d: want 0 to %d", d.Number, uint32(math.MaxUint32))
	case d.Depth != 0 && !limits.Depth.Contains(int64(d.Depth)):
		return fmt.Errorf("datagen: depth %d: want 0 (none) or %d to %d", d.Depth, limits.Depth.Min, limits.Depth.Max)
	case d.Nodes > uint64(limits.Nodes.Max):
		return fmt.Errorf("datagen: nodes %d: want 0 (none) or %d to %d", d.Nodes, limits.Nodes.Min, limits.Nodes.Max)
	case d.Depth == 0 && d.Nodes == 0:
		return errors.New("datagen: no limit: set depth or nodes")
	case d.RandomPlies < 0:
		return fmt.Errorf("datagen: random_plies %d: must not be negative", d.RandomPlies)
	case !(d.RandomProb >= 0 && d.RandomProb <= 1):
		return fmt.Errorf("datagen: random_prob %v: want 0 to 1", d.RandomProb)
	case d.MaxPlies < 1 || d.MaxPlies > MaxDatagenPlies:
		return fmt.Errorf("datagen: max_plies %d: want 1 to %d (a game's records travel in one message)", d.MaxPlies, MaxDatagenPlies)
	case len(d.Starts) > MaxDatagenStarts:
		return fmt.Errorf("datagen: %d starts: at most %d", len(d.Starts), MaxDatagenStarts)
	case !(d.StartShare >= 0 && d.StartShare <= 1):
		return fmt.Errorf("datagen: start_share %v: want 0 to 1", d.StartShare)
	}
	// The engine settings, as the settings table bounds them.
	if d.HashMB != 0 {
		if err := settings.Hash.Check("datagen: hash_mb", int64(d.HashMB)); err != nil {
			return err
		}
	}
	if err := settings.Setup.Check("datagen: setup", int64(d.Setup)); err != nil {
		return err
	}
	_, err := d.starts()
	return err
}

// starts parses the job's starts, each a play position.
func (d *DatagenJob) starts() ([]position.Position, error) {
	if len(d.Starts) == 0 {
		return nil, nil
	}
	ps := make([]position.Position, len(d.Starts))
	for i, s := range d.Starts {
		p, err := position.Parse(s)
		if err != nil {
			return nil, fmt.Errorf("datagen: start %d: %v", i+1, err)
		}
		if p.Phase() != position.Play {
			return nil, fmt.Errorf("datagen: start %d %s: not a play position (turn 3 or later)", i+1, excerpt.Quote(s))
		}
		ps[i] = p
	}
	return ps, nil
}

func (d *DatagenJob) Run(ctx context.Context, env *cluster.Env) (cluster.Output, error) {
	cfg, err := d.config()
	if err != nil {
		return nil, err
	}
	eng, err := engine(env, cfg.EngineOptions())
	if err != nil {
		return nil, err
	}
	recs, err := datagen.PlayGame(ctx, &cfg, eng, uint32(d.Number))
	if err != nil {
		return nil, err
	}
	return &DatagenOut{Records: record.AppendRecords(make([]byte, 0, len(recs)*record.Size), recs)}, nil
}

// MemoryMB is the game's engine.
func (d *DatagenJob) MemoryMB(*cluster.Env) (int64, string, error) {
	cfg, err := d.config()
	if err != nil {
		return 0, "", err
	}
	o := cfg.EngineOptions()
	return engineMB(o), fmt.Sprintf("hash %d", max(o.HashMB, 0)), nil
}

// DatagenOut is a datagen game's records in the file's encoding
// (record.AppendRecords; base64 in the JSON), all of the game's in order.
type DatagenOut struct {
	Records []byte `json:"records"`
}

func (d *DatagenOut) Check() error {
	if len(d.Records)%record.Size != 0 {
		return fmt.Errorf("datagen records of %d bytes: not a multiple of %d", len(d.Records), record.Size)
	}
	return nil
}

func (d *DatagenOut) Same(o cluster.Output) error {
	e, ok := o.(*DatagenOut)
	switch {
	case !ok:
		return errors.New("not a datagen game")
	case len(d.Records) != len(e.Records):
		return cluster.Differ("records", len(d.Records)/record.Size, len(e.Records)/record.Size)
	case !bytes.Equal(d.Records, e.Records):
		k := 0
		for d.Records[k] == e.Records[k] {
			k++
		}
		return fmt.Errorf("record %d differs", k/record.Size+1)
	}
	return nil
}

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
func Datagen(ctx context.Context, c *cluster.Coordinator, cfg datagen.Config, w io.Writer, done map[uint32]bool, progress func(datagen.Stats)) (datagen.Stats, error) {
	st := datagen.Stats{Skipped: len(done)}
	starts := make([]string, len(cfg.Starts))
	for i, p := range cfg.Starts {
		starts[i] = p.String()
	}
	if err := datagenJob(&cfg, starts, 0).Check(); err != nil {
		return st, err
	}
	job := func(k int) cluster.Job {
		return cluster.NewJob(KindDatagen, datagenJob(&cfg, starts, k))
	}
	skip := func(k int) bool { return done[uint32(k)] }
	// Each result is checked as it arrives (datagen.CheckGame: a legal
	// game from its start, labels that agree with its end); one refused
	// is logged and its job published again.
	check := func(k int, r *cluster.Result) error {
		out, err := outputOf[*DatagenOut](r, "a datagen game")
		if err != nil {
			return err
		}
		recs, err := record.DecodeAll(out.Records)
		if err == nil {
			err = cfg.CheckGame(uint32(k), recs)
		}
		return err
	}
	write := func(k int, r *cluster.Result) (bool, error) {
		out, err := outputOf[*DatagenOut](r, "a datagen game") // checked by check
		if err != nil {
			return false, err
		}
		b := out.Records
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
	err := c.Execute(ctx, &cluster.Plan{N: cfg.Games, Job: job, Skip: skip, Check: check, Done: write, Deterministic: true})
	if ctx.Err() != nil && errors.Is(err, ctx.Err()) {
		err = nil
	}
	return st, err
}
