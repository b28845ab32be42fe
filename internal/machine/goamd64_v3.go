// The GOAMD64 level this binary was compiled for: v3.
//go:build amd64.v3 && !amd64.v4

package machine

const goamd64 = "v3"
