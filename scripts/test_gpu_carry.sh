#!/usr/bin/env bash
# Usage: scripts/test_gpu_carry.sh TESTS_TAR GRAPHS_TAR NATIVE_TAR [SUITE_SECONDS]   (on the GPU host; env: OUT, RUN_TIMEOUT)
# One device call's test run from what it carried: TESTS_TAR an xz tarball of build/gpu-bundle without its graphs
# (made here by scripts/pack_gpu_host.sh, then `tar cf - --exclude=gpu-bundle/graphs gpu-bundle | xz`), GRAPHS_TAR a
# plain tar of gpu-bundle/graphs, NATIVE_TAR an xz tarball of one folder of native test executables
# (scripts/bundle_native_tests.sh). Unpacks them under build/, writes the card ($OUT/gpu.txt) and the md5 of the
# bundle jar's libgsssp.so ($OUT/lib.txt), runs scripts/test_native_gpu.sh over the native tests (RUN_TIMEOUT each,
# default 150 s) and scripts/test_gpu_suite.sh SUITE_SECONDS (default 400) --include-tag gpu, and leaves their logs,
# gzip'd, in $OUT/w.tar. Exit status 1 if a native test executable failed (the suite's counts are in its summary lines).
set -uo pipefail
if [ $# -lt 3 ]; then
  sed -n '2,9p' "$0" >&2
  exit 2
fi
tests=$1 graphs=$2 native=$3 seconds=${4:-400}
out=${OUT:-gpu-host-logs}
mkdir -p build "$out"
for f in "$tests" "$graphs" "$native"; do
  [ -f "$f" ] || { echo "no $f" >&2; exit 2; }
done
native_dir=build/$(tar tJf "$native" | head -1 | cut -d/ -f1)
rm -rf build/gpu-bundle "$native_dir"
tar xJf "$tests" -C build && tar xf "$graphs" -C build && tar xJf "$native" -C build || exit 2
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader 2>&1 | tee "$out/gpu.txt"
python3 -c "import zipfile,hashlib,glob; j=[x for x in glob.glob('build/gpu-bundle/lib/gsssp-0*.jar') if 'tests' not in x][0]; d=zipfile.ZipFile(j).read('native/linux-x86_64/libgsssp.so'); print(j, hashlib.md5(d).hexdigest())" | tee "$out/lib.txt"
w=$out/w
mkdir -p "$w/native" "$w/suite"
start=$(date +%s)
status=0
OUT=$w/native RUN_TIMEOUT=${RUN_TIMEOUT:-150} bash "$(dirname "$0")/test_native_gpu.sh" "$native_dir" > "$w/native/summary.txt" 2>&1 || status=1
echo "native exit $status after $(( $(date +%s) - start )) s"
head -30 "$w/native/summary.txt"
OUT=$w/suite bash "$(dirname "$0")/test_gpu_suite.sh" "$seconds" --include-tag gpu
echo "suite done after $(( $(date +%s) - start )) s"
gzip -9 "$w"/native/*.log "$w"/suite/tests.log 2>/dev/null
rm -f "$w"/native/*.xml
tar cf "$out/w.tar" -C "$out" w && rm -rf "$w"
exit $status
