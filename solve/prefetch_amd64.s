//go:build !purego

// prefetch: a hint that the cache line at p is needed soon (see
// prefetch_amd64.go).

#include "textflag.h"

// func prefetch(p *atomic.Uint64)
TEXT ·prefetch(SB), NOSPLIT|NOFRAME, $0-8
	MOVQ       p+0(FP), AX
	PREFETCHT0 (AX)
	RET
