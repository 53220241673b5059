#!/usr/bin/env bash
# call JE: main at d6b0741 (ADDS carry mode). JMH from Java: the serving latency part (ServingBenchmark) at the
# defaults, then again with carry mode off (GSSSP_ADDS_CARRY=0, the code before it for every query), then the FFM part.
set -uo pipefail
C=build/callsJE
rm -rf build/gpu-bundle
tar xJf $C/bundle.tar.xz -C build && tar xf $C/graphs.tar -C build || exit 3
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
python3 -c "import zipfile,glob,hashlib; j=[x for x in glob.glob('build/gpu-bundle/lib/gsssp-0*.jar') if 'tests' not in x][0]; d=zipfile.ZipFile(j).read('native/linux-x86_64/libgsssp.so'); print(hashlib.md5(d).hexdigest())" | tee $OUT/lib.txt
start=$(date +%s)
export BENCH=build/gpu-bundle/gsssp-bench GRAPHS=build/gpu-bundle/graphs
OUT=$OUT/carry timeout 200 bash scripts/bench_serving.sh latency > $OUT/latency-carry.txt 2>&1; echo "latency (defaults) exit $? t=$(( $(date +%s) - start )) s"
GSSSP_ADDS_CARRY=0 OUT=$OUT/filter timeout 200 bash scripts/bench_serving.sh latency > $OUT/latency-filter.txt 2>&1; echo "latency (carry off) exit $? t=$(( $(date +%s) - start )) s"
OUT=$OUT/carry timeout $(( 585 - ($(date +%s) - start) )) bash scripts/bench_serving.sh ffm > $OUT/ffm.txt 2>&1; echo "ffm exit $? t=$(( $(date +%s) - start )) s"
for d in carry filter; do echo "== $d"; OUT=$OUT/$d bash scripts/bench_serving.sh summary > /dev/null 2>&1; sed -n '1,60p' $OUT/$d/summary.md | grep '^|' | head -30; done
tar czf $OUT/serving.tgz -C $OUT carry filter && rm -rf $OUT/carry $OUT/filter; gzip -9 $OUT/*.txt
exit 0
