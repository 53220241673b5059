#!/usr/bin/env bash
# call BB-1 (H100; the working tree: ADDS counts first reaches, resident results skip the count pass; stage trace):
# the native GPU tests (all but the one past 2^31 edges), the Java GPU suite (USA-road-t.NY left out of the carry),
# and ADDS's profile line on the 1,000-vertex graph and rome99.
set -uo pipefail
C=build/callsBB
mkdir -p build && rm -rf build/gpu-bundle build/ntBA && tar xJf $C/gpu-tests.tar.xz -C build && tar xf build/callsV/graphs.tar -C build \
  && tar xJf $C/nt.tar.xz -C build
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
python3 -c "import zipfile,hashlib,glob; j=[x for x in glob.glob('build/gpu-bundle/lib/gsssp-0*.jar') if 'tests' not in x][0]; d=zipfile.ZipFile(j).read('native/linux-x86_64/libgsssp.so'); print(j, hashlib.md5(d).hexdigest())" | tee $OUT/lib.txt
W=$OUT/w; mkdir -p $W/native $W/suite; start=$(date +%s)
OUT=$W/native RUN_TIMEOUT=150 bash scripts/test_native_gpu.sh build/ntBA > $W/native/summary.txt 2>&1
echo "native exit $?"; head -30 $W/native/summary.txt
echo "t=$(( $(date +%s) - start )) s"
lib=$(bash scripts/extract_library.sh)
for spec in "--gen random:1000:7" "--gr build/gpu-bundle/graphs/rome99.gr.gz"; do
  echo "== GSSSP_ADDS_PROFILE=1 gsssp_time $spec --only adds --repeat 3"
  GSSSP_ADDS_PROFILE=1 LD_LIBRARY_PATH=$lib timeout 60 build/ntBA/gsssp_time $spec --only adds --repeat 3 2>&1 | grep -E "adds profile|adds " | tail -4
done
OUT=$W/suite bash scripts/test_gpu_suite.sh 400 --include-tag gpu
echo "suite exit $?"
echo "t=$(( $(date +%s) - start )) s"
gzip -9 $W/native/*.log $W/suite/tests.log 2>/dev/null; rm -f $W/native/*.xml
tar cf $OUT/w.tar -C $OUT w && rm -rf $W
