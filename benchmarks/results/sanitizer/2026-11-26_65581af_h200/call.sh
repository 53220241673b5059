#!/usr/bin/env bash
# call G (HEAD 65581af): the block-per-source batch design. Native checks and the Java GPU test of the batch designs
# beside racecheck (block-bf with its batch path, and the DA2CF matrix variants on the grids); BatchBenchmark on
# small graphs (block-bf, CPU, ADDS); serve under load on road NY with more time than call F gave it
set -uo pipefail
mkdir -p build && tar xJf build/carry5/gpu-host.tar.xz -C build && tar xJf build/calls/san-carry.tar.xz -C build
lib=$(mktemp -d)
python3 -c "import zipfile,sys,glob; zipfile.ZipFile([j for j in glob.glob('build/gpu-bundle/lib/gsssp-0*.jar') if 'tests' not in j][0]).extract('native/linux-x86_64/libgsssp.so', sys.argv[1])" $lib
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
G=build/gpu-bundle/graphs; B=build/gpu-bundle/gsssp-bench; W=/tmp/g; mkdir -p $W/san
( export LD_LIBRARY_PATH=$lib/native/linux-x86_64; S=build/selftest-mini/gsssp_selftest
  timeout 60 $S --gr $G/rome99.gr.gz --only block-bf,multi-bf --repeat 1
  timeout 60 $S --gen grid:32 --only block-bf --repeat 1
  timeout 60 $S --gen rmat:10 --float --only block-bf --repeat 1
  timeout 60 $S --gen random:1000:7 --only block-bf --repeat 1 ) > $W/native.txt 2>&1
echo "== native"; grep -E "passed, .* failed|FAIL" $W/native.txt
( OUT=$W/san CARRY=build/san-carry JOBS=3 RUN_TIMEOUT=200 ONLY=block-bf,da2cf-f-matrix,da2cf-u-matrix timeout 230 bash scripts/sanitize_native.sh racecheck > $W/san.txt 2>&1; echo "exit $?" >> $W/san.txt ) &
san=$!
timeout 200 build/gpu-bundle/run-tests.sh --details=tree --select-class org.gsssp.MultiBellmanFordGpuTest > $W/tests.txt 2>&1
echo "== java tests exit $?"; grep -E "tests (successful|failed|found)|✘" $W/tests.txt | head
wait $san; echo "== racecheck"; cat $W/san.txt
timeout 120 $B jmh 'BatchBenchmark.batch' -f 1 -wi 1 -i 2 -w 1s -r 2s -p "graph=$G/rome99.gr.gz,random:n=1000;d=7;seed=1;w=1..1000,grid:64x64;seed=1;w=1..1000" -p algorithm=block-bf,dijkstra-cpu,adds -rf json -rff $W/batch-small.json > $W/batch-small.log 2>&1
echo "== batch"; grep -E "^BatchBenchmark" $W/batch-small.log
mkdir -p $W/serve
timeout 170 bash scripts/bench_serve.sh $G/USA-road-d.NY.gr.gz 64 100000 $W/serve > $W/serve/console.txt 2>&1
echo "== bench_serve exit $?"; head -20 $W/serve/load.md
cd $W && tar czf $OUT/g.tgz native.txt tests.txt san.txt san batch-small.json batch-small.log serve
