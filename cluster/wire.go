// The wire format: versioned JSON jobs and results, their subjects and parsers.

package cluster

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/kiothi/kiothi/internal/excerpt"
	"github.com/kiothi/kiothi/internal/machine"
	"github.com/kiothi/kiothi/internal/strictjson"
)

// WireVersion is the version of the job and result messages. A message of
// another version is refused: its fields may mean something else.
const WireVersion = 1

// MaxMessageBytes bounds a job or result message. The largest real one, a
// game of a thousand moves, is about 8 KB.
const MaxMessageBytes = 256 << 10

// Job kinds.
const (
	KindGame    = "game"    // a game of a match (GameJob)
	KindSearch  = "search"  // one search (SearchJob)
	KindPerft   = "perft"   // a perft subtree (PerftJob)
	KindDatagen = "datagen" // a self-play game of datagen (DatagenJob)
)

// Subjects: jobs of run R go on kiothi.jobs.R, their results on
// kiothi.results.R.
const (
	jobsPrefix    = "kiothi.jobs."
	resultsPrefix = "kiothi.results."
)

// JobsSubject returns the subject of run's jobs.
func JobsSubject(run string) string { return jobsPrefix + run }

// ResultsSubject returns the subject of run's results.
func ResultsSubject(run string) string { return resultsPrefix + run }

// CheckRunID checks a run id: 1 to 64 letters, digits, '-' or '_' (it is
// a token of the subjects).
func CheckRunID(run string) error {
	if run == "" || len(run) > 64 {
		return fmt.Errorf("run id %s: want 1 to 64 letters, digits, '-' or '_'", excerpt.Quote(run))
	}
	for i := 0; i < len(run); i++ {
		c := run[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_') {
			return fmt.Errorf("run id %s: character %q at %d: want letters, digits, '-' or '_'", excerpt.Quote(run), c, i)
		}
	}
	return nil
}

// Build is a build fingerprint: the engine's version, its commit, the
// node count of its bench at depth 10 (package bench's FingerprintNodes)
// and the endgame database its engines read by default (egdb.DB.ID of the
// setting's auto; "" for none). Workers run only jobs of their own build,
// and coordinators count only results of theirs, so results of two builds
// never mix.
type Build struct {
	Version string `json:"version"`
	Commit  string `json:"commit,omitempty"`
	Nodes   uint64 `json:"fingerprint_nodes"`
	EGDB    string `json:"egdb,omitempty"`
}

func (b Build) String() string {
	c := ""
	if b.Commit != "" && !strings.Contains(b.Version, b.Commit) {
		c = " commit " + b.Commit
	}
	db := ""
	if b.EGDB != "" {
		db = ", endgame database " + b.EGDB
	}
	return fmt.Sprintf("build fingerprint kiothi %s%s (depth-10 bench: %d nodes%s)", b.Version, c, b.Nodes, db)
}

// Job is one unit of work, self-contained: a worker needs nothing else.
type Job struct {
	V     int    `json:"v"`
	Run   string `json:"run"`
	N     int    `json:"n"`                 // the job's number in its run, from 0
	Try   int    `json:"attempt,omitempty"` // republications after a refusal
	Build Build  `json:"build"`             // the coordinator's
	Kind  string `json:"kind"`
	// Nonce is the coordinator's unguessable mark of this job (and
	// attempt), which its result must echo (coord.go).
	Nonce string `json:"nonce,omitempty"`
	// Avoid names the workers that answered the job before: it is being
	// verified, and a second opinion must come from another worker.
	Avoid []string `json:"avoid,omitempty"`

	Game    *GameJob    `json:"game,omitempty"`
	Search  *SearchJob  `json:"search,omitempty"`
	Perft   *PerftJob   `json:"perft,omitempty"`
	Datagen *DatagenJob `json:"datagen,omitempty"`
}

// ID returns "run/n", the job's key in results.
func (j *Job) ID() string { return j.Run + "/" + strconv.Itoa(j.N) }

// Result answers one job. Error set means no payload: the job could not be
// run (Refused: it came from another build).
type Result struct {
	V       int    `json:"v"`
	Run     string `json:"run"`
	N       int    `json:"n"`                 // -1: the job message could not be read
	Try     int    `json:"attempt,omitempty"` // the job's
	Build   Build  `json:"build"`             // the worker's
	Worker  string `json:"worker"`            // its name, for messages
	Kind    string `json:"kind,omitempty"`
	Nonce   string `json:"nonce,omitempty"` // the job's
	Error   string `json:"error,omitempty"`
	Refused bool   `json:"refused,omitempty"`

	Game    *GameOut    `json:"game,omitempty"`
	Search  *SearchOut  `json:"search,omitempty"`
	Perft   *PerftOut   `json:"perft,omitempty"`
	Datagen *DatagenOut `json:"datagen,omitempty"`

	Machine *machine.Info `json:"machine,omitempty"` // the worker's (speeds depend on it)
}

// Marshal encodes a job or a result.
func Marshal(v any) ([]byte, error) {
	b, err := json.Marshal(v)
	if err == nil && len(b) > MaxMessageBytes {
		err = fmt.Errorf("message of %d bytes: over the %d-byte limit", len(b), MaxMessageBytes)
	}
	return b, err
}

// decode reads one JSON object of at most MaxMessageBytes with no unknown
// fields and nothing after it.
func decode(what string, b []byte, v any) error {
	if len(b) > MaxMessageBytes {
		return fmt.Errorf("%s message of %d bytes: over the %d-byte limit", what, len(b), MaxMessageBytes)
	}
	if len(bytes.TrimSpace(b)) == 0 {
		return fmt.Errorf("%s message is empty", what)
	}
	// Strict (internal/strictjson): field names in their own case, fixed
	// arrays full, nothing after the object.
	if err := strictjson.Decode(b, v, strictjson.Partial); errors.Is(err, strictjson.ErrTrailing) {
		return fmt.Errorf("%s message: data after the JSON object", what)
	} else if err != nil {
		return fmt.Errorf("%s message: %s", what, shortError(err))
	}
	return nil
}

// ParseJob reads and checks a job message. The error names the field.
func ParseJob(b []byte) (*Job, error) {
	var j Job
	if err := decode("job", b, &j); err != nil {
		return nil, err
	}
	if j.V != WireVersion {
		return nil, fmt.Errorf("job: wire version %d, this build reads version %d", j.V, WireVersion)
	}
	if err := CheckRunID(j.Run); err != nil {
		return nil, fmt.Errorf("job: %v", err)
	}
	if j.N < 0 || j.Try < 0 {
		return nil, fmt.Errorf("job %s: number %d, attempt %d: must not be negative", j.ID(), j.N, j.Try)
	}
	if len(j.Nonce) > maxNonce {
		return nil, fmt.Errorf("job %s: nonce of %d bytes: at most %d", j.ID(), len(j.Nonce), maxNonce)
	}
	if len(j.Avoid) > maxAvoid {
		return nil, fmt.Errorf("job %s: avoid names %d workers: at most %d", j.ID(), len(j.Avoid), maxAvoid)
	}
	for _, w := range j.Avoid {
		if len(w) > maxWorkerName {
			return nil, fmt.Errorf("job %s: avoid: a worker name of %d bytes: at most %d", j.ID(), len(w), maxWorkerName)
		}
	}
	if err := j.checkPayload(); err != nil {
		return nil, fmt.Errorf("job %s: %v", j.ID(), err)
	}
	return &j, nil
}

// ParseResult reads and checks a result message. The error names the field.
func ParseResult(b []byte) (*Result, error) {
	var r Result
	if err := decode("result", b, &r); err != nil {
		return nil, err
	}
	if r.V != WireVersion {
		return nil, fmt.Errorf("result: wire version %d, this build reads version %d", r.V, WireVersion)
	}
	if err := CheckRunID(r.Run); err != nil {
		return nil, fmt.Errorf("result: %v", err)
	}
	if r.N < -1 {
		return nil, fmt.Errorf("result %s/%d: number must be -1 or more", r.Run, r.N)
	}
	if len(r.Nonce) > maxNonce {
		return nil, fmt.Errorf("result %s/%d: nonce of %d bytes: at most %d", r.Run, r.N, len(r.Nonce), maxNonce)
	}
	outs := r.outputs()
	if r.Error != "" {
		if len(outs) != 0 {
			return nil, fmt.Errorf("result %s/%d: an error and a payload", r.Run, r.N)
		}
		return &r, nil
	}
	if r.Refused {
		return nil, fmt.Errorf("result %s/%d: refused without an error message", r.Run, r.N)
	}
	if len(outs) != 1 || outs[0].kind() != r.Kind || r.N < 0 {
		return nil, fmt.Errorf("result %s/%d: kind %s with %d payloads: want one payload of its kind", r.Run, r.N, excerpt.Quote(r.Kind), len(outs))
	}
	if err := outs[0].check(); err != nil {
		return nil, fmt.Errorf("result %s/%d: %v", r.Run, r.N, err)
	}
	return &r, nil
}

// maxNonce bounds a nonce on the wire (the coordinator's are 32 hex
// digits).
const maxNonce = 64

// maxAvoid bounds a job's Avoid list (a verified job asks at most three
// workers), maxWorkerName a name in it.
const (
	maxAvoid      = 8
	maxWorkerName = 256
)

// maxErrorText bounds a decoder's error message in ours: it may quote a
// field name of any length from the message.
const maxErrorText = 200

func shortError(err error) string {
	t := err.Error()
	if len(t) > maxErrorText {
		t = strings.ToValidUTF8(t[:maxErrorText], "") + "..."
	}
	return t
}
