#!/usr/bin/env bash
# call H (the session's last library code): native tests; gsssp_time --pairs on rome99, R-MAT 20 (now one-sided) and
# road NY (both ends); the whole Java GPU suite
set -uo pipefail
mkdir -p build && tar xJf build/carryH/gpu-host.tar.xz -C build && tar xJf build/carryH/native-tests.tar.xz -C build
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
W=$OUT/w; mkdir -p $W/native $W/suite; start=$(date +%s)
OUT=$W/native RUN_TIMEOUT=240 bash scripts/test_native_gpu.sh build/native-tests
grep -h "target queries\|pair queries" $W/native/*.log
echo "native $(( $(date +%s) - start )) s"
lib=$(mktemp -d)
python3 -c "import zipfile,sys,glob; zipfile.ZipFile([j for j in glob.glob('build/gpu-bundle/lib/gsssp-0*.jar') if 'tests' not in j][0]).extract('native/linux-x86_64/libgsssp.so', sys.argv[1])" $lib
G=build/gpu-bundle/graphs; T=build/native-tests/gsssp_time
for spec in "--gr $G/rome99.gr.gz --pairs 200" "--gen rmat:20 --pairs 20" "--gr $G/USA-road-d.NY.gr.gz --pairs 200"; do
  LD_LIBRARY_PATH=$lib/native/linux-x86_64 timeout 100 $T $spec > $W/pairs.tmp 2>&1; echo "== gsssp_time $spec (exit $?)" | tee -a $W/pairs.txt; grep -E "told|ratio|passed|FAIL" $W/pairs.tmp | head -6 | tee -a $W/pairs.txt
done
echo "pairs $(( $(date +%s) - start )) s"
OUT=$W/suite bash scripts/test_gpu_suite.sh 400 --include-tag gpu > $W/suite/summary.txt 2>&1; gzip -9 $W/suite/tests.log 2>/dev/null
tail -7 $W/suite/summary.txt
echo "total $(( $(date +%s) - start )) s"
gzip -9 $W/native/*.log
tar cf $OUT/w.tar -C $OUT w && rm -rf $W
