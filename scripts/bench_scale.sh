#!/usr/bin/env bash
# Usage: scripts/bench_scale.sh SCALE [SCALE...]     (e.g. 26 27 28; run from anywhere, on the GPU host)
#
# R-MAT graphs of 2^SCALE vertices and 16 · 2^SCALE edges (Graph500's a, b, c; seed 1; int weights 1..1000),
# generated on this host, one at a time, and measured by `gsssp-bench scale`: generation time, upload rate,
# device memory, then ADDS, Near-Far and H-BF (median kernel time of R queries from the vertex of largest
# out-degree, GTEPS), every answer certified on the GPU against the resident graph and compared with ADDS's.
# Scale 27 has 2^31 edges, scale 28 2^32: the issue "Beyond 2^31 edges".
# Environment: OUT (default build/scale-out; one folder per scale), BENCH (default build/gpu-bundle/gsssp-bench),
# ALGORITHMS (default adds,near-far,hbf), REPS (default 3), WARMUP (default 1), CPU_CHECK=1 adds a CPU Dijkstra
# on the host and compares every distance (minutes at these sizes); PARTITIONED=0,1 (devices, repeats allowed) adds
# the partitioned search over them, PART_CAP=BYTES caps each part, PART_DELTA_CONSTANTS=C1,C2,... runs it once per
# delta constant, PART_EXCHANGE=peer,nccl runs it once per exchange (default peer; nccl needs distinct devices and
# libnccl.so.2: GSSSP_NCCL_LIBRARY=PATH, else the linker's search, else pip's nvidia-nccl-cu13 under site-packages).
# GR_ROUNDTRIP=DIR writes each graph as a Galois .gr file into DIR (rmatSCALE.gr: about 18 GB at scale 27, 37 GB at
# 28; checked for room first), maps it back, checks it is identical (else exit 4) and measures the mapped graph
# instead; KEEP_GR=1 keeps the file (deleted at the end otherwise).
set -euo pipefail
if [ $# -lt 1 ] || [ "$1" = -h ] || [ "$1" = --help ]; then
  sed -n '2,18p' "$0"; [ $# -ge 1 ] && exit 0; exit 2
fi
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
bench=${BENCH:-build/gpu-bundle/gsssp-bench}
out=${OUT:-build/scale-out}
[ -x "$bench" ] || { echo "no $bench: build the GPU bundle first (scripts/pack_gpu_host.sh)" >&2; exit 1; }
status=0
for s in "$@"; do
  case "$s" in ''|*[!0-9]*) echo "scale must be a number, got '$s'" >&2; exit 2 ;; esac
  dir="$out/rmat$s"
  mkdir -p "$dir"
  extra=()
  [ "${CPU_CHECK:-0}" = 1 ] && extra+=(--cpu-check)
  [ -n "${PARTITIONED:-}" ] && extra+=(--partitioned "$PARTITIONED")
  [ -n "${PART_CAP:-}" ] && extra+=(--part-cap "$PART_CAP")
  [ -n "${PART_DELTA_CONSTANTS:-}" ] && extra+=(--part-delta-constants "$PART_DELTA_CONSTANTS")
  [ -n "${PART_EXCHANGE:-}" ] && extra+=(--part-exchange "$PART_EXCHANGE")
  [ -n "${GR_ROUNDTRIP:-}" ] && extra+=(--gr-roundtrip "$GR_ROUNDTRIP")
  [ "${KEEP_GR:-0}" = 1 ] && extra+=(--keep-gr)
  echo "== rmat scale $s: $(date -u +%H:%M:%S); host memory $(free -g | awk '/Mem:/ {print $2 " GB, " $7 " GB available"}')"
  timer=()
  [ -x /usr/bin/time ] && timer=(/usr/bin/time -v)
  set +e
  "${timer[@]}" "$bench" scale -g "rmat:scale=$s,ef=16,seed=1,w=1..1000" -a "${ALGORITHMS:-adds,near-far,hbf}" \
    -r "${REPS:-3}" -w "${WARMUP:-1}" "${extra[@]}" -o "$dir" > "$dir/console.txt" 2> "$dir/time.txt"
  rc=$?
  set -e
  cat "$dir/console.txt"
  grep -E "Maximum resident|Elapsed" "$dir/time.txt" || tail -5 "$dir/time.txt"
  nvidia-smi --query-gpu=name,memory.total,memory.used --format=csv,noheader 2>/dev/null | sed 's/^/gpu after: /' || true
  echo "== rmat scale $s: exit $rc"
  [ "$rc" -ne 0 ] && status=$rc
done
exit $status
