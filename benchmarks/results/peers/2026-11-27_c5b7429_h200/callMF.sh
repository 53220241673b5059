#!/usr/bin/env bash
# call MF: main at 45ba9f4 (ADDS: no push lands before the bucket the worker holds). gsssp beside the peers over the wider
# suite (scripts/bench_peers.sh), then JMH from Java, the serving latency part, as call LD did for 5453c58.
set -uo pipefail
C=build/callsMF
rm -rf build/gpu-bundle build/peers
tar xJf $C/bundle.tar.xz -C build && tar xf $C/graphs.tar -C build && tar xJf $C/peers.tar.xz -C build || exit 3
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
python3 -c "import zipfile,glob,hashlib; j=[x for x in glob.glob('build/gpu-bundle/lib/gsssp-0*.jar') if 'tests' not in x][0]; d=zipfile.ZipFile(j).read('native/linux-x86_64/libgsssp.so'); print(hashlib.md5(d).hexdigest())" | tee $OUT/lib.txt
start=$(date +%s)
W=$OUT/w; mkdir -p $W
GSSSP_COMMIT=45ba9f4 OUT=$W/peers BENCH=build/gpu-bundle/gsssp-bench timeout 300 bash scripts/bench_peers.sh benchmarks/suites/wider.txt > $W/bench_peers.txt 2>&1
echo "bench_peers exit $? t=$(( $(date +%s) - start )) s"
grep "^|" $W/bench_peers.txt | tail -16
find $W -name traces.csv -delete
export BENCH=build/gpu-bundle/gsssp-bench GRAPHS=build/gpu-bundle/graphs
OUT=$OUT/serving timeout $(( 585 - ($(date +%s) - start) )) bash scripts/bench_serving.sh latency > $OUT/latency.txt 2>&1; echo "latency exit $? t=$(( $(date +%s) - start )) s"
OUT=$OUT/serving bash scripts/bench_serving.sh summary > /dev/null 2>&1; sed -n '1,60p' $OUT/serving/summary.md | grep '^|' | head -20
gzip -9 $OUT/*.txt; tar czf $OUT/w.tgz -C $OUT w serving && rm -rf $W $OUT/serving
exit 0
