//go:build !purego

// hiddenSSE2 and hiddenAVX2: the network's hidden layer and output sum
// (see hidden_amd64.go).

#include "textflag.h"

// COL adds the column of the input at byte offset off of in (SI) to the
// sums X0..X3 (eight int16 units each); DI holds &w1, whose columns are
// 64 bytes; AX and X4..X7 are scratch.
#define COL(off) \
	MOVWQZX off(SI), AX \
	SHLQ    $6, AX \
	MOVOU   (DI)(AX*1), X4 \
	MOVOU   16(DI)(AX*1), X5 \
	MOVOU   32(DI)(AX*1), X6 \
	MOVOU   48(DI)(AX*1), X7 \
	PADDW   X4, X0 \
	PADDW   X5, X1 \
	PADDW   X6, X2 \
	PADDW   X7, X3

// func hiddenSSE2(w1 *[NumInputs][Hidden]int16, in *[NumActive]uint16, b1 *[Hidden]int16, w2 *[Hidden]int16, one *[8]int16) int64
TEXT ·hiddenSSE2(SB), NOSPLIT, $0-48
	MOVQ  w1+0(FP), DI
	MOVQ  in+8(FP), SI
	MOVQ  b1+16(FP), BX
	MOVOU 0(BX), X0
	MOVOU 16(BX), X1
	MOVOU 32(BX), X2
	MOVOU 48(BX), X3
	COL(0)
	COL(2)
	COL(4)
	COL(6)
	COL(8)
	COL(10)
	COL(12)
	COL(14)
	COL(16)
	COL(18)
	COL(20)
	COL(22)
	COL(24)
	COL(26)
	COL(28)
	COL(30)
	COL(32)
	COL(34)
	COL(36)
	COL(38)
	COL(40)
	COL(42)
	COL(44)

	// Each unit clipped to 0..one.
	MOVQ   one+32(FP), BX
	MOVOU  (BX), X9
	PXOR   X8, X8
	PMAXSW X8, X0
	PMAXSW X8, X1
	PMAXSW X8, X2
	PMAXSW X8, X3
	PMINSW X9, X0
	PMINSW X9, X1
	PMINSW X9, X2
	PMINSW X9, X3

	// Times W2, adjacent products summed in int32 lanes, then the lanes.
	MOVQ    w2+24(FP), BX
	MOVOU   0(BX), X4
	MOVOU   16(BX), X5
	MOVOU   32(BX), X6
	MOVOU   48(BX), X7
	PMADDWL X4, X0
	PMADDWL X5, X1
	PMADDWL X6, X2
	PMADDWL X7, X3
	PADDL   X1, X0
	PADDL   X3, X2
	PADDL   X2, X0
	PSHUFD  $0x4e, X0, X1
	PADDL   X1, X0
	PSHUFD  $0xb1, X0, X1
	PADDL   X1, X0
	MOVQ    X0, AX
	MOVLQSX AX, AX
	MOVQ    AX, ret+40(FP)
	RET

// COLY is COL for hiddenAVX2: the column added to Y0 and Y1 (sixteen
// units each), straight from memory.
#define COLY(off) \
	MOVWQZX off(SI), AX \
	SHLQ    $6, AX \
	VPADDW  (DI)(AX*1), Y0, Y0 \
	VPADDW  32(DI)(AX*1), Y1, Y1

// func hiddenAVX2(w1 *[NumInputs][Hidden]int16, in *[NumActive]uint16, b1 *[Hidden]int16, w2 *[Hidden]int16, one *[8]int16) int64
TEXT ·hiddenAVX2(SB), NOSPLIT, $0-48
	MOVQ    w1+0(FP), DI
	MOVQ    in+8(FP), SI
	MOVQ    b1+16(FP), BX
	VMOVDQU 0(BX), Y0
	VMOVDQU 32(BX), Y1
	COLY(0)
	COLY(2)
	COLY(4)
	COLY(6)
	COLY(8)
	COLY(10)
	COLY(12)
	COLY(14)
	COLY(16)
	COLY(18)
	COLY(20)
	COLY(22)
	COLY(24)
	COLY(26)
	COLY(28)
	COLY(30)
	COLY(32)
	COLY(34)
	COLY(36)
	COLY(38)
	COLY(40)
	COLY(42)
	COLY(44)

	// Each unit clipped to 0..one.
	MOVQ           one+32(FP), BX
	VBROADCASTI128 (BX), Y3
	VPXOR          Y2, Y2, Y2
	VPMAXSW        Y2, Y0, Y0
	VPMAXSW        Y2, Y1, Y1
	VPMINSW        Y3, Y0, Y0
	VPMINSW        Y3, Y1, Y1

	// Times W2, adjacent products summed in int32 lanes, then the lanes.
	MOVQ         w2+24(FP), BX
	VPMADDWD     (BX), Y0, Y0
	VPMADDWD     32(BX), Y1, Y1
	VPADDD       Y1, Y0, Y0
	VEXTRACTI128 $1, Y0, X1
	VPADDD       X1, X0, X0
	VPSHUFD      $0x4e, X0, X1
	VPADDD       X1, X0, X0
	VPSHUFD      $0xb1, X0, X1
	VPADDD       X1, X0, X0
	VMOVD        X0, AX
	VZEROUPPER
	MOVLQSX      AX, AX
	MOVQ         AX, ret+40(FP)
	RET
