#!/usr/bin/env bash
# Usage: scripts/bench_phast.sh OUT_DIR      (on the GPU host, from the repository root; env: GRAPHS, BUILD, BUILD_DIR,
#                                              SOURCES, REPEAT, MATRIX, RUN_TIMEOUT)
# PHAST, batched PHAST and RPHAST (algorithms/phast/): builds the library and the native tests for sm_90 (CMake,
# CUDAARCHS=90-real; BUILD=0 reuses BUILD_DIR, default build/phast), runs the PHAST tests (host and GPU: every answer
# against CPU Dijkstra), then gsssp_time --phast on rome99 and road NY: PHAST against ADDS one-to-all from the same
# seeded sources (SOURCES, default 20; REPEAT runs each, default 5), a batch of 64 rows, and the MATRIX x MATRIX matrix
# (default 1000) by RPHAST against the host's bucket CH. Writes OUT_DIR/phast.csv (graph,metric,value), the logs, and
# a summary line per graph; exits 1 if a test or a check failed.
# GRAPHS: the folder with rome99.gr and USA-road-d.NY.gr.gz (default ../shared/graphs, else build/gpu-bundle/graphs).
# SPECS: generated graphs measured after those two, space-separated generator specs, e.g.
# SPECS=roadnet:1024x1024,seed=1 (the 1M-vertex road graph of docs/routing.md), written first into OUT_DIR/graphs
# by scripts/generate_graph.sh (the gpu bundle's gsssp launcher).
set -uo pipefail
out=${1:?usage: scripts/bench_phast.sh OUT_DIR}
mkdir -p "$out"
out=$(cd "$out" && pwd)
build=${BUILD_DIR:-build/phast}
graphs=${GRAPHS:-../shared/graphs}
[ -d "$graphs" ] || graphs=build/gpu-bundle/graphs
graphs=$(cd "$graphs" && pwd) || { echo "no graphs folder (set GRAPHS)"; exit 2; }
status=0

if [ "${BUILD:-1}" != 0 ]; then
  export CUDAARCHS=90-real
  launcher=()
  command -v ccache > /dev/null && launcher=(-DCMAKE_CUDA_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  cmake -S . -B "$build" -DGSSSP_BUILD_NATIVE_TESTS=ON -DGSSSP_VERSION=0.1.0-phast "${launcher[@]}" > "$out/cmake.log" 2>&1 &&
    cmake --build "$build" -j "$(nproc)" --target gsssp gsssp_phast_test gsssp_phast_layout_test gsssp_time \
      > "$out/build.log" 2>&1 || { echo "build failed: tail of $out/build.log"; tail -20 "$out/build.log"; exit 2; }
fi

export GSSSP_GRAPHS_DIR=$graphs
for test in gsssp_phast_layout_test gsssp_phast_test; do
  timeout "${RUN_TIMEOUT:-300}" "$build/native/test/$test" --gtest_output="xml:$out/$test.xml" > "$out/$test.log" 2>&1
  rc=$?
  [ $rc -ne 0 ] && status=1
  echo "$test exit $rc: $(grep -E '^\[  PASSED  \]|^\[  FAILED  \] [0-9]+ test|^\[  SKIPPED \] [0-9]+ test|^checks:' "$out/$test.log" | tr '\n' ' ')"
  grep -E '^\[  FAILED  \] [A-Za-z]|Failure$' -A2 "$out/$test.log" | head -20
done

csv=$out/phast.csv
echo "graph,metric,value" > "$csv"
files=("$graphs/rome99.gr" "$graphs/USA-road-d.NY.gr.gz")
for spec in ${SPECS:-}; do
  file=$(bash "$(dirname "$0")/generate_graph.sh" "$spec" "$out/graphs") || { status=1; continue; }
  files+=("$file")
done
for file in "${files[@]}"; do
  graph=$(basename "$file")
  log=$out/time_${graph%%.*}.log
  timeout "${RUN_TIMEOUT:-300}" "$build/native/test/gsssp_time" --phast --gr "$file" --sources "${SOURCES:-20}" \
    --repeat "${REPEAT:-5}" --matrix "${MATRIX:-1000}" --csv "$csv" > "$log" 2>&1
  rc=$?
  [ $rc -ne 0 ] && status=1
  echo "$graph exit $rc: $(grep -E '^(phast_one_to_all_device_ms|adds_one_to_all_device_ms|adds_over_phast_total|rphast_matrix_wall_ms|host_ch_matrix_wall_ms) ' "$log" | sed -E 's/ +/ /g' | tr '\n' ';')"
  grep -E 'differs|failed|status' "$log" | head -5
done
echo "csv: $csv"
exit $status
