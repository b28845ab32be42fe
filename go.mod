module github.com/kiothi/kiothi

go 1.26.0

require (
	github.com/spf13/cobra v1.10.2
	github.com/spf13/pflag v1.0.9
	golang.org/x/sync v0.25.0
)

require github.com/inconshreveable/mousetrap v1.1.0 // indirect
