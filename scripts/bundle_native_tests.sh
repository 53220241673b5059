#!/usr/bin/env bash
# Usage: scripts/bundle_native_tests.sh [DIR]      (here; default DIR build/native-tests)
# Builds the native GoogleTest executables and gsssp_time in the Maven build's CMake tree (java/target/native-build;
# run `mvn install` once first) and copies them to DIR, to carry to the GPU host beside build/gpu-bundle, where
# scripts/test_native_gpu.sh runs them against the bundle's library. GoogleTest is linked statically: the GPU host
# needs nothing else. About 3.5 MB.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-build/native-tests}
build=java/target/native-build
[ -f "$build/CMakeCache.txt" ] || { echo "no CMake tree at $build: run mvn install first" >&2; exit 2; }
cmake --build "$build" --parallel --target gsssp_host_api_test gsssp_device_api_test gsssp_generated_graphs_test \
  gsssp_adds_test gsssp_concurrency_test gsssp_residency_test gsssp_partitioned_test gsssp_partition_plan_test \
  gsssp_large_graph_test gsssp_graph_summary_test gsssp_time
mkdir -p "$dir"
cp "$build"/native/test/gsssp_*_test "$build"/native/test/gsssp_time "$dir"/
ls -l "$dir"
