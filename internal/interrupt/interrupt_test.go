// Tests of Listen: a signal cancels the context with its name as the
// cause and is reported first; stopping cancels it plainly.

package interrupt

import (
	"context"
	"errors"
	"os"
	"syscall"
	"testing"
)

func TestListen(t *testing.T) {
	var got os.Signal
	ctx, stop := Listen(nil, func(s os.Signal) { got = s }, func() { syscall.Kill(os.Getpid(), syscall.SIGTERM) })
	defer stop()
	<-ctx.Done()
	var sig Signal
	if cause := context.Cause(ctx); !errors.As(cause, &sig) || cause.Error() != "interrupted by SIGTERM" {
		t.Errorf("cause %v, want interrupted by SIGTERM", cause)
	}
	if got != syscall.SIGTERM {
		t.Errorf("caught %v, want SIGTERM", got)
	}
	ctx, stop = Listen(context.Background(), nil, nil)
	stop()
	if cause := context.Cause(ctx); cause != context.Canceled {
		t.Errorf("stopped: cause %v, want context.Canceled", cause)
	}
	if Name(os.Interrupt) != "SIGINT" {
		t.Errorf("Name(os.Interrupt) = %s", Name(os.Interrupt))
	}
}
