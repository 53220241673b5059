#!/usr/bin/env bash
# call O (e5bc11d, the shared block-batch code): native checks of block-bf and block-nf (single queries, batches,
# matrices), the 2-byte output probe, the whole Java GPU suite, then batches by AUTO on road NY and rome99
set -uo pipefail
T0=$(date +%s)
mkdir -p build && tar xJf build/carry12/gpu-host.tar.xz -C build
lib=$(mktemp -d)
python3 -c "import zipfile,sys,glob; zipfile.ZipFile([j for j in glob.glob('build/gpu-bundle/lib/gsssp-0*.jar') if 'tests' not in j][0]).extract('native/linux-x86_64/libgsssp.so', sys.argv[1])" $lib
nvidia-smi --query-gpu=name,driver_version,memory.used,memory.total --format=csv,noheader | tee $OUT/gpu.txt
lscpu | grep -E "Model name|^CPU\(s\)" >> $OUT/gpu.txt
W=$OUT/w; mkdir -p $W
G=build/gpu-bundle/graphs; B=build/gpu-bundle/gsssp-bench
( export LD_LIBRARY_PATH=$lib/native/linux-x86_64; S=build/selftest-mini/gsssp_selftest
  for gr in rome99.gr.gz USA-road-d.NY.gr.gz; do timeout 60 $S --gr $G/$gr --only block-bf,block-nf --repeat 2; echo "exit $?"; done
  timeout 40 $S --probe --gen random:1000000:7 --repeat 20 --only gpu ) > $W/native.txt 2>&1
grep -E "passed, .* failed|exit|FAIL|compact|differ" $W/native.txt | head -20
echo "== t=$(( $(date +%s) - T0 ))s"
mkdir -p $W/suite
OUT=$W/suite bash scripts/test_gpu_suite.sh 300 --include-tag gpu > $W/suite/summary.txt 2>&1; gzip -9 $W/suite/tests.log 2>/dev/null
echo "== suite"; tail -7 $W/suite/summary.txt
echo "== t=$(( $(date +%s) - T0 ))s"
timeout 80 $B jmh BatchBenchmark.batch -f 1 -wi 1 -i 2 -w 1s -r 2s -p "graph=$G/USA-road-d.NY.gr.gz,$G/rome99.gr.gz" -p algorithm=auto -rf json -rff $W/batch.json > $W/batch.log 2>&1
grep -E "^BatchBenchmark|resolves|Exception" $W/batch.log | head
echo "== t=$(( $(date +%s) - T0 ))s"
tar czf $OUT/callO.tgz -C $OUT w gpu.txt
