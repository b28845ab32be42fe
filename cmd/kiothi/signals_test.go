package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// A batch command that a signal stops exits 128 + the signal (130 for
// SIGINT, 143 for SIGTERM) and says how to go on, even where it returns
// no error of its own (datagen, which keeps the games written and prints
// that --resume continues them); a service (serve) that the signal ends
// exits 0. The test sends the signal to its own process once the command
// listens for it (the hook), so the signal reaches the command's handler,
// as a Ctrl-C or a kill would.
func TestInterruptedExitStatus(t *testing.T) {
	for _, tc := range []struct {
		sig  syscall.Signal
		want int
	}{{syscall.SIGINT, 130}, {syscall.SIGTERM, 143}} {
		t.Run(tc.sig.String(), func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "d.bin")
			var stdout, stderr bytes.Buffer
			notified = func() { syscall.Kill(os.Getpid(), tc.sig) }
			defer func() { notified = nil }()
			status := run([]string{"datagen", "--out", out, "--games", "200", "--nodes", "2000", "--concurrency", "1"},
				strings.NewReader(""), &stdout, &stderr)
			if status != tc.want {
				t.Fatalf("exit status %d, want %d\nstdout: %s\nstderr: %s", status, tc.want, stdout.String(), stderr.String())
			}
			all := stdout.String() + stderr.String()
			if !strings.Contains(all, "--resume") || !strings.Contains(stderr.String(), "interrupted by "+signalName(tc.sig)) {
				t.Errorf("no word of the interruption or of --resume:\nstdout: %s\nstderr: %s", stdout.String(), stderr.String())
			}
		})
	}
	t.Run("serve", func(t *testing.T) {
		var stdout, stderr bytes.Buffer
		notified = func() { syscall.Kill(os.Getpid(), syscall.SIGTERM) }
		defer func() { notified = nil }()
		status := run([]string{"serve", "--addr", "127.0.0.1:0", "--grace", "0"}, strings.NewReader(""), &stdout, &stderr)
		if status != 0 {
			t.Fatalf("serve stopped by SIGTERM: exit status %d, want 0\nstderr: %s", status, stderr.String())
		}
	})
}
