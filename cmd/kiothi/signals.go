// Stopping a command cleanly: its context ends on SIGINT or SIGTERM.

package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"
)

// interruptible returns ctx (Background when nil) cancelled by SIGINT or
// SIGTERM, and the function that stops listening for them. Every
// long-running command stops through it: it finishes or drops its work
// in hand, writes what it has, and exits.
func interruptible(ctx context.Context) (context.Context, context.CancelFunc) {
	return signal.NotifyContext(contextOrBackground(ctx), os.Interrupt, syscall.SIGTERM)
}

// contextOrBackground is ctx, or Background for a command run without one
// (tests call RunE directly).
func contextOrBackground(ctx context.Context) context.Context {
	if ctx == nil {
		return context.Background()
	}
	return ctx
}
