package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
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

// Every batch command that works long stops within moments of SIGINT or
// SIGTERM, exits 130 or 143, and says it was interrupted (not "context
// canceled", not out of time): egdb verify (which checks every entry
// first), egdb build, solve with no time limit. The signal is sent as the
// command starts to listen; each would otherwise run for minutes.
func TestBatchCommandsStopOnSignal(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "e5.kdb")
	if _, _, err := runCLI(t, "egdb", "build", "--max", "5", "--out", db); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "e12.kdb")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"egdb", "verify", db, "--positions", "1000000"}, "verify stopped "},
		{[]string{"egdb", "build", "--max", "12", "--out", out}, "build stopped in layer "},
		{[]string{"solve", "0.1.1.1.4.4.4.4.4.4/0.1.1.1.4.4.4.4.4.4 0-0 s 3", "--egdb", "none", "--time-limit", "0"}, "not solved after "},
	} {
		for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
			t.Run(caseName(c.args)+"/"+sig.String(), func(t *testing.T) {
				var stdout, stderr bytes.Buffer
				notified = func() { syscall.Kill(os.Getpid(), sig) }
				defer func() { notified = nil }()
				began := time.Now()
				status := run(c.args, strings.NewReader(""), &stdout, &stderr)
				took := time.Since(began)
				if want := 128 + int(sig); status != want {
					t.Errorf("exit status %d, want %d\nstderr: %s", status, want, stderr.String())
				}
				msg := stderr.String()
				if !strings.Contains(msg, c.want) || !strings.Contains(msg, "interrupted by "+signalName(sig)) ||
					strings.Contains(msg, "context canceled") || strings.Contains(msg, "allow more") {
					t.Errorf("stderr %q: want %q and the signal, not context canceled or advice", msg, c.want)
				}
				// A second is the promise; the bound leaves room for a
				// loaded machine.
				if took > 3*time.Second {
					t.Errorf("took %v to stop", took)
				}
			})
		}
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("an interrupted build wrote its file")
	}
}
