//go:build !purego

// Line: a hint that the cache line at p is needed soon (see
// prefetch_amd64.go).

#include "textflag.h"

// func Line(p unsafe.Pointer)
TEXT ·Line(SB), NOSPLIT|NOFRAME, $0-8
	MOVQ       p+0(FP), AX
	PREFETCHT0 (AX)
	RET
