#!/usr/bin/env bash
# Usage: scripts/extract_library.sh [JAR]   (on the GPU host or here; env: LIB)
# Prints the folder holding the libgsssp.so that the native GPU scripts (test_native_gpu.sh)
# run against: $LIB if set, else a temporary folder into which the library is unpacked from JAR (default: the library
# jar of build/gpu-bundle, without its tests jar). Needs python3 (its zipfile), which the GPU host has and unzip may not.
set -euo pipefail
if [ -n "${LIB:-}" ]; then
  echo "$LIB"
  exit 0
fi
jar=${1:-$(ls build/gpu-bundle/lib/gsssp-*.jar | grep -v tests | head -1)}
dir=$(mktemp -d)
python3 -c "import zipfile, sys; zipfile.ZipFile(sys.argv[1]).extract('native/linux-x86_64/libgsssp.so', sys.argv[2])" \
  "$jar" "$dir"
echo "$dir/native/linux-x86_64"
