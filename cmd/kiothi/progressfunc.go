// The packages' progress callbacks drawn on a progress bar or a status
// line (progress.go).

package main

// barFunc is a run's progress callback on b: done and a label, done -1
// when the run is over (the bar is cleared).
func barFunc(b *progressBar) func(done int, label string) {
	return func(done int, label string) {
		if done < 0 {
			b.clear()
			return
		}
		b.update(done, label)
	}
}

// statusFunc is a run's status callback on s: a line, "" when the run is
// over (the line is cleared).
func statusFunc(s statusLine) func(line string) {
	return func(line string) {
		if line == "" {
			s.clear()
			return
		}
		s.show(line)
	}
}
