#!/bin/bash
# The root solves of an accuracy set, builds alternating position by
# position: for each position and each build, `kiothi solve` (one thread;
# the engine's table, simple and 16 MB, unless HASH or TABLE say otherwise)
# under /usr/bin/time, the value checked against the best move value the
# set lists.
# Usage: [HASH=MB] [TABLE=search] scripts/solveset.sh SET KIOTHI...
# Prints one line a position and build: index, build, value ok/BAD, nodes,
# user CPU seconds.
set -e
S=$1; shift
T=$(mktemp -d)
trap 'rm -rf $T' EXIT
i=0
grep -v '^#' "$S" | grep -v '^$' | while IFS=';' read -r fen vals; do
  i=$((i+1))
  best=$(echo $vals | tr ' ' '\n' | cut -d= -f2 | sort -n | tail -1)
  for k in "$@"; do
    /usr/bin/time -f "%U" -o $T/t $k solve "${fen% }" --threads 1 --hash ${HASH:-16} --table ${TABLE:-simple} >$T/o 2>$T/e </dev/null
    v=$(tail -1 $T/o | awk '{print $2}')
    nodes=$(grep '^nodes' $T/e | awk '{print $2}')
    ok=ok; [ "$v" = "$best" ] || ok=BAD
    echo "$i $k $ok $nodes $(cat $T/t)"
  done
done
