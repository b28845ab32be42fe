// Results bound to their job: the run's secret key, the nonce each job carries, the stream position a run began at.

package cluster

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// seal is what binds a run's results to its jobs: job k, attempt try,
// carries the nonce HMAC-SHA256(key, "run/k/try[/salt]"), which nobody
// without the key can make, and a result counts only if it echoes it; a
// result stored at or before sequence since of the results stream was
// there before the run began and is ignored.
type seal struct {
	key   []byte
	since uint64
	salt  string // a pool's own nonce (pools do not resume)
}

// newSeal is a seal with a fresh random key.
func newSeal(since uint64, salt string) seal {
	key := make([]byte, 32)
	rand.Read(key)
	return seal{key: key, since: since, salt: salt}
}

// nonce is job k's, attempt try, of run: 128 bits as 32 hex digits.
func (s *seal) nonce(run string, k, try int) string {
	m := hmac.New(sha256.New, s.key)
	m.Write([]byte(run + "/" + strconv.Itoa(k) + "/" + strconv.Itoa(try)))
	if s.salt != "" {
		m.Write([]byte("/" + s.salt))
	}
	return hex.EncodeToString(m.Sum(nil)[:16])
}

// sampled reports whether job k of run is in the share frac of jobs that
// are run twice and compared (--verify). The choice depends on the key
// only, so a resumed run checks the same jobs and a worker cannot tell
// which jobs are checked.
func (s *seal) sampled(run string, k int, frac float64) bool {
	if frac <= 0 {
		return false
	}
	if frac >= 1 {
		return true
	}
	m := hmac.New(sha256.New, s.key)
	m.Write([]byte("verify/" + run + "/" + strconv.Itoa(k)))
	x := binary.BigEndian.Uint64(m.Sum(nil))
	return float64(x>>11)/(1<<53) < frac
}

// binds reports why r (stream sequence seq) is not a result of this run's
// jobs, or "" when it is: stored before the run began, or a job number
// without the job's nonce. A result of an unreadable job (n −1) has no
// nonce to echo; it is only logged.
func (s *seal) binds(run string, r *Result, seq uint64) string {
	switch {
	case seq != 0 && seq <= s.since:
		return fmt.Sprintf("stored at %d, before run %s began (at %d): a replayed result", seq, run, s.since+1)
	case r.N >= 0 && !hmac.Equal([]byte(r.Nonce), []byte(s.nonce(run, r.N, r.Try))):
		return fmt.Sprintf("job %s/%d attempt %d: the nonce is not the job's (a forged or replayed result)", run, r.N, r.Try)
	}
	return ""
}

// runRecord is a run's record on the runs stream.
type runRecord struct {
	Key   string `json:"key"`   // hex
	Since uint64 `json:"since"` // the results stream's last sequence when the run began
}

// openSeal returns the run's seal: the stored one when a coordinator of
// the run ran before (a restart), else a new one stored for the next.
func (c *Coordinator) openSeal(ctx context.Context, results jetstream.Stream) (seal, error) {
	runs, err := stream(ctx, c.JS, runsConfig())
	if err != nil {
		return seal{}, err
	}
	subj := runsPrefix + c.Run
	var last error
	for range 3 {
		m, err := api(ctx, func(ctx context.Context) (*jetstream.RawStreamMsg, error) {
			return runs.GetLastMsgForSubject(ctx, subj)
		})
		if err == nil {
			var rec runRecord
			if err := json.Unmarshal(m.Data, &rec); err != nil {
				return seal{}, fmt.Errorf("the record of run %s: %v", c.Run, err)
			}
			key, err := hex.DecodeString(rec.Key)
			if err != nil || len(key) < 16 {
				return seal{}, fmt.Errorf("the record of run %s: a bad key", c.Run)
			}
			return seal{key: key, since: rec.Since}, nil
		}
		if !errors.Is(err, jetstream.ErrMsgNotFound) {
			return seal{}, fmt.Errorf("the record of run %s: %w", c.Run, err)
		}
		info, err := api(ctx, func(ctx context.Context) (*jetstream.StreamInfo, error) { return results.Info(ctx) })
		if err != nil {
			return seal{}, fmt.Errorf("stream %s: %w", ResultsStream, err)
		}
		s := newSeal(info.State.LastSeq, "")
		b, _ := json.Marshal(runRecord{Key: hex.EncodeToString(s.key), Since: s.since})
		pctx, cancel := context.WithTimeout(ctx, 30*time.Second)
		_, err = c.JS.Publish(pctx, subj, b, jetstream.WithExpectLastSequencePerSubject(0))
		cancel()
		if err == nil {
			return s, nil
		}
		last = err // another coordinator of the run was quicker: read its record
	}
	return seal{}, fmt.Errorf("the record of run %s: %w", c.Run, last)
}
