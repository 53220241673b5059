#!/usr/bin/env bash
# call S: the whole Java GPU suite and the native quick self-test at the session's last commit
set -uo pipefail
rm -rf build/gpu-bundle; tar xJf build/carry21/gpu-host.tar.xz -C build
lib=$(mktemp -d)
python3 -c "import zipfile,sys,glob; zipfile.ZipFile([j for j in glob.glob('build/gpu-bundle/lib/gsssp-0*.jar') if 'tests' not in j][0]).extract('native/linux-x86_64/libgsssp.so', sys.argv[1])" $lib
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
W=$OUT/w; mkdir -p $W; start=$(date +%s)
( export LD_LIBRARY_PATH=$lib/native/linux-x86_64; timeout 200 build/selftest-mini/gsssp_selftest --quick > $W/selftest-quick.txt 2>&1; echo "selftest exit $?" >> $W/selftest-quick.txt )
grep -E "passed, .* failed|exit" $W/selftest-quick.txt | tail -2; grep -m5 FAIL $W/selftest-quick.txt
mkdir -p $W/suite
OUT=$W/suite bash scripts/test_gpu_suite.sh 330 --include-tag gpu > $W/suite/summary.txt 2>&1; gzip -9 $W/suite/tests.log 2>/dev/null
tail -7 $W/suite/summary.txt
echo "total $(( $(date +%s) - start )) s"
gzip -9 $W/selftest-quick.txt
