// Stopping a command cleanly on SIGINT or SIGTERM, and the exit status
// that says it was stopped.

package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"sync/atomic"
	"syscall"

	"github.com/kiothi/kiothi/internal/interrupt"
)

// caught is the signal that interrupted a batch command of this process
// (nil when none did). exitStatus reads it.
var caught atomic.Pointer[os.Signal]

// notified is a test hook, called once a command listens for signals.
var notified func()

// interruptible returns ctx (Background when nil) cancelled by SIGINT or
// SIGTERM, and the function that stops listening for them. Every
// long-running batch command (match, annotate, spsa, datagen, book build,
// solve, accuracy, bench) stops through it: it finishes or drops its work
// in hand, writes what it has, says how to continue, and the process
// exits 130 after SIGINT, 143 after SIGTERM (128 + the signal, as a shell
// reports a command the signal killed), whatever the command returned.
func interruptible(ctx context.Context) (context.Context, context.CancelFunc) {
	return interrupt.Listen(ctx, func(s os.Signal) { caught.CompareAndSwap(nil, &s) }, notified)
}

// stoppable is interruptible for a command whose normal end is a signal
// (serve, worker, analyse --infinite): it stops the same way and exits 0
// when it stopped cleanly.
func stoppable(ctx context.Context) (context.Context, context.CancelFunc) {
	return interrupt.Listen(ctx, nil, notified)
}

// contextOrBackground is ctx, or Background (interrupt.OrBackground).
func contextOrBackground(ctx context.Context) context.Context { return interrupt.OrBackground(ctx) }

// signalName is SIGINT or SIGTERM (interrupt.Name).
func signalName(s os.Signal) string { return interrupt.Name(s) }

// exitStatus is the process's exit status after a command returned err:
// 128 + the signal when a signal interrupted a batch command, else 0 for
// no error, else the error's own status (exitError) or 1.
func exitStatus(err error) int {
	if s := caught.Load(); s != nil {
		if n, ok := (*s).(syscall.Signal); ok {
			return 128 + int(n)
		}
		return 130
	}
	if err == nil {
		return 0
	}
	return exitCode(err)
}

// run executes the command line args and returns the exit status, after
// printing the error (or, for a command that a signal stopped and that
// returned no error of its own, that it was interrupted).
func run(args []string, in io.Reader, out, errOut io.Writer) int {
	caught.Store(nil)
	root := newRootCmd(in, out, errOut)
	root.SetArgs(args)
	err := root.Execute()
	switch s := caught.Load(); {
	case err != nil:
		fmt.Fprintln(errOut, "kiothi:", err)
	case s != nil:
		fmt.Fprintf(errOut, "kiothi: interrupted by %s\n", signalName(*s))
	}
	return exitStatus(err)
}
