// Package cluster runs the engine's batch work (match games, searches,
// perft subtrees, datagen games) on NATS JetStream: coordinators publish self-contained,
// versioned jobs on a work-queue stream; workers pull them, run them,
// publish each result on a results stream keyed by run and job number,
// and then ack, so a worker that dies mid-job leaves its job to be
// delivered again, and a result that arrives twice is counted once.
// Workers refuse jobs of another build and coordinators results of
// another build. docs/cluster.md is the operator's guide.
package cluster
