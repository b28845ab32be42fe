#!/bin/bash
# Every move's value (kiothi solve --moves) on each position of a set,
# one process a position under /usr/bin/time, the values checked against
# the set's: an accuracy set's move values (POSITION ; M=V ...) or a solve
# set's value (POSITION; value=V).
# Usage: scripts/oracleset.sh SET KIOTHI [solve flags...]
# Prints one line a position: index, warriors on the board, ok/BAD, nodes,
# CPU seconds (user+system), then the median and maximum CPU by warriors.
set -e
S=$1; K=$2; shift 2
T=$(mktemp -d)
trap 'rm -rf $T' EXIT
i=0
grep -v '^#' "$S" | grep -v '^$' | while IFS=';' read -r fen vals; do
  i=$((i+1))
  fen="${fen% }"
  /usr/bin/time -f "%U %S" -o $T/t $K solve "$fen" --moves "$@" >$T/o 2>$T/e </dev/null || true
  board=$(echo "${fen%% *}" | tr './*' '  ' | awk '{s=0; for(i=1;i<=NF;i++) s+=$i; print s}')
  ok=ok
  case "$vals" in
  *value=*)
    want=${vals##*value=}
    [ "$(tail -1 $T/o | awk '{print $2}')" = "$want" ] || ok=BAD ;;
  *)
    for mv in $vals; do
      grep -qx "move ${mv%%=*} value ${mv#*=}" $T/o || ok=BAD
    done ;;
  esac
  nodes=$(grep '^nodes' $T/e | awk '{print $2}')
  cpu=$(awk '{printf "%.2f", $1+$2}' $T/t)
  echo "$i $board $ok $nodes $cpu"
done | tee $T/all
echo "# warriors: positions, median and max CPU s"
awk '{print $2, $5}' $T/all | sort -n -k1,1 -k2,2 | awk '
  { n[$1]++; v[$1, n[$1]] = $2 }
  END { for (w in n) { m = v[w, int((n[w]+1)/2)]; print w, n[w], m, v[w, n[w]] } }' | sort -n
awk '{print $5}' $T/all | sort -n | awk '{a[NR]=$1} END {print "# all:", NR, "positions, median", a[int((NR+1)/2)], "max", a[NR]}'
grep -c BAD $T/all | sed 's/^/# BAD: /' || true
