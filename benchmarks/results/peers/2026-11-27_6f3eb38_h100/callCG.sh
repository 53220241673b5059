#!/usr/bin/env bash
# call CG (H100): main's HEAD library (6f3eb38, the bundle jar's: streaming edge loads by the L2 rule, ADDS's init grid)
# beside LonestarGPU Near-Far and the ADDS artifact over the wider suite (scripts/bench_peers.sh, -r 3 -w 1), as call W
# did at c81f2b8 (peers/2026-11-27_c81f2b8_h100). Peer binaries: ../shared/peers/build.sh's, carried as in call W.
set -uo pipefail
rm -rf build/gpu-bundle build/peers && tar xJf build/callsCE/bench-slim.tar.xz -C build && tar xf build/callsCC/graphs.tar -C build \
  && tar xJf build/callsCG/peers.tar.xz -C build || exit 3
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
python3 -c "import zipfile,hashlib; print(hashlib.md5(zipfile.ZipFile('build/gpu-bundle/lib/gsssp-0.1.0-SNAPSHOT.jar').read('native/linux-x86_64/libgsssp.so')).hexdigest())" | tee $OUT/lib.txt
W=$OUT/w; mkdir -p $W; start=$(date +%s)
GSSSP_COMMIT=6f3eb38 OUT=$W/peers BENCH=build/gpu-bundle/gsssp-bench timeout 420 bash scripts/bench_peers.sh benchmarks/suites/wider.txt > $W/bench_peers.txt 2>&1
echo "bench_peers exit $? t=$(( $(date +%s) - start )) s"
grep -E "^\[" $W/bench_peers.txt | sed -E 's/ \([0-9,]+ vertices, ([0-9,]+) edges, source [0-9]+\)//'
find $W -name traces.csv -delete
tar czf $OUT/w.tgz -C $OUT w && rm -rf $W
