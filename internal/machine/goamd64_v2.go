// The GOAMD64 level this binary was compiled for: v2.
//go:build amd64.v2 && !amd64.v3

package machine

const goamd64 = "v2"
