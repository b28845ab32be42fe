// Not an amd64 build: no GOAMD64 level.
//go:build !amd64

package machine

const goamd64 = ""
