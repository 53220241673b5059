#!/usr/bin/env bash
# Usage: scripts/sanitize_adds_cli.sh [TOOL...]   (memcheck racecheck synccheck by default; env: BUNDLE, OUT, SANITIZER)
# On the lent GPU host, from the repository root with build/gpu-bundle carried (scripts/bundle_gpu_tests.sh):
# compute-sanitizer's memcheck, racecheck and synccheck on `gsssp solve --algorithm adds --verify` over small
# graphs: the hand-made test graphs of java/src/test/resources/graphs (int and float weights; two with a
# negative weight, which ADDS must refuse cleanly), small generated ones (R-MAT, a float grid, weights up to
# 2^31-1 that clip into the last bucket) and a 70,000-leaf star (one bucket past its first 64K-word block);
# with the default options and the Table 5 ablation (static Δ, 2 buckets); and on a star of 2^20 leaves the
# pool paths (a growable pool from 1 word that restarts; a fixed 1-word pool that must fail naming the pool). The bundled `gsssp` launcher
# execs the bundled Java runtime, so the sanitizer follows it with --target-processes all.
#
#   scripts/sanitize_adds_cli.sh                       # memcheck racecheck synccheck
#   scripts/sanitize_adds_cli.sh memcheck              # one tool per call fits the device's 10-minute limit
#
# Writes $OUT/adds-sanitize-STAMP.log (all output) and prints one line per run: tool, graph, flags, the exit
# status against the expected one, the sanitizer's summary line and gsssp's verify line. Environment:
# SANITIZER (default: compute-sanitizer on PATH, else /usr/local/cuda/bin/compute-sanitizer), RUN_TIMEOUT
# (seconds per run, default 300), BUNDLE (default build/gpu-bundle).
set -uo pipefail
bundle=${BUNDLE:-build/gpu-bundle}
out=${OUT:-gpu-host-logs}
resources=${RESOURCES:-java/src/test/resources/graphs}
san=${SANITIZER:-$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)}
mkdir -p "$out"
stamp=$(date -u +%Y%m%dT%H%M%SZ)
log="$out/adds-sanitize-$stamp.log"
summary="$out/adds-sanitize-$stamp-summary.txt"
tools=("$@")
[ ${#tools[@]} -eq 0 ] && tools=(memcheck racecheck synccheck)

if [ ! -x "$san" ]; then
  echo "compute-sanitizer not found (tried '$san'); set SANITIZER" >&2
  exit 2
fi
if [ ! -x "$bundle/gsssp" ]; then
  echo "no $bundle/gsssp: build the bundle with scripts/bundle_gpu_tests.sh and carry it" >&2
  exit 2
fi
gsssp=$(cd "$(dirname "$bundle/gsssp")" && pwd)/gsssp
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

{
  echo "gsssp ADDS under compute-sanitizer, $(date -u '+%Y-%m-%d %H:%M:%S UTC'), commit ${GSSSP_COMMIT:-unknown}"
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>&1 | head -1
  "$san" --version 2>&1 | tail -1
} | tee "$summary" > "$log"

# Small generated graphs (Galois binary; float ones are read back with --weight-type FLOAT32).
"$gsssp" generate rmat:scale=10,ef=8,seed=1,w=1..100 -o "$work/rmat10.gr" >> "$log" 2>&1
"$gsssp" generate grid:32x32,seed=2,w=1..1000,float -o "$work/grid32-float.gr" >> "$log" 2>&1
"$gsssp" generate random:n=2000,d=4,seed=3,w=1..2147483647 -o "$work/random2000-huge.gr" >> "$log" 2>&1
# One vertex pushes N items into one bucket: 70,000 is past the first 64K-word block; 2^20 needs 16 blocks.
star() {
  awk -v n="$1" 'BEGIN { print "p sp", n, n - 1; for (v = 2; v <= n; v++) print "a 1", v, 1 + v % 10 }'
}
star 70001 > "$work/star70k.gr"
star 1048577 > "$work/star1m.gr"

# graph | extra solve flags | expected exit | a regex gsssp's output must match (verify line or error)
cases=(
  "$resources/tiny-weighted.graph||0|verify +OK"
  "$resources/tiny-pattern.mtx||0|verify +OK"
  "$resources/tiny-sym.mtx||0|verify +OK"
  "$resources/tiny.graph||0|verify +OK"
  "$resources/tiny.txt|--random-weights 1:9 --seed 3|0|verify +OK"
  "$resources/tiny-vsize.graph||0|verify +OK"
  "$resources/tiny.gr||1|gsssp: .*negative"
  "$resources/tiny-int.mtx||1|gsssp: .*negative"
  "$work/rmat10.gr||0|verify +OK"
  "$work/rmat10.gr|--adds-static-delta --adds-buckets 2|0|verify +OK"
  "$work/grid32-float.gr|--weight-type FLOAT32|0|verify +OK"
  "$work/grid32-float.gr|--weight-type FLOAT32 --adds-static-delta --adds-buckets 2|0|verify +OK"
  "$work/random2000-huge.gr||0|verify +OK"
  "$work/random2000-huge.gr|--adds-static-delta --delta 1|0|verify +OK"
  "$work/star70k.gr||0|verify +OK"
  "$work/star70k.gr|--adds-static-delta --adds-buckets 2|0|verify +OK"
  "$work/star1m.gr|--adds-growable-pool 1|0|verify +OK"
  "$work/star1m.gr|--adds-pool-words 1|1|gsssp: .*[Pp]ool"
)

failures=0
for tool in "${tools[@]}"; do
  case $tool in
    memcheck|racecheck|synccheck) ;;
    *) echo "unknown tool '$tool'; known: memcheck racecheck synccheck" >&2; exit 2 ;;
  esac
  for c in "${cases[@]}"; do
    IFS='|' read -r graph flags expected text <<< "$c"
    if [ ! -f "$graph" ]; then
      echo "$tool $(basename "$graph"): missing, skipped" | tee -a "$summary"
      continue
    fi
    run_log="$work/run.log"
    # A sanitized kernel runs many times slower: the watchdog must not mistake that for a stall.
    # shellcheck disable=SC2086
    timeout "${RUN_TIMEOUT:-300}" "$san" --tool "$tool" --target-processes all --error-exitcode 86 \
      "$gsssp" solve --graph "$graph" --algorithm adds --verify --adds-watchdog-ms 600000 $flags > "$run_log" 2>&1
    rc=$?
    {
      echo "==== $tool $graph $flags: exit $rc (expected $expected)"
      cat "$run_log"
    } >> "$log"
    line=$(grep -E "(ERROR|RACECHECK) SUMMARY" "$run_log" | tail -1 | sed 's/^=* *//')
    verify=$(grep -E "^verify|^gsssp: " "$run_log" | tail -1)
    restarts=$(grep -E "^restarts" "$run_log" | tail -1)
    verdict=ok
    if [ "$rc" -ne "$expected" ] || [ -z "$line" ] || ! echo "$line" | grep -qE "SUMMARY: 0 (errors|hazards)" \
        || ! grep -qE "$text" "$run_log"; then
      verdict=FAILED
      failures=$((failures + 1))
    fi
    printf '%-8s %-6s %-22s %-52s exit %s/%s | %s | %s\n' "$verdict" "$tool" "$(basename "$graph")" "${flags:--}" "$rc" \
      "$expected" "${line:-no sanitizer summary}" "$verify${restarts:+; $restarts}" | tee -a "$summary"
  done
done
echo "$failures failing runs; full output in $log" | tee -a "$summary"
[ "$failures" -eq 0 ]
