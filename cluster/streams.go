// The JetStream layout: the jobs, results and runs streams and the workers' consumer.

package cluster

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// Stream and consumer names. Whoever connects first (worker or
// coordinator) creates them with the settings below; later processes use
// them as they are, so an operator may change their limits with the nats
// CLI (docs/cluster.md).
const (
	JobsStream     = "KIOTHI_JOBS"
	ResultsStream  = "KIOTHI_RESULTS"
	WorkerConsumer = "kiothi-workers"
)

// Defaults of the layout.
const (
	// DefaultAckWait is how long a job may go without an ack or a
	// heartbeat before it is delivered again; a worker sends a heartbeat
	// every third of it while the job runs, so only a dead or cut-off
	// worker's jobs are redelivered.
	DefaultAckWait = 30 * time.Second
	// DefaultMaxDeliver bounds the deliveries of one job message: a
	// worker that gets the last of them answers that the job failed
	// instead of running it, so that a job every worker dies running
	// (or is stopped in) ends as failed rather than going round the
	// fleet for ever. A consumer made without a bound gets this one from
	// the workers.
	DefaultMaxDeliver = 5
	// jobsDuplicates is the window in which a job published twice (a
	// restarted coordinator) is stored once.
	jobsDuplicates = time.Hour
	// resultsDuplicates is the same for results (a job redelivered after
	// its worker published but could not ack).
	resultsDuplicates = 10 * time.Minute
	// resultsMaxAge is how long results stay for a coordinator restart.
	resultsMaxAge = 7 * 24 * time.Hour
)

// fileStream is the configuration all three streams share: name, what
// it holds, its subjects (prefix and anything under it), stored in files.
func fileStream(name, description, prefix string) jetstream.StreamConfig {
	return jetstream.StreamConfig{
		Name:        name,
		Description: description,
		Subjects:    []string{prefix + ">"},
		Storage:     jetstream.FileStorage,
	}
}

func jobsConfig() jetstream.StreamConfig {
	c := fileStream(JobsStream, "kiothi jobs: games, searches, perft subtrees and datagen games (work queue)", jobsPrefix)
	c.Retention = jetstream.WorkQueuePolicy
	c.Duplicates = jobsDuplicates
	c.MaxMsgSize = 2 * MaxMessageBytes // bigger messages are refused at publication
	return c
}

func resultsConfig() jetstream.StreamConfig {
	c := fileStream(ResultsStream, "kiothi results, keyed by run and job number", resultsPrefix)
	c.Retention = jetstream.LimitsPolicy
	c.Duplicates = resultsDuplicates
	c.MaxAge = resultsMaxAge
	c.MaxMsgSize = 2 * MaxMessageBytes
	return c
}

// The runs stream holds one record a run: its secret key and where the
// results stream stood when the run began. Only coordinators read or
// write it (docs/cluster.md, "Permissions"): a worker sees a job's nonce
// only in the job it was given.
const (
	RunsStream = "KIOTHI_RUNS"
	runsPrefix = "kiothi.runs."
)

func runsConfig() jetstream.StreamConfig {
	c := fileStream(RunsStream, "kiothi runs: each run's key and first results sequence (coordinators only)", runsPrefix)
	c.Retention = jetstream.LimitsPolicy
	c.MaxMsgsPerSubject = 1
	c.MaxAge = resultsMaxAge
	return c
}

// A JetStream API request (a stream's or consumer's lookup or creation, a
// stream's info, a stored message) is given apiAttempt to be answered and
// is sent again, up to apiTries times while the caller's context lives,
// when it is not: without the bound a request whose reply was lost (a
// loaded server, a reconnect) waits the caller's whole deadline, since
// jetstream bounds a request by itself only when the context has no
// deadline. The requests sent this way are lookups and creations with a
// fixed configuration, so a second sending of one the server did answer
// does no harm.
const (
	apiAttempt = 10 * time.Second
	apiTries   = 6
)

// api runs one JetStream API request with apiAttempt and apiTries.
func api[T any](ctx context.Context, call func(context.Context) (T, error)) (T, error) {
	return retry(ctx, apiAttempt, apiTries, call)
}

// retry runs call with a deadline of attempt, again while it times out,
// ctx lives and fewer than tries were made; it returns the last answer.
func retry[T any](ctx context.Context, attempt time.Duration, tries int, call func(context.Context) (T, error)) (T, error) {
	var v T
	var err error
	for range max(tries, 1) {
		actx, cancel := context.WithTimeout(ctx, attempt)
		v, err = call(actx)
		cancel()
		if err == nil || ctx.Err() != nil || !timedOut(err) {
			break
		}
	}
	return v, err
}

// timedOut reports whether err is a request's timeout.
func timedOut(err error) bool {
	return errors.Is(err, context.DeadlineExceeded) || errors.Is(err, nats.ErrTimeout)
}

// stream returns the named stream, creating it with cfg when it is absent.
func stream(ctx context.Context, js jetstream.JetStream, cfg jetstream.StreamConfig) (jetstream.Stream, error) {
	lookup := func(ctx context.Context) (jetstream.Stream, error) { return js.Stream(ctx, cfg.Name) }
	s, err := api(ctx, lookup)
	if errors.Is(err, jetstream.ErrStreamNotFound) {
		s, err = api(ctx, func(ctx context.Context) (jetstream.Stream, error) { return js.CreateStream(ctx, cfg) })
		if errors.Is(err, jetstream.ErrStreamNameAlreadyInUse) {
			s, err = api(ctx, lookup) // another process was quicker
		}
	}
	if err != nil {
		return nil, fmt.Errorf("stream %s: %w", cfg.Name, err)
	}
	return s, nil
}

// streams returns the jobs and the results streams.
func streams(ctx context.Context, js jetstream.JetStream) (jobs, results jetstream.Stream, err error) {
	if jobs, err = stream(ctx, js, jobsConfig()); err != nil {
		return nil, nil, err
	}
	results, err = stream(ctx, js, resultsConfig())
	return jobs, results, err
}

// workerConsumer returns the workers' durable pull consumer, creating it
// with ackWait and maxDeliver when it is absent.
func workerConsumer(ctx context.Context, js jetstream.JetStream, ackWait time.Duration, maxDeliver int) (jetstream.Consumer, error) {
	c, err := api(ctx, func(ctx context.Context) (jetstream.Consumer, error) {
		return js.Consumer(ctx, JobsStream, WorkerConsumer)
	})
	if errors.Is(err, jetstream.ErrConsumerNotFound) {
		cfg := jetstream.ConsumerConfig{
			Durable:       WorkerConsumer,
			Description:   "kiothi workers: one job per pull",
			AckPolicy:     jetstream.AckExplicitPolicy,
			AckWait:       ackWait,
			MaxDeliver:    maxDeliver,
			MaxAckPending: -1,
			FilterSubject: jobsPrefix + ">",
		}
		c, err = api(ctx, func(ctx context.Context) (jetstream.Consumer, error) {
			return js.CreateOrUpdateConsumer(ctx, JobsStream, cfg)
		})
	}
	if err != nil {
		return nil, fmt.Errorf("consumer %s: %w", WorkerConsumer, err)
	}
	return c, nil
}
