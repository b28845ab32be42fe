// A client for external UGI engines (the match runner's ugi:<command> players): start one, set its options, send positions, ask for moves.

package ugiclient

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/kiothi/kiothi/position"
	"github.com/kiothi/kiothi/search"
)

// Client drives one UGI engine process.
type Client struct {
	Name    string        // from the engine's id name line
	Timeout time.Duration // for handshakes and queries; default 10 s
	// Log, if set, sees every line: dir is "<" (from the engine) or ">".
	Log func(dir, line string)

	cmd     *exec.Cmd
	stdin   io.WriteCloser
	lines   chan engineLine // the engine's stdout, closed when it ends
	readErr error           // why lines was closed, if not the end of output; set before
	quit    chan struct{}
	closeMu sync.Mutex
	closed  bool
	skipped int // lines over maxLine the engine sent and the client skipped
}

// engineLine is one line of the engine's output, or the notice that a line
// over maxLine was skipped.
type engineLine struct {
	text    string
	tooLong bool
}

// ErrEngineExited reports that the engine closed its output.
var ErrEngineExited = errors.New("engine exited")

// StartClient starts the engine given as a command line (split like a
// shell does words, with quotes and backslashes) and completes the ugi
// handshake, waiting up to 10 s for each answer.
func StartClient(commandLine string) (*Client, error) {
	return StartClientTimeout(commandLine, 10*time.Second)
}

// StartClientTimeout is StartClient with timeout as the Client's Timeout.
func StartClientTimeout(commandLine string, timeout time.Duration) (*Client, error) {
	args, err := SplitCommandLine(commandLine)
	if err != nil {
		return nil, err
	}
	if len(args) == 0 {
		return nil, fmt.Errorf("ugi engine: empty command line")
	}
	c := &Client{Timeout: timeout, lines: make(chan engineLine, 1024), quit: make(chan struct{})}
	c.cmd = exec.Command(args[0], args[1:]...)
	if c.stdin, err = c.cmd.StdinPipe(); err != nil {
		return nil, err
	}
	stdout, err := c.cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := c.cmd.Start(); err != nil {
		return nil, fmt.Errorf("ugi engine %q: %v", args[0], err)
	}
	go func() {
		defer close(c.lines)
		r := bufio.NewReaderSize(stdout, 64<<10)
		for {
			l, tooLong, err := readLine(r)
			if err != nil {
				if err != io.EOF {
					c.readErr = err
				}
				return
			}
			select {
			case c.lines <- engineLine{l, tooLong}:
			case <-c.quit:
				return
			}
		}
	}()
	if err := c.send("ugi"); err != nil {
		c.Close()
		return nil, fmt.Errorf("ugi engine %q: %v", args[0], err)
	}
	if _, err := c.waitFor(c.Timeout, func(l string) bool {
		if name, ok := strings.CutPrefix(l, "id name "); ok {
			c.Name = name
		}
		return l == "ugiok"
	}); err != nil {
		c.Close()
		return nil, fmt.Errorf("ugi engine %q: handshake: %v", args[0], err)
	}
	return c, nil
}

func (c *Client) send(line string) error {
	if c.Log != nil {
		c.Log(">", line)
	}
	_, err := io.WriteString(c.stdin, line+"\n")
	return err
}

// waitFor reads lines until pred accepts one, which it returns.
func (c *Client) waitFor(timeout time.Duration, pred func(string) bool) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	l, err := c.waitCtx(ctx, pred)
	if err != nil && ctx.Err() != nil {
		err = fmt.Errorf("no answer within %v%s", timeout, c.skippedNote())
	}
	return l, err
}

// waitCtx reads lines until pred accepts one or ctx ends. A line over
// maxLine is skipped (and counted: the engine is alive, only talkative).
func (c *Client) waitCtx(ctx context.Context, pred func(string) bool) (string, error) {
	for {
		select {
		case l, ok := <-c.lines:
			if !ok {
				if c.readErr != nil {
					return "", fmt.Errorf("reading the engine's output: %v", c.readErr)
				}
				return "", ErrEngineExited
			}
			if l.tooLong {
				c.skipped++
				if c.Log != nil {
					c.Log("<", fmt.Sprintf("[a line over %d bytes, skipped]", maxLine))
				}
				continue
			}
			if c.Log != nil {
				c.Log("<", l.text)
			}
			if pred(l.text) {
				return l.text, nil
			}
		case <-ctx.Done():
			return "", ctx.Err()
		}
	}
}

// skippedNote says, for an error, how many over-long lines were skipped.
func (c *Client) skippedNote() string {
	if c.skipped == 0 {
		return ""
	}
	return fmt.Sprintf(" (the engine sent %d line(s) over %d bytes, skipped)", c.skipped, maxLine)
}

// SetOption sends setoption; the protocol has no answer to wait for.
func (c *Client) SetOption(name, value string) error {
	return c.send("setoption name " + name + " value " + value)
}

// IsReady sends isready and waits for readyok.
func (c *Client) IsReady() error {
	if err := c.send("isready"); err != nil {
		return err
	}
	_, err := c.waitFor(c.Timeout, func(l string) bool { return l == "readyok" })
	return err
}

// NewGame sends uginewgame.
func (c *Client) NewGame() error { return c.send("uginewgame") }

// Position sends the game so far: its start and every move.
func (c *Client) Position(start position.Position, moves []position.GameMove) error {
	var b strings.Builder
	b.WriteString("position fen ")
	b.WriteString(start.String())
	if len(moves) > 0 {
		b.WriteString(" moves")
		for _, m := range moves {
			b.WriteByte(' ')
			b.WriteString(m.String())
		}
	}
	return c.send(b.String())
}

// Query asks "query <q>" and returns the answer after "response ".
func (c *Client) Query(q string) (string, error) {
	if err := c.send("query " + q); err != nil {
		return "", err
	}
	l, err := c.waitFor(c.Timeout, func(l string) bool { return strings.HasPrefix(l, "response ") })
	return strings.TrimPrefix(l, "response "), err
}

// GoArgs returns the arguments of a go command for limits; clock says
// whether the p1/p2 clock fields are meant (they may be zero).
func GoArgs(l search.Limits, clock bool) string {
	ms := func(d time.Duration) string { return strconv.FormatInt(d.Milliseconds(), 10) }
	var f []string
	if clock {
		f = append(f, "p1time", ms(l.P1Time), "p2time", ms(l.P2Time), "p1inc", ms(l.P1Inc), "p2inc", ms(l.P2Inc))
	}
	if l.MoveTime > 0 {
		f = append(f, "movetime", ms(l.MoveTime))
	}
	if l.Depth > 0 {
		f = append(f, "depth", strconv.Itoa(l.Depth))
	}
	if l.Nodes > 0 {
		f = append(f, "nodes", strconv.FormatUint(l.Nodes, 10))
	}
	if l.Infinite || len(f) == 0 {
		f = append(f, "infinite")
	}
	return strings.Join(f, " ")
}

// Go sends "go <args>" and returns the move of the bestmove line ("none"
// when the engine has none); a UCI-style "bestmove M ponder P" gives M.
// After timeout it sends stop and waits one more Timeout before giving up.
func (c *Client) Go(args string, timeout time.Duration) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	return c.GoContext(ctx, args)
}

// GoContext is Go until ctx ends, then stop and one more Timeout.
func (c *Client) GoContext(ctx context.Context, args string) (string, error) {
	if err := c.send("go " + args); err != nil {
		return "", err
	}
	pred := func(l string) bool {
		f := strings.Fields(l)
		return len(f) > 0 && f[0] == "bestmove"
	}
	l, err := c.waitCtx(ctx, pred)
	if err != nil && ctx.Err() != nil {
		if c.send("stop") == nil {
			l, err = c.waitFor(c.Timeout, pred)
		}
	}
	if err != nil {
		return "", fmt.Errorf("go %s: %v", args, err)
	}
	f := strings.Fields(l)
	if len(f) != 2 && (len(f) != 4 || f[2] != "ponder") {
		return "", fmt.Errorf("go %s: bestmove line %q: want bestmove <move> [ponder <move>]", args, clip(l))
	}
	return f[1], nil
}

// BestMove asks the engine for its move in the game from start after
// moves: isready, position, go. ok is false when it answers none.
// timeout bounds the search (think time plus a margin).
func (c *Client) BestMove(start position.Position, moves []position.GameMove, args string, timeout time.Duration) (m position.GameMove, ok bool, err error) {
	if err = c.IsReady(); err != nil {
		return m, false, err
	}
	if err = c.Position(start, moves); err != nil {
		return m, false, err
	}
	s, err := c.Go(args, timeout)
	if err != nil || s == "none" || s == "0000" {
		return m, false, err
	}
	m, err = position.ParseGameMove(s)
	if err != nil {
		return m, false, fmt.Errorf("engine's bestmove: %v", err)
	}
	return m, true, nil
}

// Close sends quit, and kills the engine if it has not exited within a
// second.
func (c *Client) Close() error {
	c.closeMu.Lock()
	defer c.closeMu.Unlock()
	if c.closed {
		return nil
	}
	c.closed = true
	close(c.quit)
	c.send("quit")
	c.stdin.Close()
	waited := make(chan error, 1)
	go func() { waited <- c.cmd.Wait() }()
	select {
	case err := <-waited:
		return err
	case <-time.After(time.Second):
		c.cmd.Process.Kill()
		return <-waited
	}
}

// SplitCommandLine splits s into words as a POSIX shell would, for
// quotes and backslashes only (no variables, no globbing).
func SplitCommandLine(s string) ([]string, error) {
	var words []string
	var cur strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case ch == ' ' || ch == '\t' || ch == '\n':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		case ch == '\\':
			if i+1 >= len(s) {
				return nil, fmt.Errorf("command line %q: trailing backslash", s)
			}
			i++
			cur.WriteByte(s[i])
			inWord = true
		case ch == '\'' || ch == '"':
			end := strings.IndexByte(s[i+1:], ch)
			if end < 0 {
				return nil, fmt.Errorf("command line %q: unterminated %c quote", s, ch)
			}
			cur.WriteString(s[i+1 : i+1+end])
			i += end + 1
			inWord = true
		default:
			cur.WriteByte(ch)
			inWord = true
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words, nil
}
