package main
import (_ "github.com/spf13/cobra"; _ "golang.org/x/sync/errgroup"; _ "github.com/klauspost/cpuid/v2")
func main(){}
