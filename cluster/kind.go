// What a job kind is: its payload's check, run, memory and determinism, and its output's comparison.

package cluster

import (
	"context"
	"fmt"

	"github.com/kiothi/kiothi/internal/excerpt"
)

// payload is one kind of job's content (GameJob, SearchJob, PerftJob,
// DatagenJob). Each kind's file holds its payload, its output and these
// methods; the envelope (wire.go), the worker (exec.go, memory.go) and
// the coordinator (coord.go) only call them.
type payload interface {
	// kind is the job's kind on the wire (Job.Kind).
	kind() string
	// check checks the payload's fields against the bounds the command
	// line has; the error names the field.
	check() error
	// run runs the job on worker w with the runner's state rs.
	run(ctx context.Context, w *worker, rs *runnerState) (output, error)
	// memoryMB is what the job takes in memory on w (0: next to
	// nothing) and what names it for messages.
	memoryMB(w *worker) (mb int64, what string, err error)
	// untimed says the job sets no clock or time limit of its own; with
	// deterministic players (a game) or one thread (a search from a
	// cleared table), two correct workers give it the same output.
	untimed() bool
}

// output is one kind of job's result (GameOut, SearchOut, PerftOut,
// DatagenOut).
type output interface {
	// kind is the kind of job the output answers (Result.Kind).
	kind() string
	// check checks what can be checked without the job (ParseResult).
	check() error
	// put sets the output's field of r.
	put(r *Result)
	// same returns nil when o says what the output says, where a
	// correct worker's output is the same every time (no times), and
	// else what differs.
	same(o output) error
}

// payloads returns j's payloads (exactly one in a valid job).
func (j *Job) payloads() []payload {
	var ps []payload
	if j.Game != nil {
		ps = append(ps, j.Game)
	}
	if j.Search != nil {
		ps = append(ps, j.Search)
	}
	if j.Perft != nil {
		ps = append(ps, j.Perft)
	}
	if j.Datagen != nil {
		ps = append(ps, j.Datagen)
	}
	return ps
}

// payload returns j's one payload (nil when it has not exactly one).
func (j *Job) payload() payload {
	if ps := j.payloads(); len(ps) == 1 {
		return ps[0]
	}
	return nil
}

// outputs returns r's outputs (exactly one in a result without an error).
func (r *Result) outputs() []output {
	var os []output
	if r.Game != nil {
		os = append(os, r.Game)
	}
	if r.Search != nil {
		os = append(os, r.Search)
	}
	if r.Perft != nil {
		os = append(os, r.Perft)
	}
	if r.Datagen != nil {
		os = append(os, r.Datagen)
	}
	return os
}

// output returns r's one output (nil when it has not exactly one).
func (r *Result) output() output {
	if os := r.outputs(); len(os) == 1 {
		return os[0]
	}
	return nil
}

// checkPayload checks that j has one payload, of its kind, and the
// payload's fields.
func (j *Job) checkPayload() error {
	ps := j.payloads()
	if len(ps) != 1 {
		return fmt.Errorf("%d payloads, want exactly one", len(ps))
	}
	if ps[0].kind() != j.Kind {
		return fmt.Errorf("kind %s does not match its payload (kinds: game, search, perft, datagen)", excerpt.Quote(j.Kind))
	}
	return ps[0].check()
}

// differ is same's error: what (a field) is a in one output, b in the
// other.
func differ(what string, a, b any) error {
	return fmt.Errorf("%s %v against %v", what, a, b)
}
