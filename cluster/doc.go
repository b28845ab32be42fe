// Package cluster runs the engine's batch work (match games, searches,
// perft subtrees, datagen games) on NATS JetStream: coordinators publish self-contained,
// versioned jobs on a work-queue stream; workers pull them, run them,
// publish each result on a results stream keyed by run and job number,
// and then ack, so a worker that dies mid-job leaves its job to be
// delivered again, and a result that arrives twice is counted once.
// Workers refuse jobs of another build and coordinators results of
// another build. A result counts only if it echoes its job's nonce (made
// from the run's secret key) and was stored after the run began; a share
// of deterministic jobs is run by a second worker and compared
// (Coordinator.Verify). Each job kind owns its check, run, memory and
// output (kind.go). docs/cluster.md is the operator's guide and the
// threat model.
package cluster
