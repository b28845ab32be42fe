// Reading protocol lines of bounded length: package limits' reader.

package ugi

import "github.com/kiothi/kiothi/limits"

// maxLine bounds one command line, as every line the engine reads.
const maxLine = limits.MaxLine

var readLine = limits.ReadLine
