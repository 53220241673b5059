#!/usr/bin/env bash
# Usage: scripts/bench_libraries.sh SUITE VARIANT [VARIANT...]   (on the GPU host; env: OUT, ALGORITHMS, REPS, WARMUP,
#                                                                ROUNDS, BENCH, GRAPHS)
# An A/B of native libraries and environment switches in one harness session on one card (a ratio holds only within
# one run on one card): each VARIANT is NAME=LIBRARY[,VAR=VALUE...], LIBRARY a libgsssp.so built with the bench jar's
# version (cmake -DGSSSP_VERSION=<the jar's>) or "-" for the jar's own library, and VAR=VALUE environment variables
# (docs/tuning.md lists the library's). The variants run in the order given, ROUNDS times (default 2), so that
# the card's drift falls on each of them alike: `gsssp-bench run --suite SUITE -a ALGORITHMS -r REPS -w WARMUP`
# (defaults adds, 5, 1), every answer checked against CPU Dijkstra. SUITE's lines may name ../shared/graphs, which is
# pointed at GRAPHS (default build/gpu-bundle/graphs); BENCH is the gsssp-bench launcher (default build/bench-bundle's,
# else build/gpu-bundle's). Output: $OUT/<round>-<name>/ (the harness's files, run.log) and $OUT/table.md: per graph
# and algorithm each variant's medians, round by round, with the final Delta where a variant ended elsewhere.
#
#   scripts/bench_libraries.sh benchmarks/suites/wider.txt main=- new=build/libgsssp-new.so
set -uo pipefail
if [ $# -lt 2 ]; then
  sed -n '2,13p' "$0" >&2
  exit 2
fi
suite=$1
shift
out=${OUT:-gpu-host-libraries}
mkdir -p "$out"
. "$(dirname "$0")/setup_harness.sh" || exit 2
# The variants, checked before anything runs.
check_variants "$@" || exit 2
list=$(dirname "$suite")/.bench_libraries_$(basename "$suite")
grep -v '^#' "$suite" | grep . > "$list"
status=0
start=$(date +%s)
for round in $(seq 1 "${ROUNDS:-2}"); do
  for v in "$@"; do
    parse_variant "$v"
    dir="$out/$round-$name"
    mkdir -p "$dir"
    env "${switches[@]}" JAVA_TOOL_OPTIONS="$options" "$bench" run --suite "$list" -a "${ALGORITHMS:-adds}" \
      -r "${REPS:-5}" -w "${WARMUP:-1}" -o "$dir" > "$dir/run.log" 2>&1
    rc=$?
    [ $rc -ne 0 ] && status=1
    echo "round $round, $name: exit $rc after $(( $(date +%s) - start )) s"
  done
done
rm -f "$list"
python3 - "$out" "${ROUNDS:-2}" "${names[@]}" <<'PY' | tee "$out/table.md"
import csv, os, sys
out, rounds, names = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
rows, order = {}, []
for r in range(1, rounds + 1):
    for n in names:
        path = os.path.join(out, f"{r}-{n}", "results.csv")
        if not os.path.exists(path):
            continue
        for x in csv.DictReader(open(path)):
            key = (x["graph"], x["algorithm"])
            if key not in rows:
                rows[key] = {}
                order.append(key)
            ok = x["status"] == "ok" and x["matched"] == "true"
            rows[key].setdefault(n, []).append((x["time_median_ms"] if ok else x["status"], x["delta"]))
print("| graph | algorithm | " + " | ".join(names) + " |")
print("|---|---|" + "---:|" * len(names))
for key in order:
    cells = []
    deltas = {d for runs in rows[key].values() for _, d in runs}
    for n in names:
        runs = rows[key].get(n, [])
        text = " / ".join(f"{float(t):.3f}" if t.replace(".", "", 1).isdigit() else t for t, _ in runs)
        if len(deltas) > 1:
            text += " (Δ " + " / ".join(d for _, d in runs) + ")"
        cells.append(text or "—")
    print(f"| {key[0]} | {key[1]} | " + " | ".join(cells) + " |")
PY
exit $status
