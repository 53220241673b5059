#!/usr/bin/env bash
# call JP: main at f93b86c (ADDS raise rule's starvation test). The 100-run repeat over the wider suite
# (AddsRepeatedRunsTest, ADDS and Near-Far).
set -uo pipefail
C=build/callsJP
rm -rf build/gpu-bundle
tar xJf $C/bundle.tar.xz -C build && tar xf $C/graphs.tar -C build || exit 3
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
python3 -c "import zipfile,glob,hashlib; j=[x for x in glob.glob('build/gpu-bundle/lib/gsssp-0*.jar') if 'tests' not in x][0]; d=zipfile.ZipFile(j).read('native/linux-x86_64/libgsssp.so'); print(hashlib.md5(d).hexdigest())" | tee $OUT/lib.txt
start=$(date +%s)
GSSSP_ADDS_REPEAT_SUITE=wider timeout 220 build/gpu-bundle/run-tests.sh --details=tree --disable-ansi-colors \
  --select-class org.gsssp.AddsRepeatedRunsTest > $OUT/repeat.txt 2>&1
echo "repeat exit $? t=$(( $(date +%s) - start )) s"
grep -E "tests (found|successful|failed|aborted)|runs|wrong|hang|✔|✘" $OUT/repeat.txt | head -30
gzip -9 $OUT/*.txt
exit 0
