// The data file's header: what defines its games, so that a resume with
// other settings is refused.

package record

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"strconv"

	"github.com/kiothi/kiothi/internal/strictjson"
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
	// searched (cluster/fingerprint.Nodes): another search or evaluation
	// labels and plays other games.
	Engine uint64 `json:"engine"`
	// Exact, when set, says the records carry exact values (ExactHeader)
	// and the settings above are zero.
	Exact *ExactHeader `json:"exact,omitempty"`
}

// MaxHeader is the largest header a reader accepts, in bytes.
const MaxHeader = 4096

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
// length (uint32), the header as JSON and their CRC-32C (uint32).
func WriteHeader(w io.Writer, h *Header) error {
	js, err := json.Marshal(h)
	if err != nil {
		return err
	}
	b := make([]byte, 0, len(Magic)+4+len(js)+4)
	b = append(b, Magic...)
	b = binary.LittleEndian.AppendUint32(b, uint32(len(js)))
	b = append(b, js...)
	b = binary.LittleEndian.AppendUint32(b, crc32.Checksum(b, crcTable))
	_, err = w.Write(b)
	return err
}

// parseHeader reads the header after magic: its length, the JSON object,
// fields known and values in range, and with sum its checksum; it returns
// the length read.
func parseHeader(r io.Reader, magic []byte, sum bool) (*Header, int64, error) {
	var n [4]byte
	if _, err := io.ReadFull(r, n[:]); err != nil {
		return nil, 0, fmt.Errorf("header cut short")
	}
	size := binary.LittleEndian.Uint32(n[:])
	if size > MaxHeader {
		return nil, 0, fmt.Errorf("header of %d bytes, at most %d", size, MaxHeader)
	}
	js := make([]byte, size, size+4)
	if _, err := io.ReadFull(r, js); err != nil {
		return nil, 0, fmt.Errorf("header cut short")
	}
	read := int64(4 + size)
	if sum {
		var c [4]byte
		if _, err := io.ReadFull(r, c[:]); err != nil {
			return nil, 0, fmt.Errorf("header cut short")
		}
		crc := crc32.Update(crc32.Update(crc32.Checksum(magic, crcTable), crcTable, n[:]), crcTable, js)
		if want := binary.LittleEndian.Uint32(c[:]); crc != want {
			return nil, 0, fmt.Errorf("header checksum %#08x, the file says %#08x: the file is damaged", crc, want)
		}
		read += 4
	}
	var h Header
	if err := strictjson.Decode(js, &h, strictjson.Partial); errors.Is(err, strictjson.ErrTrailing) {
		return nil, 0, fmt.Errorf("header: data after the object")
	} else if err != nil {
		return nil, 0, fmt.Errorf("header: %v", err)
	}
	if h.Exact == nil && h.Setup != 30 && h.Setup != 25 {
		return nil, 0, fmt.Errorf("header: setup %d, want 30 or 25", h.Setup)
	}
	return &h, read, nil
}

// ExactHeader marks a data file whose records carry exact values (Header.Exact):
// each record's Score is 100 × the value proven by package solve (margin
// objective, no game history: the final prison difference under perfect
// play, side to move's view) and its Margin the value itself, so that a
// target blending the two with any weight (package tune) is the exact
// value. Such a file is not a run of games: it cannot be resumed, and its
// Header's game settings are zero.
type ExactHeader struct {
	Lo       int      `json:"lo"`    // warriors on the board, inclusive
	Hi       int      `json:"hi"`    //
	N        int      `json:"n"`     // positions asked for (0: every candidate)
	Seed     uint64   `json:"seed"`  // of the shuffle that picks them
	Nodes    uint64   `json:"nodes"` // solver node bound a position
	Sources  []string `json:"sources"`
	Excluded int      `json:"excluded"` // positions never labelled (ExactOptions.Exclude)
	Tried    int      `json:"tried"`
	Unproven int      `json:"unproven"` // dropped: not proven within Nodes
}
