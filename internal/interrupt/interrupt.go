// Package interrupt stops a command cleanly on SIGINT or SIGTERM: a
// context the signal cancels, its cause naming the signal, and the
// signal's name.
package interrupt

import (
	"context"
	"os"
	"os/signal"
	"syscall"
)

// Stopped is the one error of work an interrupt stopped before its end
// (a match, a tournament, a book build, a tuning, a review, a worker not
// yet connected): Msg says what was done and how to go on. The command
// exits 130 with it, whichever package returned it.
type Stopped struct{ Msg string }

func (e *Stopped) Error() string { return e.Msg }

// Signal is the cause of a context cancelled by a signal.
type Signal struct{ Sig os.Signal }

func (e Signal) Error() string { return "interrupted by " + Name(e.Sig) }

// Listen returns parent (Background when nil) cancelled by SIGINT or
// SIGTERM with the cause Signal, and the function that stops listening
// (and cancels). caught, when not nil, is called with the signal before
// the context is cancelled; listening, when not nil, once the process
// listens (a test hook).
func Listen(parent context.Context, caught func(os.Signal), listening func()) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancelCause(OrBackground(parent))
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
	if listening != nil {
		listening()
	}
	go func() {
		select {
		case s := <-ch:
			if caught != nil {
				caught(s)
			}
			cancel(Signal{s})
		case <-ctx.Done():
		}
	}()
	return ctx, func() {
		signal.Stop(ch)
		cancel(context.Canceled)
	}
}

// OrBackground is ctx, or Background for a command run without one
// (tests call RunE directly).
func OrBackground(ctx context.Context) context.Context {
	if ctx == nil {
		return context.Background()
	}
	return ctx
}

// Name is SIGINT or SIGTERM (or the signal's own name).
func Name(s os.Signal) string {
	switch s {
	case os.Interrupt:
		return "SIGINT"
	case syscall.SIGTERM:
		return "SIGTERM"
	}
	return s.String()
}
