#!/usr/bin/env bash
# call HC (H100; main at 3a4d7db, the one-block kernels' own delivery): issue 13's serving benchmarks,
# scripts/bench_serving.sh all (latency, concurrency, crossover, ffm), with the bundle's runtime and jars.
set -uo pipefail
D=build/callsHC
rm -rf build/gpu-bundle && tar xJf $D/tests.tar.xz -C build && tar xf $D/graphs.tar -C build || exit 3
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
lscpu | grep -E 'Model name|^CPU\(s\)' | tee $OUT/cpu.txt
python3 -c "import zipfile,hashlib,glob; j=[x for x in glob.glob('build/gpu-bundle/lib/gsssp-0*.jar') if 'tests' not in x][0]; d=zipfile.ZipFile(j).read('native/linux-x86_64/libgsssp.so'); print(j, hashlib.md5(d).hexdigest())" | tee $OUT/lib.txt
start=$(date +%s)
OUT=$OUT/serving BENCH=$PWD/build/gpu-bundle/gsssp-bench GRAPHS=$PWD/build/gpu-bundle/graphs timeout 540 bash scripts/bench_serving.sh all
echo "serving exit $? after $(( $(date +%s) - start )) s"
[ -f $OUT/serving/summary.md ] && cat $OUT/serving/summary.md | head -90
cd $OUT && gzip -9 serving/*.json serving/*.log 2>/dev/null; tar cf serving.tar serving && rm -rf serving
