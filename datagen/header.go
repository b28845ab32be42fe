// The data file's header: what defines its games, so that a resume with
// other settings is refused.

package datagen

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
)

// Header records what defines a file's games: game k of a file is played
// from (Header, k) alone, so a resume must play with the same Header.
// Games (how many) is not part of it: a resume may ask for more.
type Header struct {
	Seed         uint64  `json:"seed"`
	Nodes        uint64  `json:"nodes"`
	Depth        int     `json:"depth"`
	HashMB       int     `json:"hash_mb"`
	Setup        int     `json:"setup"`
	FreeFirstLap bool    `json:"free_first_lap"`
	RandomPlies  int     `json:"random_plies"`
	RandomProb   float64 `json:"random_prob"`
	MaxPlies     int     `json:"max_plies"`
	Starts       int     `json:"starts"`        // turn-3 starts
	StartsSHA256 string  `json:"starts_sha256"` // of their notation, one a line
	StartShare   float64 `json:"start_share"`
	// Engine is the node count of the build fingerprint of the build that
	// searched (bench.FingerprintNodes): another search or evaluation
	// labels and plays other games.
	Engine uint64 `json:"engine"`
	// Exact, when set, says the records carry exact values (ExactHeader)
	// and the settings above are zero.
	Exact *ExactHeader `json:"exact,omitempty"`
}

// MaxHeader is the largest header a reader accepts, in bytes.
const MaxHeader = 4096

// Header returns the header of a file of cfg's games searched by the
// build whose fingerprint node count is engine.
func (cfg *Config) Header(engine uint64) Header {
	maxPlies := cfg.MaxPlies
	if maxPlies <= 0 {
		maxPlies = DefaultMaxPlies
	}
	h := Header{Seed: cfg.Seed, Nodes: cfg.Limits.Nodes, Depth: cfg.Limits.Depth, HashMB: cfg.HashMB,
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

// fields names each setting of h by the datagen flag that sets it, with
// its value.
func (h *Header) fields() [][2]string {
	starts := "none"
	if h.Starts > 0 {
		starts = fmt.Sprintf("%d turn-3 positions (sha256 %.12s)", h.Starts, h.StartsSHA256)
	}
	return [][2]string{
		{"--seed", strconv.FormatUint(h.Seed, 10)},
		{"--nodes", strconv.FormatUint(h.Nodes, 10)},
		{"--depth", strconv.Itoa(h.Depth)},
		{"--hash", strconv.Itoa(h.HashMB)},
		{"--setup", strconv.Itoa(h.Setup)},
		{"--free-first-lap", strconv.FormatBool(h.FreeFirstLap)},
		{"--random-plies", strconv.Itoa(h.RandomPlies)},
		{"--random-prob", strconv.FormatFloat(h.RandomProb, 'g', -1, 64)},
		{"--max-plies", strconv.Itoa(h.MaxPlies)},
		{"--starts", starts},
		{"--start-share", strconv.FormatFloat(h.StartShare, 'g', -1, 64)},
		{"engine (build fingerprint nodes)", strconv.FormatUint(h.Engine, 10)},
	}
}

// Diff names each setting where now differs from h (the file's):
// "--seed 5 in the file, 6 now"; empty when they agree.
func (h *Header) Diff(now *Header) []string {
	var out []string
	a, b := h.fields(), now.fields()
	for i := range a {
		if a[i][1] != b[i][1] {
			out = append(out, fmt.Sprintf("%s %s in the file, %s now", a[i][0], a[i][1], b[i][1]))
		}
	}
	return out
}

// WriteHeader writes the start of a data file: Magic, the header's
// length (uint32) and the header as JSON.
func WriteHeader(w io.Writer, h *Header) error {
	js, err := json.Marshal(h)
	if err != nil {
		return err
	}
	b := make([]byte, 0, len(Magic)+4+len(js))
	b = append(b, Magic...)
	b = binary.LittleEndian.AppendUint32(b, uint32(len(js)))
	b = append(b, js...)
	_, err = w.Write(b)
	return err
}

// parseHeader reads the header after Magic: its length and the JSON
// object, fields known and values in range.
func parseHeader(r io.Reader) (*Header, int64, error) {
	var n [4]byte
	if _, err := io.ReadFull(r, n[:]); err != nil {
		return nil, 0, fmt.Errorf("header cut short")
	}
	size := binary.LittleEndian.Uint32(n[:])
	if size > MaxHeader {
		return nil, 0, fmt.Errorf("header of %d bytes, at most %d", size, MaxHeader)
	}
	js := make([]byte, size)
	if _, err := io.ReadFull(r, js); err != nil {
		return nil, 0, fmt.Errorf("header cut short")
	}
	dec := json.NewDecoder(bytes.NewReader(js))
	dec.DisallowUnknownFields()
	var h Header
	if err := dec.Decode(&h); err != nil {
		return nil, 0, fmt.Errorf("header: %v", err)
	}
	if dec.More() {
		return nil, 0, fmt.Errorf("header: data after the object")
	}
	if h.Exact == nil && h.Setup != 30 && h.Setup != 25 {
		return nil, 0, fmt.Errorf("header: setup %d, want 30 or 25", h.Setup)
	}
	return &h, int64(4 + size), nil
}
