#!/usr/bin/env bash
# Usage: scripts/test_native_quick.sh      (on the GPU host; env: OUT, SELFTEST, RUN_TIMEOUT)
# On the GPU host: the native driver's quick self-test (`gsssp_selftest --quick`) against the library inside
# build/gpu-bundle's jar, so that it travels with the Java bundle within the device's 64 MiB carry. Build the
# driver here (cmake -DGSSSP_BUILD_NATIVE_TESTS=ON; it is 128 KB) and carry it, for example, in
# build/selftest-mini:  SELFTEST=build/selftest-mini/gsssp_selftest scripts/test_native_quick.sh
set -uo pipefail
out=${OUT:-gpu-host-logs}
selftest=${SELFTEST:-build/selftest-mini/gsssp_selftest}
jar=$(ls build/gpu-bundle/lib/gsssp-*.jar | grep -v tests | head -1)
mkdir -p "$out"
lib=$(mktemp -d)
python3 -c "import zipfile, sys; zipfile.ZipFile(sys.argv[1]).extract('native/linux-x86_64/libgsssp.so', sys.argv[2])" "$jar" "$lib"
LD_LIBRARY_PATH=$lib/native/linux-x86_64 timeout "${RUN_TIMEOUT:-300}" "$selftest" --quick > "$out/quick.log" 2>&1
echo "quick exit $?"
grep FAIL "$out/quick.log" | head
tail -2 "$out/quick.log"
