// Tests of a worker's connection: retries that back off.

package cluster_test

import (
	. "github.com/kiothi/kiothi/cluster"

	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
)

// connectRetrying waits twice as long after each failure, up to its cap.
func TestConnectRetryingBacksOff(t *testing.T) {
	var log bytes.Buffer
	tries := 0
	_, err := ConnectRetrying(context.Background(), &log, "w", "nats://x", time.Millisecond, 4*time.Millisecond, func() (*nats.Conn, error) {
		if tries++; tries < 5 {
			return nil, errors.New("no server")
		}
		return nil, nil
	})
	if err != nil || tries != 5 {
		t.Fatalf("err %v after %d tries", err, tries)
	}
	for i, wait := range []string{"1ms", "2ms", "4ms", "4ms"} {
		if want := fmt.Sprintf("(try %d; again in %s,", i+1, wait); !strings.Contains(log.String(), want) {
			t.Errorf("log does not say %q:\n%s", want, log.String())
		}
	}
}
