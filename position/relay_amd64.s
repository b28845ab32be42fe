//go:build !purego

// relayLanes: two relay chains sown at once (see relay_amd64.go, relay.go).

#include "textflag.h"

// LAP sows one relay lap of a lane: rows w0, w1 and lap index ia (see
// relayTab in relay.go); it leaves the landing count in DX and counts the
// lap down in cnt. SI holds &relayTab; AX, CX, DX are scratch.
//
//	ia*3 indexes the 24-byte entries; AX = step
//	DX = the landing pit's row, chosen by bit 40 (before the lap's adds)
//	w0, w1 += the lap's deltas
//	DX = (DX >> s + inc) & 63, s = step bits 32..39, inc = bits 56..63
//	ia = step bits 0..15 | DX
#define LAP(w0, w1, ia, cnt) \
	LEAQ (ia)(ia*2), ia \
	MOVQ (SI)(ia*8), AX \
	MOVQ w0, DX \
	BTQ $40, AX \
	CMOVQCS w1, DX \
	ADDQ 8(SI)(ia*8), w0 \
	ADDQ 16(SI)(ia*8), w1 \
	MOVQ AX, CX \
	SHRQ $32, CX \
	SHRQ CX, DX \
	SHRQ $24, CX \
	ADDQ CX, DX \
	ANDQ $63, DX \
	MOVWQZX AX, ia \
	ORQ DX, ia \
	DECQ cnt

// NEXT loads move next into a lane (rows r0, r1, the index of its first
// lap, chunkLaps laps to go in cnt's low half and the move's number in its
// high half), or jumps to idle if there is none.
#define NEXT(w0, w1, ia, cnt, idle) \
	MOVQ next-8(SP), AX \
	CMPQ AX, n+24(FP) \
	JEQ idle \
	MOVQ laps+16(FP), CX \
	MOVWQZX (CX)(AX*2), ia \
	MOVQ AX, cnt \
	SHLQ $32, cnt \
	ORQ $64, cnt \
	INCQ AX \
	MOVQ AX, next-8(SP) \
	MOVQ r0+0(FP), w0 \
	MOVQ r1+8(FP), w1

// LONG marks a lane's move in the result long.
#define LONG(cnt) \
	MOVQ cnt, CX \
	SHRQ $32, CX \
	MOVL $1, AX \
	SHLQ CX, AX \
	ORQ AX, long+40(FP)

// func relayLanes(r0, r1 uint64, laps *uint16, n int) (ended int, long uint64)
//
// Lane A: R8, R9 rows, R10 lap index, R11 laps to go and move number.
// Lane B: R12, R13, BX, DI. The local next counts the moves taken.
TEXT ·relayLanes(SB), NOSPLIT, $8-48
	MOVQ $0, ended+32(FP)
	MOVQ $0, long+40(FP)
	MOVQ $0, next-8(SP)
	LEAQ ·relayTab(SB), SI
	NEXT(R8, R9, R10, R11, done)
	NEXT(R12, R13, BX, DI, onlyA)

loop:
	LAP(R8, R9, R10, R11)
	CMPQ DX, $2
	JCS  endA
	TESTL R11, R11
	JEQ  longA

stepB:
	LAP(R12, R13, BX, DI)
	CMPQ DX, $2
	JCS  endB
	TESTL DI, DI
	JEQ  longB
	JMP  loop

longA:
	LONG(R11)
	JMP nextA

endA:
	INCQ ended+32(FP)

nextA:
	NEXT(R8, R9, R10, R11, onlyB)
	JMP stepB

longB:
	LONG(DI)
	JMP nextB

endB:
	INCQ ended+32(FP)

nextB:
	NEXT(R12, R13, BX, DI, onlyA)
	JMP loop

// One chain is left, in lane A (or B): sow it alone.
onlyA:
	LAP(R8, R9, R10, R11)
	CMPQ DX, $2
	JCS  lastEnded
	TESTL R11, R11
	JNE  onlyA
	LONG(R11)
	RET

onlyB:
	LAP(R12, R13, BX, DI)
	CMPQ DX, $2
	JCS  lastEnded
	TESTL DI, DI
	JNE  onlyB
	LONG(DI)
	RET

lastEnded:
	INCQ ended+32(FP)

done:
	RET
