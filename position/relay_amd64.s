//go:build !purego

// relayLanes: three relay chains sown at once (see relay_amd64.go, relay.go).

#include "textflag.h"

// LAP sows one relay lap of a lane: rows w0, w1 and lap index ia (see
// relayTab in relay.go, indexed by Move: pit | hand<<5); it leaves the
// landing count times 32 in DX. SI holds &relayTab; AX, CX, DX are
// scratch.
//
//	ia*3 indexes the 24-byte entries; AX = step
//	DX = the landing pit's row, chosen by bit 40 (before the lap's adds)
//	w0, w1 += the lap's deltas
//	DX = (DX rotated right by step bits 32..39 + inc<<5) & (63<<5): the
//	     count times 32 (a rotation, not a shift and a shift back: one
//	     step less on the lap's critical path)
//	ia = step bits 0..15 (the landing pit) | DX
#define LAP(w0, w1, ia) \
	LEAQ (ia)(ia*2), ia \
	MOVQ (SI)(ia*8), AX \
	MOVQ w0, DX \
	BTQ $40, AX \
	CMOVQCS w1, DX \
	ADDQ 8(SI)(ia*8), w0 \
	ADDQ 16(SI)(ia*8), w1 \
	MOVQ AX, CX \
	SHRQ $32, CX \
	RORQ CX, DX \
	SHRQ $16, CX \
	ADDQ CX, DX \
	ANDQ $0x7e0, DX \
	MOVWQZX AX, ia \
	ORQ DX, ia

// NEXT loads move number next into a lane (rows r0, r1, the index of its
// first lap, masked into relayTab as in Go, chunkLaps laps to go in cnt,
// the move's number in mov), or jumps to idle if there is none.
#define NEXT(w0, w1, ia, cnt, mov, idle) \
	MOVQ next-8(SP), AX \
	CMPQ AX, n+24(FP) \
	JEQ idle \
	MOVQ laps+16(FP), CX \
	MOVWQZX (CX)(AX*2), ia \
	ANDQ $0x7ff, ia \
	MOVQ AX, mov \
	INCQ AX \
	MOVQ AX, next-8(SP) \
	MOVQ $64, cnt \
	MOVQ r0+0(FP), w0 \
	MOVQ r1+8(FP), w1

// LONG marks move mov in the result long.
#define LONG(mov) \
	MOVQ mov, CX \
	MOVL $1, AX \
	SHLQ CX, AX \
	ORQ AX, long+40(FP)

// CHECK ends a lane's step: to end if its lap ended in an empty pit, to
// long if it has sown its chunkLaps laps.
#define CHECK(cnt, end, long) \
	CMPQ DX, $64 \
	JCS end \
	DECQ cnt \
	JEQ long

// C2A moves lane C into lane A (B into A: B2A).
#define C2A \
	MOVQ R11, R8 \
	MOVQ DI, R9 \
	MOVQ R14, R10 \
	MOVQ cntC-32(SP), AX \
	MOVQ AX, cntA-16(SP) \
	MOVQ movC-56(SP), AX \
	MOVQ AX, movA-40(SP)

#define C2B \
	MOVQ R11, R12 \
	MOVQ DI, R13 \
	MOVQ R14, BX \
	MOVQ cntC-32(SP), AX \
	MOVQ AX, cntB-24(SP) \
	MOVQ movC-56(SP), AX \
	MOVQ AX, movB-48(SP)

#define B2A \
	MOVQ R12, R8 \
	MOVQ R13, R9 \
	MOVQ BX, R10 \
	MOVQ cntB-24(SP), AX \
	MOVQ AX, cntA-16(SP) \
	MOVQ movB-48(SP), AX \
	MOVQ AX, movA-40(SP)

// func relayLanes(r0, r1 uint64, laps *uint16, n int) (ended int, long uint64)
//
// Lanes A (rows R8, R9, lap index R10), B (R12, R13, BX) and C (R11, DI,
// R14; R14 is free in ABI0 code), each with its laps to go and move number
// in the frame. When the moves run out the lanes left close up into A and
// B, then A alone.
TEXT ·relayLanes(SB), NOSPLIT, $56-48
	MOVQ $0, ended+32(FP)
	MOVQ $0, long+40(FP)
	MOVQ $0, next-8(SP)
	LEAQ ·relayTab(SB), SI
	NEXT(R8, R9, R10, cntA-16(SP), movA-40(SP), done)
	NEXT(R12, R13, BX, cntB-24(SP), movB-48(SP), onlyA)
	NEXT(R11, DI, R14, cntC-32(SP), movC-56(SP), pair)

three:
	LAP(R8, R9, R10)
	CHECK(cntA-16(SP), endA3, longA3)

stepB3:
	LAP(R12, R13, BX)
	CHECK(cntB-24(SP), endB3, longB3)

stepC3:
	LAP(R11, DI, R14)
	CHECK(cntC-32(SP), endC3, longC3)
	JMP three

longA3:
	LONG(movA-40(SP))
	JMP nextA3

endA3:
	INCQ ended+32(FP)

nextA3:
	NEXT(R8, R9, R10, cntA-16(SP), movA-40(SP), idleA3)
	JMP stepB3

idleA3:
	C2A
	JMP pair

longB3:
	LONG(movB-48(SP))
	JMP nextB3

endB3:
	INCQ ended+32(FP)

nextB3:
	NEXT(R12, R13, BX, cntB-24(SP), movB-48(SP), idleB3)
	JMP stepC3

idleB3:
	C2B
	JMP pair

longC3:
	LONG(movC-56(SP))
	JMP nextC3

endC3:
	INCQ ended+32(FP)

nextC3:
	NEXT(R11, DI, R14, cntC-32(SP), movC-56(SP), pair)
	JMP three

// Two chains left, in A and B, and no more moves.
pair:
	LAP(R8, R9, R10)
	CHECK(cntA-16(SP), endA2, longA2)
	LAP(R12, R13, BX)
	CHECK(cntB-24(SP), endB2, longB2)
	JMP pair

longA2:
	LONG(movA-40(SP))
	B2A
	JMP onlyA

endA2:
	INCQ ended+32(FP)
	B2A
	JMP onlyA

longB2:
	LONG(movB-48(SP))
	JMP onlyA

endB2:
	INCQ ended+32(FP)

// One chain left, in A.
onlyA:
	LAP(R8, R9, R10)
	CHECK(cntA-16(SP), lastEnded, lastLong)
	JMP onlyA

lastLong:
	LONG(movA-40(SP))
	RET

lastEnded:
	INCQ ended+32(FP)

done:
	RET
