#!/usr/bin/env bash
# call N: ADDS's starting Delta (C of C*W/D, default 32) on the four wider-suite graphs where ADDS trailed the ADDS artifact
# (call H): 2-D rgg, the 26-neighbour mesh, random 4M x 7 w 1..10, the road-like graph; the artifact beside it; -r 3 -w 1
set -uo pipefail
rm -rf build/gpu-bundle; tar xJf build/carry19n/bench.tar.xz -C build
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
printf '%s\n' 'rgg:n=1048576,d=10,dim=2,seed=1,w=1..1000' 'mesh:64x64x64,nb=26,seed=1,w=1..1000' 'random:n=4194304,d=7,seed=1,w=1..10' 'road:2048x2048,hw=16,seed=1,w=1..1000' > /tmp/n.txt
mkdir -p /tmp/N; start=$(date +%s)
build/gpu-bundle/gsssp-bench run --suite /tmp/n.txt -a adds,adds:c=4,adds:c=8,adds:c=16,adds:c=64,adds:c=128,adds:static-delta \
  -r 3 -w 1 -o /tmp/N/results --peer adds-artifact=build/peers/bin/ads_host --peer-timeout 25 > /tmp/N/run.log 2>&1 || true
grep -E '^\[' /tmp/N/run.log | sed -E 's/ \([0-9,]+ vertices, ([0-9,]+) edges, source [0-9]+\)/ (\1 edges)/'
python3 - <<'PY'
import csv
for r in csv.DictReader(open('/tmp/N/results/results.csv')):
    print(r['graph'][:40], r['algorithm'], r['time_median_ms'], r['delta'], r['vertex_visits'], r['matched'])
PY
echo "total $(( $(date +%s) - start )) s"
tar czf $OUT/callN.tgz -C /tmp N
