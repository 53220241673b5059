#!/usr/bin/env bash
# Usage: scripts/unpack_call.sh DIR      (on the GPU host, first in a device call's script; env: OUT)
# The opening every device call's script repeated: unpacks each tarball in DIR (*.tar.xz, *.tar.gz, *.tgz, *.tar) into
# build/, after removing the folders they hold there (build/gpu-bundle, a native tests folder, build/peers), then records
# the card ($OUT/gpu.txt, nvidia-smi) and the md5 of the libgsssp.so inside build/gpu-bundle's library jar
# ($OUT/lib.txt), and leaves that library in build/libgsssp.so for the native test executables (LD_LIBRARY_PATH=build).
# Prints both lines. Exit status 2 if DIR holds no tarball or one does not unpack, 3 if the bundle has no library jar.
set -uo pipefail
if [ $# -ne 1 ] || [ ! -d "$1" ]; then
  sed -n '2,7p' "$0" >&2
  exit 2
fi
dir=$1
out=${OUT:-.}
mkdir -p build "$out"
shopt -s nullglob
tarballs=("$dir"/*.tar.xz "$dir"/*.tar.gz "$dir"/*.tgz "$dir"/*.tar)
[ ${#tarballs[@]} -gt 0 ] || { echo "no tarball in $dir" >&2; exit 2; }
for t in "${tarballs[@]}"; do
  # Each top folder the tarball fills (gpu-bundle, nt22, peers ...) is removed first, so that nothing stale stays; a
  # tarball of gpu-bundle/graphs alone adds to the bundle instead.
  list=$(tar tf "$t") || { echo "cannot read $t" >&2; exit 2; }
  for top in $(cut -d/ -f1 <<< "$list" | sort -u); do
    if grep "^$top/." <<< "$list" | grep -qv "^$top/graphs\(/\|$\)"; then rm -rf "build/${top:?}"; fi
  done
done
for t in "${tarballs[@]}"; do
  tar xf "$t" -C build || { echo "cannot unpack $t" >&2; exit 2; }
done
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader 2>&1 | tee "$out/gpu.txt"
jar=$(ls build/gpu-bundle/lib/gsssp-*.jar 2>/dev/null | grep -v tests | head -1)
[ -n "$jar" ] || { echo "no library jar in build/gpu-bundle/lib" >&2; exit 3; }
lib_dir=$(LIB= bash "$(dirname "$0")/extract_library.sh" "$jar") || { echo "no libgsssp.so in $jar" >&2; exit 3; }
cp "$lib_dir/libgsssp.so" build/libgsssp.so
rm -rf "${lib_dir%/native/linux-x86_64}"
md5sum build/libgsssp.so | cut -d' ' -f1 | tee "$out/lib.txt"
