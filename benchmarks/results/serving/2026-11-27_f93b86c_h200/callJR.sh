#!/usr/bin/env bash
# call JR: main at f93b86c (ADDS raise rule's starvation test). JMH from Java: the serving latency part
# (ServingBenchmark) at the defaults, then with the starvation test off (GSSSP_ADDS_STARVE_RAISE=0, 415adb7's rule).
set -uo pipefail
C=build/callsJR
rm -rf build/gpu-bundle
tar xJf $C/bundle.tar.xz -C build && tar xf $C/graphs.tar -C build || exit 3
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
python3 -c "import zipfile,glob,hashlib; j=[x for x in glob.glob('build/gpu-bundle/lib/gsssp-0*.jar') if 'tests' not in x][0]; d=zipfile.ZipFile(j).read('native/linux-x86_64/libgsssp.so'); print(hashlib.md5(d).hexdigest())" | tee $OUT/lib.txt
start=$(date +%s)
export BENCH=build/gpu-bundle/gsssp-bench GRAPHS=build/gpu-bundle/graphs
OUT=$OUT/starve timeout 240 bash scripts/bench_serving.sh latency > $OUT/latency-starve.txt 2>&1; echo "latency (defaults) exit $? t=$(( $(date +%s) - start )) s"
GSSSP_ADDS_STARVE_RAISE=0 OUT=$OUT/off timeout 240 bash scripts/bench_serving.sh latency > $OUT/latency-off.txt 2>&1; echo "latency (starvation test off) exit $? t=$(( $(date +%s) - start )) s"
for d in starve off; do echo "== $d"; OUT=$OUT/$d bash scripts/bench_serving.sh summary > /dev/null 2>&1; sed -n '1,60p' $OUT/$d/summary.md | grep '^|' | head -30; done
tar czf $OUT/serving.tgz -C $OUT starve off && rm -rf $OUT/starve $OUT/off; gzip -9 $OUT/*.txt
exit 0
