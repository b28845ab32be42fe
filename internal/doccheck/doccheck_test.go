// Tests of the documents: the README a newcomer reads, reference docs
// that say what is true now, and relative links that lead somewhere.

package doccheck

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// root is the repository, from this package's folder.
const root = "../.."

func read(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// paragraphs returns the blocks of text separated by empty lines, leaving
// out those that open with a code fence (awk's paragraph mode, as the
// project's hooks measure a README), each with the line it starts on.
func paragraphs(text string) (blocks []string, starts []int) {
	var cur []string
	start := 0
	flush := func() {
		if len(cur) > 0 && !strings.HasPrefix(cur[0], "```") {
			blocks = append(blocks, strings.Join(cur, "\n"))
			starts = append(starts, start)
		}
		cur = nil
	}
	for i, l := range strings.Split(text, "\n") {
		if l == "" {
			flush()
			continue
		}
		if len(cur) == 0 {
			start = i + 1
		}
		cur = append(cur, l)
	}
	flush()
	return blocks, starts
}

// TestReadmeIsALandingPage: README.md has at most 200 lines, no paragraph
// (a table counts as one) over 120 words and no line over 400 characters,
// and it opens with what Kiothi is, then the quick start.
func TestReadmeIsALandingPage(t *testing.T) {
	text := read(t, "README.md")
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	if len(lines) > 200 {
		t.Errorf("README.md has %d lines, at most 200", len(lines))
	}
	for i, l := range lines {
		if n := utf8.RuneCountInString(l); n > 400 {
			t.Errorf("README.md:%d has %d characters, at most 400", i+1, n)
		}
	}
	blocks, starts := paragraphs(text)
	for k, b := range blocks {
		if n := len(strings.Fields(b)); n > 120 {
			t.Errorf("README.md:%d: a paragraph of %d words, at most 120", starts[k], n)
		}
	}
	quick := strings.Index(text, "\n## Quick start\n")
	if quick < 0 {
		t.Fatal(`README.md has no "## Quick start"`)
	}
	if first := strings.Index(text, "\n## "); first != quick {
		t.Errorf("README.md's first section is not the quick start")
	}
	fence := strings.Index(text[quick:], "```\n")
	if fence < 0 || !strings.Contains(text[quick+fence:], "make build\n") {
		t.Error("the quick start's first command block does not build the program")
	}
}

// date is a YYYY-MM-DD date.
var date = regexp.MustCompile(`20[0-9][0-9]-[01][0-9]-[0-3][0-9]`)

// TestReferenceDocsUndated: docs/*.md other than strength.md describe
// behaviour, formats and how to measure; dated measurements and findings
// belong in docs/journal/. At most 5 lines there carry a date.
func TestReferenceDocsUndated(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil || len(files) < 10 {
		t.Fatalf("docs/*.md: %v, %v", files, err)
	}
	var dated []string
	for _, f := range files {
		if filepath.Base(f) == "strength.md" {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, l := range strings.Split(string(b), "\n") {
			if date.MatchString(l) {
				dated = append(dated, filepath.Base(f)+":"+strconv.Itoa(i+1))
			}
		}
	}
	if len(dated) > 5 {
		t.Errorf("%d dated lines in docs/*.md outside strength.md, at most 5 (move them to docs/journal/): %v", len(dated), dated)
	}
}

// link is a markdown link's target: [text](target).
var link = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// fences is a fenced code block.
var fences = regexp.MustCompile("(?s)```.*?```")

// TestLinksResolve: every relative link in README.md, CONTRIBUTING.md and
// docs/ (the journal too) names a file or folder that is there, and a
// link into README.md or docs/*.md with a #fragment names one of its
// headings.
func TestLinksResolve(t *testing.T) {
	docs, _ := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	journal, _ := filepath.Glob(filepath.Join(root, "docs", "journal", "*.md"))
	files := append([]string{filepath.Join(root, "README.md"), filepath.Join(root, "CONTRIBUTING.md")}, append(docs, journal...)...)
	checked := 0
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		name, _ := filepath.Rel(root, f)
		for _, m := range link.FindAllStringSubmatch(fences.ReplaceAllString(string(b), ""), -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			path, frag, _ := strings.Cut(target, "#")
			dest := f
			if path != "" {
				dest = filepath.Join(filepath.Dir(f), path)
				if _, err := os.Stat(dest); err != nil {
					t.Errorf("%s: link %s: no such file", name, target)
					continue
				}
			}
			checked++
			if frag == "" || !strings.HasSuffix(dest, ".md") || strings.Contains(dest, string(filepath.Separator)+"journal"+string(filepath.Separator)) {
				continue // the journal's headings are its own
			}
			d, err := os.ReadFile(dest)
			if err != nil {
				t.Fatal(err)
			}
			if !anchors(string(d))[frag] {
				t.Errorf("%s: link %s: no heading with that anchor", name, target)
			}
		}
	}
	if checked < 50 {
		t.Errorf("only %d links checked: the pattern no longer finds them", checked)
	}
}

// anchors returns the anchors GitHub gives a document's headings: the
// heading's text in lower case, without punctuation, spaces made hyphens,
// a repeated one numbered.
func anchors(text string) map[string]bool {
	out := map[string]bool{}
	seen := map[string]int{}
	for _, l := range strings.Split(fences.ReplaceAllString(text, ""), "\n") {
		if !strings.HasPrefix(l, "#") {
			continue
		}
		h := strings.TrimLeft(l, "#")
		if !strings.HasPrefix(h, " ") {
			continue
		}
		var b strings.Builder
		for _, r := range strings.ToLower(strings.TrimSpace(h)) {
			switch {
			case r == ' ':
				b.WriteRune('-')
			case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
				b.WriteRune(r)
			}
		}
		a := b.String()
		if n := seen[a]; n > 0 {
			out[a+"-"+strconv.Itoa(n)] = true
		} else {
			out[a] = true
		}
		seen[a]++
	}
	return out
}
