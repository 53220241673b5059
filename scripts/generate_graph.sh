#!/usr/bin/env bash
# Usage: scripts/generate_graph.sh SPEC DIR      (prints the graph file's path; env: GSSSP_CLI)
# Writes the generated graph SPEC (a `gsssp generate` spec, e.g. roadnet:1024x1024,seed=1, the large road graph
# of docs/routing.md) as a Galois binary .gr into DIR, named after the spec, unless that file is already there.
# The launcher: GSSSP_CLI, else build/gpu-bundle/gsssp (the GPU host's bundle), else java -jar
# java/cli/target/gsssp.jar. Every loader of gsssp reads the file, the native timing tools included.
set -euo pipefail
spec=${1:?usage: scripts/generate_graph.sh SPEC DIR}
dir=${2:?usage: scripts/generate_graph.sh SPEC DIR}
mkdir -p "$dir"
file=$dir/$(printf '%s' "$spec" | tr -c 'A-Za-z0-9._-' '_').gr
if [ ! -s "$file" ]; then
  if [ -n "${GSSSP_CLI:-}" ]; then cli=("$GSSSP_CLI")
  elif [ -x build/gpu-bundle/gsssp ]; then cli=(build/gpu-bundle/gsssp)
  elif [ -f java/cli/target/gsssp.jar ]; then cli=(java --enable-native-access=ALL-UNNAMED -jar java/cli/target/gsssp.jar)
  else echo "no gsssp launcher to generate $spec (set GSSSP_CLI, or carry build/gpu-bundle)" >&2; exit 2
  fi
  "${cli[@]}" generate "$spec" -o "$file" >&2
fi
echo "$file"
