// The GOAMD64 level this binary was compiled for: v4.
//go:build amd64.v4

package machine

const goamd64 = "v4"
