#!/usr/bin/env bash
# Regenerates the FFM bindings from native/include/gsssp.h with `jextract` from PATH (build it from the
# openjdk/jextract repository; it is on no package registry). The output is committed; run this after
# every change to gsssp.h — the bindings' test fails until you do.
# scripts/build_jextract.sh builds jextract (commit f9866df, libclang 19) without Gradle in one command.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
header="$root/native/include/gsssp.h"
out="$here/src/main/java"
pkg=org.gsssp.internal.ffi
command -v jextract >/dev/null || { echo "jextract not found on PATH" >&2; exit 1; }

# Only gsssp's own symbols: everything the header declares whose name starts with gsssp_/GSSSP_.
includes=$(mktemp)
trap 'rm -f "$includes"' EXIT
jextract --dump-includes "$includes" "$header" >/dev/null
grep -E -- '--include-[a-z]+ +(gsssp_|GSSSP_)' "$includes" | grep -v -E -- '(gsssp_device_graph_s|gsssp_device_result_s|gsssp_host_graph_s|gsssp_partitioned_graph_s)$' > "$includes.keep"
mv "$includes.keep" "$includes"

rm -rf "$out/org/gsssp/internal/ffi"
jextract --output "$out" --target-package "$pkg" --header-class-name GssspNative \
  @"$includes" "$header"

# jextract's current output calls SymbolLookup.findOrThrow, which arrived in JDK 23; gsssp supports
# JDK 22, so the one call is rewritten to its JDK 22 equivalent (the jdk22 branch of jextract needs
# string templates, which no current JDK can compile).
sed -i -E 's/SYMBOL_LOOKUP\.findOrThrow\(("[A-Za-z0-9_]+")\)/SYMBOL_LOOKUP.find(\1).orElseThrow(() -> new UnsatisfiedLinkError("unresolved symbol: " + \1))/' \
  "$out"/org/gsssp/internal/ffi/*.java
if grep -rq 'findOrThrow' "$out/org/gsssp/internal/ffi"; then
  echo "generated bindings still call findOrThrow: update the JDK 22 rewrite above" >&2; exit 1
fi

# Record which header these bindings were made from; BindingsMatchHeaderTest compares it.
mkdir -p "$here/src/main/resources/org/gsssp/internal/ffi"
sha256sum "$header" | cut -d' ' -f1 > "$here/src/main/resources/org/gsssp/internal/ffi/gsssp.h.sha256"
echo "bindings regenerated in $out/org/gsssp/internal/ffi from $(basename "$header")"
