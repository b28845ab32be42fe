// Job kinds: what a kind registers (its name, its payload's check, run, memory and determinism, its output's check and comparison) and the registry the envelope and the worker read.

package cluster

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
)

// Payload is one kind of job's content, decoded from Job.Payload. The
// envelope (wire.go), the worker (exec.go, memory.go) and the coordinator
// (coord.go, pool.go) only call these methods.
type Payload interface {
	// Check checks the payload's fields against the bounds the command
	// line has; the error names the field as the wire spells it.
	Check() error
	// Run runs the job on the worker env describes.
	Run(ctx context.Context, env *Env) (Output, error)
	// MemoryMB is what the job takes in memory on that worker (0: next
	// to nothing) and what names it for messages.
	MemoryMB(env *Env) (mb int64, what string, err error)
	// Untimed says the job sets no clock or time limit of its own; with
	// deterministic players (a game) or one thread (a search from a
	// cleared table), two correct workers give it the same output.
	Untimed() bool
}

// Output is one kind of job's result, decoded from Result.Payload.
type Output interface {
	// Check checks what can be checked without the job (ParseResult).
	Check() error
	// Same returns nil when o says what the output says, where a
	// correct worker's output is the same every time (no times), and
	// else what differs.
	Same(o Output) error
}

// Kind is a job kind as the package that defines it registers it: a new
// kind is one file that calls Register from its init.
type Kind struct {
	// Name is the kind on the wire: Job.Kind and Result.Kind, and the
	// field that holds the payload in both.
	Name string
	// NewPayload returns an empty payload, a pointer to decode a job's
	// into; NewOutput the same for its result.
	NewPayload func() Payload
	NewOutput  func() Output
}

// registry is the kinds registered, by name.
var registry struct {
	sync.RWMutex
	kinds map[string]*Kind
}

// envelopeFields are the names of the fields of Job and Result, which no
// kind may take.
var envelopeFields = []string{"v", "run", "n", "attempt", "build", "kind", "nonce", "avoid", "worker", "error", "refused", "machine"}

// Register adds a job kind. A kind without a name, payload or output, a
// name taken by another kind or by a field of the envelope, or one that
// differs from another only in case is a mistake in the program: it
// panics, from the init that registers it.
func Register(k Kind) {
	if k.Name == "" || k.NewPayload == nil || k.NewOutput == nil {
		panic(fmt.Sprintf("cluster.Register: kind %q without a name, payload or output", k.Name))
	}
	registry.Lock()
	defer registry.Unlock()
	for _, f := range envelopeFields {
		if strings.EqualFold(f, k.Name) {
			panic(fmt.Sprintf("cluster.Register: kind %q is a field of the envelope", k.Name))
		}
	}
	for name := range registry.kinds {
		if strings.EqualFold(name, k.Name) {
			panic(fmt.Sprintf("cluster.Register: kind %q registered twice", k.Name))
		}
	}
	if registry.kinds == nil {
		registry.kinds = map[string]*Kind{}
	}
	registry.kinds[k.Name] = &k
}

// RegisterKind registers the kind name whose payloads are *P and whose
// outputs are *O (Register).
func RegisterKind[P, O any, PP interface {
	*P
	Payload
}, OP interface {
	*O
	Output
}](name string) {
	Register(Kind{Name: name, NewPayload: func() Payload { return PP(new(P)) }, NewOutput: func() Output { return OP(new(O)) }})
}

// lookup returns the kind registered as name (nil: none).
func lookup(name string) *Kind {
	registry.RLock()
	defer registry.RUnlock()
	return registry.kinds[name]
}

// Kinds returns the names of the registered kinds, sorted.
func Kinds() []string {
	registry.RLock()
	defer registry.RUnlock()
	names := make([]string, 0, len(registry.kinds))
	for name := range registry.kinds {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

// NewJob returns a job of kind with payload p (the coordinator fills in
// the rest). A payload that does not encode makes the job's Marshal fail.
func NewJob(kind string, p Payload) Job {
	b, err := json.Marshal(p)
	return Job{Kind: kind, Payload: b, encodeErr: err}
}

// Decode returns the job's payload, decoded as its kind's.
func (j *Job) Decode() (Payload, error) {
	return decodeAs(j.Kind, j.Payload, func(k *Kind) Payload { return k.NewPayload() })
}

// Decode returns the result's output, decoded as its kind's.
func (r *Result) Decode() (Output, error) {
	return decodeAs(r.Kind, r.Payload, func(k *Kind) Output { return k.NewOutput() })
}

// decodeAs decodes raw, a payload or an output of kind, into the value
// newValue makes for it.
func decodeAs[T any](kind string, raw json.RawMessage, newValue func(*Kind) T) (T, error) {
	var zero T
	k := lookup(kind)
	if k == nil {
		return zero, fmt.Errorf("kind %s: not a kind of this build (kinds: %s)", quoteKind(kind), strings.Join(Kinds(), ", "))
	}
	v := newValue(k)
	if err := decodePayload(k.Name, raw, v); err != nil {
		return zero, err
	}
	return v, nil
}

// Differ is Same's error: what (a field) is a in one output, b in the
// other.
func Differ(what string, a, b any) error {
	return fmt.Errorf("%s %v against %v", what, a, b)
}

// Env is what a job sees of the worker that runs it.
type Env struct {
	// HashMB is the worker's table for search jobs (--hash; 0: the
	// engine's default).
	HashMB int
	// AllowExternal says game jobs may name external engines (--allow-ugi).
	AllowExternal bool

	w      *worker
	runner map[any]any
}

// Shared returns the worker's value for key, made by make the first time
// any of its runners asks: what the runners share (a cache of parsed
// specs), safe for their concurrent use.
func (e *Env) Shared(key any, make func() any) any {
	e.w.sharedMu.Lock()
	defer e.w.sharedMu.Unlock()
	v, ok := e.w.shared[key]
	if !ok {
		if e.w.shared == nil {
			e.w.shared = map[any]any{}
		}
		v = make()
		e.w.shared[key] = v
	}
	return v
}

// Kept returns what the runner kept under key from an earlier job (nil:
// nothing): a runner runs one job at a time, so a kept engine is its own.
func (e *Env) Kept(key any) any { return e.runner[key] }

// Keep keeps v under key for the runner's next jobs (nil: drops it).
func (e *Env) Keep(key, v any) {
	if v == nil {
		delete(e.runner, key)
		return
	}
	e.runner[key] = v
}
