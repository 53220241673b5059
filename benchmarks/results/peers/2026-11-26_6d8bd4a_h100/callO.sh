#!/usr/bin/env bash
# call O: the same sweep of ADDS's starting Delta on the other wider-suite graphs (no peers)
# (call H): 2-D rgg, the 26-neighbour mesh, random 4M x 7 w 1..10, the road-like graph; the artifact beside it; -r 3 -w 1
set -uo pipefail
rm -rf build/gpu-bundle; tar xJf build/carry19n/bench.tar.xz -C build
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
printf '%s\n' 'rgg:n=1048576,d=12,dim=3,seed=1,w=1..1000' 'mesh:100x100x100,nb=18,seed=1,w=1..1000' 'random:n=4194304,d=4,seed=1,w=1..10' 'random:n=4194304,d=8,seed=1,w=1..100' 'rmat:scale=22,ef=16,seed=1,w=1..1000' 'grid:2048x2048,seed=1,w=1..1000' > /tmp/n.txt
mkdir -p /tmp/O; start=$(date +%s)
build/gpu-bundle/gsssp-bench run --suite /tmp/n.txt -a adds,adds:c=8,adds:c=16,adds:c=64,adds:c=128 \
  -r 3 -w 1 -o /tmp/O/results  > /tmp/O/run.log 2>&1 || true
grep -E '^\[' /tmp/O/run.log | sed -E 's/ \([0-9,]+ vertices, ([0-9,]+) edges, source [0-9]+\)/ (\1 edges)/'
python3 - <<'PY'
import csv
for r in csv.DictReader(open('/tmp/O/results/results.csv')):
    print(r['graph'][:40], r['algorithm'], r['time_median_ms'], r['delta'], r['vertex_visits'], r['matched'])
PY
echo "total $(( $(date +%s) - start )) s"
tar czf $OUT/callO.tgz -C /tmp O
