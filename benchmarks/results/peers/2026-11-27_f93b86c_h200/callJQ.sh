#!/usr/bin/env bash
# call JQ: main at f93b86c (ADDS raise rule's starvation test). gsssp beside the peers over the wider suite
# (scripts/bench_peers.sh), as calls IF, JB and JH.
set -uo pipefail
C=build/callsJQ
rm -rf build/gpu-bundle build/peers
tar xJf $C/bundle.tar.xz -C build && tar xf $C/graphs.tar -C build && tar xJf $C/peers.tar.xz -C build || exit 3
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
python3 -c "import zipfile,glob,hashlib; j=[x for x in glob.glob('build/gpu-bundle/lib/gsssp-0*.jar') if 'tests' not in x][0]; d=zipfile.ZipFile(j).read('native/linux-x86_64/libgsssp.so'); print(hashlib.md5(d).hexdigest())" | tee $OUT/lib.txt
start=$(date +%s)
W=$OUT/w; mkdir -p $W
GSSSP_COMMIT=f93b86c OUT=$W/peers BENCH=build/gpu-bundle/gsssp-bench timeout $(( 585 - ($(date +%s) - start) )) bash scripts/bench_peers.sh benchmarks/suites/wider.txt > $W/bench_peers.txt 2>&1
echo "bench_peers exit $? t=$(( $(date +%s) - start )) s"
grep "^|" $W/bench_peers.txt | tail -16
find $W -name traces.csv -delete
gzip -9 $OUT/*.txt; tar czf $OUT/w.tgz -C $OUT w && rm -rf $W
exit 0
