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
// node count of its bench at depth 10 (package fingerprint's Nodes)
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
	Kind  string `json:"kind"`              // a registered Kind's name
	// Nonce is the coordinator's unguessable mark of this job (and
	// attempt), which its result must echo (coord.go).
	Nonce string `json:"nonce,omitempty"`
	// Avoid names the workers that answered the job before: it is being
	// verified, and a second opinion must come from another worker.
	Avoid []string `json:"avoid,omitempty"`

	// Payload is the kind's payload (NewJob, Decode), on the wire the
	// field named after the kind.
	Payload json.RawMessage `json:"-"`

	encodeErr error // NewJob's, returned by Marshal
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

	// Payload is the kind's output (Decode), on the wire the field named
	// after the kind.
	Payload json.RawMessage `json:"-"`

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
	if err := strictjson.Decode(b, v, strictjson.Partial); err != nil {
		return messageError(what, err)
	}
	return nil
}

// messageError is a decoder's error in a message (what): short, and
// data after the object said so.
func messageError(what string, err error) error {
	if errors.Is(err, strictjson.ErrTrailing) {
		return fmt.Errorf("%s message: data after the JSON object", what)
	}
	return fmt.Errorf("%s message: %s", what, shortError(err))
}

// MarshalJSON encodes the job with its payload under its kind's name.
func (j Job) MarshalJSON() ([]byte, error) {
	if j.encodeErr != nil {
		return nil, fmt.Errorf("%s payload: %v", j.Kind, j.encodeErr)
	}
	type envelope Job // the fields without this method
	return withPayload(envelope(j), j.Kind, j.Payload)
}

// MarshalJSON encodes the result with its output under its kind's name.
func (r Result) MarshalJSON() ([]byte, error) {
	type envelope Result // the fields without this method
	return withPayload(envelope(r), r.Kind, r.Payload)
}

// withPayload encodes envelope, then adds payload (if any) as the field
// named kind, a registered kind.
func withPayload(envelope any, kind string, payload json.RawMessage) ([]byte, error) {
	b, err := json.Marshal(envelope)
	if err != nil || len(payload) == 0 {
		return b, err
	}
	if lookup(kind) == nil {
		return nil, fmt.Errorf("kind %s: not a kind of this build (kinds: %s)", quoteKind(kind), strings.Join(Kinds(), ", "))
	}
	var out bytes.Buffer
	out.Write(b[:len(b)-1])
	fmt.Fprintf(&out, ",%q:", kind) // registered names are plain
	if err := json.Compact(&out, payload); err != nil {
		return nil, fmt.Errorf("%s payload: %v", kind, err)
	}
	out.WriteByte('}')
	return out.Bytes(), nil
}

// split reads a message's object: the fields named after a registered
// kind (the payloads, by name) and the envelope, the other fields, as an
// object of their own. A field that differs from a kind's name only in
// case is an error, as strictjson makes it for the envelope's fields.
func split(b []byte) (envelope []byte, payloads map[string]json.RawMessage, err error) {
	var fields map[string]json.RawMessage
	if err := strictjson.Decode(b, &fields, strictjson.Partial); err != nil {
		return nil, nil, err
	}
	kinds := Kinds()
	for name, v := range fields {
		for _, k := range kinds {
			switch {
			case name == k:
				if payloads == nil {
					payloads = map[string]json.RawMessage{}
				}
				payloads[name] = v
				delete(fields, name)
			case strings.EqualFold(name, k):
				return nil, nil, &strictjson.FieldError{Path: name, Name: name,
					Reason: fmt.Sprintf("unknown field: the name is %q (names are case-sensitive)", k)}
			}
		}
	}
	envelope, err = json.Marshal(fields)
	return envelope, payloads, err
}

// decodePayload decodes a kind's payload or output strictly into v; a
// field's error names it under the kind ("perft.depth").
func decodePayload(kind string, b json.RawMessage, v any) error {
	err := strictjson.Decode(b, v, strictjson.Partial)
	var fe *strictjson.FieldError
	if errors.As(err, &fe) {
		fe.Path = kind + "." + fe.Path
	}
	return err
}

// readMessage reads a job or result message (what) into v, its envelope,
// and returns its payloads by kind.
func readMessage(what string, b []byte, v any) (map[string]json.RawMessage, error) {
	env, payloads, err := split(b)
	if err == nil {
		err = decode(what, env, v)
	} else {
		err = messageError(what, err)
	}
	return payloads, err
}

// only returns the one payload of payloads and its kind ("" when there
// is not exactly one), compacted, so that a message read and written
// again reads the same.
func only(payloads map[string]json.RawMessage) (string, json.RawMessage) {
	for k, v := range payloads {
		if len(payloads) == 1 {
			var c bytes.Buffer
			if json.Compact(&c, v) == nil {
				return k, c.Bytes()
			}
		}
	}
	return "", nil
}

// ParseJob reads and checks a job message. The error names the field.
func ParseJob(b []byte) (*Job, error) {
	var j Job
	if len(b) > MaxMessageBytes || len(bytes.TrimSpace(b)) == 0 {
		return nil, decode("job", b, &j)
	}
	payloads, err := readMessage("job", b, &j)
	if err != nil {
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
	if len(payloads) != 1 {
		return nil, fmt.Errorf("job %s: %d payloads, want exactly one", j.ID(), len(payloads))
	}
	kind, payload := only(payloads)
	if kind != j.Kind {
		return nil, fmt.Errorf("job %s: kind %s does not match its payload (kinds: %s)", j.ID(), quoteKind(j.Kind), strings.Join(Kinds(), ", "))
	}
	j.Payload = payload
	p, err := j.Decode()
	if err != nil {
		return nil, messageError("job", err)
	}
	if err := p.Check(); err != nil {
		return nil, fmt.Errorf("job %s: %v", j.ID(), err)
	}
	return &j, nil
}

// ParseResult reads and checks a result message. The error names the field.
func ParseResult(b []byte) (*Result, error) {
	var r Result
	if len(b) > MaxMessageBytes || len(bytes.TrimSpace(b)) == 0 {
		return nil, decode("result", b, &r)
	}
	payloads, err := readMessage("result", b, &r)
	if err != nil {
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
	if r.Error != "" {
		if len(payloads) != 0 {
			return nil, fmt.Errorf("result %s/%d: an error and a payload", r.Run, r.N)
		}
		return &r, nil
	}
	if r.Refused {
		return nil, fmt.Errorf("result %s/%d: refused without an error message", r.Run, r.N)
	}
	if kind, payload := only(payloads); len(payloads) != 1 || kind != r.Kind || r.N < 0 {
		return nil, fmt.Errorf("result %s/%d: kind %s with %d payloads: want one payload of its kind", r.Run, r.N, quoteKind(r.Kind), len(payloads))
	} else {
		r.Payload = payload
	}
	o, err := r.Decode()
	if err != nil {
		return nil, messageError("result", err)
	}
	if err := o.Check(); err != nil {
		return nil, fmt.Errorf("result %s/%d: %v", r.Run, r.N, err)
	}
	return &r, nil
}

// quoteKind quotes a kind's name from a message for an error.
func quoteKind(k string) string { return excerpt.Quote(k) }

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
