// Tests of an engine spec's eval= setting for the network: the embedded
// one, a file of it, and bad files.

package match

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kiothi/kiothi/eval"
	"github.com/kiothi/kiothi/eval/nn"
	"github.com/kiothi/kiothi/position"
)

func TestEvalSpecNetwork(t *testing.T) {
	def, err := nn.Default()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "net.knn")
	f, err := os.Create(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := nn.Write(f, def.Params()); err != nil {
		t.Fatal(err)
	}
	f.Close()
	p := position.Start(30)
	for _, v := range []string{"nn", file} {
		c, err := parseEngineSettings("eval=" + v)
		if err != nil {
			t.Fatalf("eval=%s: %v", v, err)
		}
		if c.Options.Eval == nil || c.Options.Eval == eval.Std() {
			t.Fatalf("eval=%s: not the network", v)
		}
		if got, want := c.Options.Eval.Evaluate(&p), def.Evaluate(&p); got != want {
			t.Fatalf("eval=%s: start position %d, the network says %d", v, got, want)
		}
	}
	bad := filepath.Join(dir, "bad.knn")
	if err := os.WriteFile(bad, []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	for v, want := range map[string]string{bad: "not a network file", filepath.Join(dir, "none.knn"): "no such file", "": "eval=nn"} {
		if _, err := parseEngineSettings("eval=" + v); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("eval=%s: error %v, want one saying %q", v, err, want)
		}
	}
}

func TestLoadEvalJSON(t *testing.T) {
	file := filepath.Join(t.TempDir(), "w.json")
	f, err := os.Create(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := eval.WriteJSON(f, eval.Default); err != nil {
		t.Fatal(err)
	}
	f.Close()
	if ev, err := LoadEval("linear"); err != nil || ev != eval.Std() {
		t.Fatalf("eval=linear: %v", err)
	}
	ev, err := LoadEval(file)
	if err != nil {
		t.Fatal(err)
	}
	p := position.Start(30)
	if got, want := ev.Evaluate(&p), eval.Evaluate(&p); got != want {
		t.Fatalf("weights from JSON: %d, default %d", got, want)
	}
}
