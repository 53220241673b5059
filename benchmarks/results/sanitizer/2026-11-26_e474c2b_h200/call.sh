#!/usr/bin/env bash
# call H (HEAD e474c2b): racecheck of the two DA2CF dense-matrix variants on the 32x32 grids (int and float), the
# runs the earlier sweeps did not reach; then serve under load on road NY with the code as it stands
set -uo pipefail
mkdir -p build && tar xJf build/carry6/gpu-host.tar.xz -C build && tar xJf build/calls/san-carry.tar.xz -C build
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
G=build/gpu-bundle/graphs; W=/tmp/h; mkdir -p $W/san $W/serve
OUT=$W/san CARRY=build/san-carry JOBS=4 RUN_TIMEOUT=240 GRAPHS=grid ONLY=da2cf-f-matrix,da2cf-u-matrix timeout 250 bash scripts/sanitize_native.sh racecheck > $W/san.txt 2>&1
echo "== racecheck exit $?"; cat $W/san.txt
timeout 200 bash scripts/bench_serve.sh $G/USA-road-d.NY.gr.gz 64 100000 $W/serve > $W/serve/console.txt 2>&1
echo "== bench_serve exit $?"; head -20 $W/serve/load.md
cd $W && tar czf $OUT/h.tgz san.txt san serve
