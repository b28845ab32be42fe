#!/usr/bin/env bash
# The relay lanes, assembly against pure Go, each built for x86-64-v1 and
# v3: ROUNDS interleaved rounds of the movegen benchmarks, timed by CPU
# time (user+sys over a fixed iteration count), so that waiting for a
# core on a loaded machine does not count; then benchstat (go install
# golang.org/x/perf/cmd/benchstat@latest). docs/journal.md has the figures.
#
#   scripts/relaybench.sh [ROUNDS]    (default 10; about 3 s a round a build)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-10}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
builds="asm-v1 asm-v3 purego-v1 purego-v3"
for b in $builds; do
  tags=""; [[ $b == purego-* ]] && tags="-tags purego"
  GOAMD64=${b#*-} go test $tags -c -o "$dir/$b.test" ./movegen
done
cd movegen
for _ in $(seq 1 "$rounds"); do
  for b in $builds; do
    for spec in "Generate:^BenchmarkGenerate\$:40000" \
                "PerftLine17D7:^BenchmarkPerft\$/^line17\$/./threads1:1000" \
                "PerftLine25D5:^BenchmarkPerft\$/^line25\$/./threads1:150"; do
      IFS=: read -r name re n <<< "$spec"
      t=$( { /usr/bin/time -f "%U %S" "$dir/$b.test" -test.run '^$' -test.bench "$re" \
             -test.benchtime "${n}x" -test.cpu 1 > /dev/null; } 2>&1 | tail -1)
      echo "Benchmark$name 1 $(echo "$t $n" | awk '{printf "%d", ($1+$2)*1e9/$3}') ns/op" >> "$dir/$b.txt"
    done
  done
done
benchstat=$(command -v benchstat || echo "$(go env GOPATH)/bin/benchstat")
"$benchstat" "$dir/asm-v1.txt" "$dir/asm-v3.txt" "$dir/purego-v1.txt" "$dir/purego-v3.txt"
