// The GOAMD64 level this binary was compiled for: v1.
//go:build amd64.v1 && !amd64.v2

package machine

const goamd64 = "v1"
