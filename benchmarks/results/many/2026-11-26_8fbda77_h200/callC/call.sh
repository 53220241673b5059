#!/usr/bin/env bash
# call C (why R-MAT 20's full queries cost 1.77 ms each in a batch): BatchBenchmark.batch on R-MAT 20 by AUTO with
# each answer's kernel and native times (BATCH line), sources with out-edges at 1 and 3 queries in flight, all sources at
# 3 with ADDS's starting C = 0 (its own, 64), 32, 128, 256; then the same with GSSSP_ADDS_PROFILE=1 (the manager's
# and workers' profile per query, on stderr) for sources with out-edges at 1 and 3 in flight.
set -uo pipefail
mkdir -p build && rm -rf build/bench-bundle && tar xJf build/callsC/bench.tar.xz -C build
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
W=$OUT/w; mkdir -p $W; start=$(date +%s)
B=build/bench-bundle/gsssp-bench
G='rmat:scale=20;ef=16;seed=1;w=1..1000'
batch() {  # label kind inflight C [jmh options]
  local label=$1 kind=$2 k=$3 c=$4; shift 4
  timeout 120 $B jmh 'BatchBenchmark.batch$' -jvmArgsAppend "--enable-native-access=ALL-UNNAMED -Dgsssp.batchInFlight=$k" \
    -p "graph=$G" -p algorithm=auto -p sourceKind=$kind -p deltaConstant=$c "$@" -rf json -rff $W/batch-$label.json > $W/batch-$label.log 2>&1
  echo "$label ($kind, in flight $k, C $c) exit $?: $(grep -E '^BatchBenchmark.batch ' $W/batch-$label.log | tr -s ' ' | cut -d' ' -f5-) | $(grep -o 'answers=.*' $W/batch-$label.log | head -1)"
}
batch edges-1 edges 1 0
batch edges-3 edges 3 0
batch uniform-3 uniform 3 0
batch uniform-3-c32 uniform 3 32
batch uniform-3-c128 uniform 3 128
batch uniform-3-c256 uniform 3 256
echo "t=$(( $(date +%s) - start )) s"
export GSSSP_ADDS_PROFILE=1
batch profile-edges-1 edges 1 0 -wi 1 -i 1 -w 1s -r 2s
batch profile-edges-3 edges 3 0 -wi 1 -i 1 -w 1s -r 2s
unset GSSSP_ADDS_PROFILE
for f in $W/batch-profile-*.log; do
  echo "== $f"; python3 - "$f" <<'PY'
import re, sys, statistics as st
rows = []
for line in open(sys.argv[1]):
    m = re.search(r"adds profile: ([\d.]+) ms, (\d+) workers x (\d+), (\d+) sweeps \(([\d.]+) us each.*?workers busy ([\d.]+)%; (\d+) switches, Delta ([\d.e+]+), depth (\d+)", line)
    if m: rows.append([float(x) for x in m.groups()])
if rows:
    names = ["ms", "workers", "block", "sweeps", "us/sweep", "busy%", "switches", "Delta", "depth"]
    for i, n in enumerate(names):
        col = sorted(r[i] for r in rows)
        print(f"{n:9s} median {st.median(col):10.2f}  p10 {col[len(col)//10]:10.2f}  p90 {col[9*len(col)//10]:10.2f}")
    print("queries", len(rows))
    print("example:", next(l for l in open(sys.argv[1]) if "adds profile" in l).strip())
PY
done
echo "t=$(( $(date +%s) - start )) s"
gzip -9 $W/*.log 2>/dev/null
tar cf $OUT/w.tar -C $OUT w && rm -rf $W
