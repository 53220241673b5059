#!/usr/bin/env bash
# Usage: scripts/soak_gpu.sh LAUNCHER [DURATION] [OUTPUT_DIR] [SOAK OPTION...]
#   e.g. scripts/soak_gpu.sh build/gpu-bundle/gsssp-bench 600s build/soak-out
#
# The soak and chaos run (gsssp-bench soak, issue 16 item 4) on the GPU host: USA-road-d.NY from the launcher's
# bundle (LAUNCHER_DIR/graphs, where scripts/bundle_gpu_tests.sh puts it), R-MAT 20 and a 64x64 grid, 8 threads of
# random queries over every GPU algorithm, random closes and re-uploads, every answer certified, a watchdog.
# DURATION: 600s (default), 10m, 90s ...; OUTPUT_DIR (default build/soak-out) receives soak.json, soak.md,
# soak.log, nvidia-smi before/after, and threads.txt on a hang. Further options go to soak as they are
# (e.g. --threads 16, --certify-every 4, --seed 2; see `LAUNCHER soak --help`).
# Exit status: soak's (0 passed, 3 failed, 4 watchdog/hang, 5 no GPU), or 124/137 if the outer time limit
# (DURATION + 10 min) had to stop a JVM that did not exit by itself.
set -euo pipefail
if [ $# -lt 1 ]; then
  sed -n '2,3p' "$0" >&2
  exit 2
fi
launcher=$1
duration=${2:-600s}
out=${3:-build/soak-out}
shift $(( $# < 3 ? $# : 3 ))
[ -x "$launcher" ] || { echo "soak_gpu.sh: $launcher is not an executable launcher" >&2; exit 2; }
road="$(cd "$(dirname "$launcher")" && pwd)/graphs/USA-road-d.NY.gr.gz"
[ -f "$road" ] || { echo "soak_gpu.sh: no road graph at $road" >&2; exit 2; }

# The outer limit only guards against a JVM that cannot exit; the soak's own watchdog is what reports a hang.
case "$duration" in
  *ms) seconds=$(( ${duration%ms} / 1000 )) ;;
  *s)  seconds=${duration%s} ;;
  *m)  seconds=$(( ${duration%m} * 60 )) ;;
  *h)  seconds=$(( ${duration%h} * 3600 )) ;;
  *)   seconds=$duration ;;
esac
seconds=${seconds%.*}
mkdir -p "$out"
smi() { nvidia-smi --query-gpu=name,driver_version,memory.used,memory.total --format=csv > "$out/$1" 2>&1 || true; }
smi nvidia-smi-before.csv
set +e
timeout --kill-after=30 $(( seconds + 600 )) "$launcher" soak --duration "$duration" --road "$road" --output "$out" "$@" \
  2>&1 | tee "$out/soak.log"
status=${PIPESTATUS[0]}
set -e
smi nvidia-smi-after.csv
echo "soak_gpu.sh: exit status $status; report: $out/soak.md"
exit "$status"
