#!/bin/bash
# The solve-time table of docs/match.md.
# Usage: scripts/solvetable.sh KIOTHI [TIME-LIMIT] [extra solve flags...]
K=${1:-bin/kiothi}; L=${2:-120s}; shift 2
T=$(mktemp -d)
while read -r n fen; do
  for obj in margin match; do
    /usr/bin/time -f "%U %e" -o $T/t $K solve "$fen" --threads 1 --objective $obj --time-limit $L "$@" >$T/o 2>$T/e
    nodes=$(grep '^nodes' $T/e | awk '{print $2}')
    echo "| $n | $obj | $(tail -1 $T/o | cut -c1-40) | $nodes | $(awk '{print $1" s / "$2" s"}' $T/t) |"
  done
done <<'POS'
10 2.0.2.1.1.0.0.0.0.0/0.0.1.0.0.0.0.2.0.1 24-26 n 18
15 0.1.0.0.3.1.3.0.0.0/0.0.2.0.1.1.0.1.2.0 20-25 n 20
19 0.2.1.0.0.0.1.1.0.3/3.0.1.0.1.2.0.0.4.0 24-17 n 14
25 0.4.2.0.0.0.1.1.0.3/3.0.1.4.0.1.1.0.4.0 21-14 n 12
30 0.1.5.3.2.0.3.1.0.1/2.0.1.2.0.1.4.0.1.3 13-17 s 15
POS
rm -rf $T
