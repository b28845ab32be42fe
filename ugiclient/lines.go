// Reading an engine's lines of bounded length (package limits' reader) and quoting them briefly.

package ugiclient

import (
	"github.com/kiothi/kiothi/internal/excerpt"
	"github.com/kiothi/kiothi/limits"
)

// maxLine bounds one line the engine writes, as every line read.
const maxLine = limits.MaxLine

var readLine = limits.ReadLine

func clip(s string) string { return excerpt.Prefix(s) }
