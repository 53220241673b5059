#!/usr/bin/env bash
# call IF (main's final code of the session): gsssp beside LonestarGPU Near-Far and the ADDS artifact over the wider
# suite (scripts/bench_peers.sh, -r 3 -w 1, peer timeout 25 s), as calls W, CG and IC.
set -uo pipefail
C=build/callsIF
rm -rf build/gpu-bundle build/peers && tar xJf $C/bench.tar.xz -C build && tar xf $C/graphs.tar -C build \
  && tar xJf $C/peers.tar.xz -C build || exit 3
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
python3 -c "import zipfile,glob,hashlib; j=[x for x in glob.glob('build/gpu-bundle/lib/gsssp-0*.jar') if 'tests' not in x][0]; print(hashlib.md5(zipfile.ZipFile(j).read('native/linux-x86_64/libgsssp.so')).hexdigest())" | tee $OUT/lib.txt
W=$OUT/w; mkdir -p $W; start=$(date +%s)
GSSSP_COMMIT=${COMMIT:-unknown} OUT=$W/peers BENCH=build/gpu-bundle/gsssp-bench timeout 265 bash scripts/bench_peers.sh benchmarks/suites/wider.txt > $W/bench_peers.txt 2>&1
echo "bench_peers exit $? t=$(( $(date +%s) - start )) s"
grep -E "^\[" $W/bench_peers.txt | sed -E 's/ \([0-9,]+ vertices, ([0-9,]+) edges, source [0-9]+\)//'
find $W -name traces.csv -delete
tar czf $OUT/w.tgz -C $OUT w && rm -rf $W
exit 0
