// Tests of the JetStream API requests' bound: a lost reply is asked again.

package cluster

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// A request whose reply does not come in its attempt is sent again, and
// the answer to the second sending is the call's.
func TestRetryResendsARequestThatTimedOut(t *testing.T) {
	calls := 0
	v, err := retry(context.Background(), 20*time.Millisecond, 3, func(ctx context.Context) (int, error) {
		calls++
		if calls == 1 {
			<-ctx.Done() // the lost reply: the attempt's deadline ends it
			return 0, ctx.Err()
		}
		return 7, nil
	})
	if err != nil || v != 7 || calls != 2 {
		t.Fatalf("got %d, %v after %d calls; want 7, nil after 2", v, err, calls)
	}
}

// A request is sent at most tries times, and a nats timeout counts as a
// timeout.
func TestRetryGivesUpAfterItsTries(t *testing.T) {
	calls := 0
	_, err := retry(context.Background(), time.Second, 3, func(context.Context) (int, error) {
		calls++
		return 0, nats.ErrTimeout
	})
	if !errors.Is(err, nats.ErrTimeout) || calls != 3 {
		t.Fatalf("got %v after %d calls; want a timeout after 3", err, calls)
	}
}

// An answer that is an error (not a timeout) is the call's at once, and
// so is a timeout once the caller's own context has ended.
func TestRetryKeepsOtherAnswers(t *testing.T) {
	calls := 0
	_, err := retry(context.Background(), time.Second, 3, func(context.Context) (int, error) {
		calls++
		return 0, jetstream.ErrStreamNotFound
	})
	if !errors.Is(err, jetstream.ErrStreamNotFound) || calls != 1 {
		t.Fatalf("got %v after %d calls; want not found after 1", err, calls)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	calls = 0
	_, err = retry(ctx, time.Second, 5, func(ctx context.Context) (int, error) {
		calls++
		<-ctx.Done()
		return 0, ctx.Err()
	})
	if !errors.Is(err, context.DeadlineExceeded) || calls != 1 {
		t.Fatalf("got %v after %d calls; want the caller's deadline after 1", err, calls)
	}
}
