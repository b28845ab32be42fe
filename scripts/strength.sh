#!/bin/bash
# The four strength measurements of issue 4 (plus engine vs random).
# Usage: scripts/strength.sh KIOTHI [GAMES] [CONCURRENCY]
# Each match writes its games to /tmp/strength-<n>.txt; the last line of
# each block is cutechess-cli's Score line for player 1.
K=${1:-bin/kiothi}; N=${2:-120}; C=${3:-2}
O=testdata/openings.txt
run() { echo "== $*"; /usr/bin/time -f "%e s wall" "$K" match "$@" 2>&1 | grep -v '^\s*$'; }
run --player1 engine:movetime=10 --player2 random --openings $O --games $N --concurrency $C --out /tmp/strength-1.txt
run --player1 engine:movetime=10 --player2 greedy --openings $O --games $N --concurrency $C --out /tmp/strength-2.txt
run --player1 engine:movetime=40 --player2 engine:movetime=10 --openings $O --games $N --concurrency $C --out /tmp/strength-3.txt
run --player1 engine:movetime=10,threads=2 --player2 engine:movetime=10,threads=1 --openings $O --games $N --concurrency 1 --out /tmp/strength-4.txt
run --player1 engine:movetime=10 --player2 engine:movetime=10,opening=random --games ${M:-$N} --concurrency $C --out /tmp/strength-5.txt
