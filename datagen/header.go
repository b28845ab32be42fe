// The header of a run's data file: the settings that define its games.

package datagen

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"

	"github.com/kiothi/kiothi/record"
)

// Header returns the header of a file of cfg's games searched by the
// build whose fingerprint node count is engine.
func (cfg *Config) Header(engine uint64) record.Header {
	maxPlies := cfg.MaxPlies
	if maxPlies <= 0 {
		maxPlies = DefaultMaxPlies
	}
	h := record.Header{Seed: cfg.Seed, Nodes: cfg.Limits.Nodes, Depth: cfg.Limits.Depth, HashMB: cfg.HashMB,
		Setup: cfg.Setup, FreeFirstLap: cfg.Rules.FreeFirstLap, RandomPlies: cfg.RandomPlies,
		RandomProb: cfg.RandomProb, MaxPlies: maxPlies, Starts: len(cfg.Starts), Engine: engine}
	if len(cfg.Starts) > 0 {
		sum := sha256.New()
		for _, p := range cfg.Starts {
			fmt.Fprintln(sum, p.String())
		}
		h.StartsSHA256 = hex.EncodeToString(sum.Sum(nil))
		h.StartShare = cfg.StartShare
	}
	return h
}
