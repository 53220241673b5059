#!/usr/bin/env bash
# build_routingkit.sh -- builds RoutingKit (github.com/RoutingKit/RoutingKit, the C++ reference CH) from source and
# our driver (benchmarks/src/native/routingkit_driver.cpp) against it, for `gsssp-bench routing --routingkit`.
# Nothing of RoutingKit's is written into the repository: it is cloned to $OUT/src (default build/peers/routingkit,
# under the git-ignored build/).
#
# Source, first found: $ROUTINGKIT_SRC (a RoutingKit checkout, e.g. the one a GPU-host bundle carries), else a clone
# of $ROUTINGKIT_GIT (a git repository or bare mirror; default /work/.mirror/RoutingKit+RoutingKit/repo, else
# https://github.com/RoutingKit/RoutingKit.git) at $ROUTINGKIT_REV (default: the commit below).
# Needs g++ (C++17) and make; RoutingKit's Makefile builds with -O3 -march=native (the machine it runs on).
# Usage: bash scripts/build_routingkit.sh        -> $OUT/driver   (environment: OUT, ROUTINGKIT_SRC, ROUTINGKIT_GIT, ROUTINGKIT_REV, JOBS)
#        bash scripts/build_routingkit.sh --source-only DIR   -> RoutingKit's sources at ROUTINGKIT_REV in DIR (no .git,
#             about 1 MiB): what a GPU host without the mirror builds from (scripts/bench_routing.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-build/peers/routingkit}
mkdir -p "$OUT"; OUT=$(cd "$OUT" && pwd)
ROUTINGKIT_REV=${ROUTINGKIT_REV:-247aef1}   # master, "Merge pull request #117" (the mirror's HEAD when this was written)
JOBS=${JOBS:-$(nproc)}
if [[ ${1:-} == --source-only ]]; then
  dir=${2:?--source-only needs a folder}
  GIT=${ROUTINGKIT_GIT:-/work/.mirror/RoutingKit+RoutingKit/repo}
  rm -rf "$dir"; mkdir -p "$dir"
  git --git-dir="$GIT" archive "$ROUTINGKIT_REV" 2>/dev/null | tar -x -C "$dir" \
    || { tmp=$(mktemp -d); git clone -q "$GIT" "$tmp/rk" && git -C "$tmp/rk" archive "$ROUTINGKIT_REV" | tar -x -C "$dir"; rm -rf "$tmp"; }
  echo "$ROUTINGKIT_REV" > "$dir/ROUTINGKIT_REV"
  echo "RoutingKit $ROUTINGKIT_REV sources in $dir ($(du -sk "$dir" | cut -f1) KiB)"
  exit 0
fi
DRIVER_SRC=benchmarks/src/native/routingkit_driver.cpp

if [[ -n ${ROUTINGKIT_SRC:-} ]]; then
  [[ -f $ROUTINGKIT_SRC/include/routingkit/contraction_hierarchy.h ]] || { echo "ROUTINGKIT_SRC=$ROUTINGKIT_SRC is not a RoutingKit checkout" >&2; exit 1; }
  SRC=$(cd "$ROUTINGKIT_SRC" && pwd)
else
  GIT=${ROUTINGKIT_GIT:-/work/.mirror/RoutingKit+RoutingKit/repo}
  [[ -e $GIT ]] || GIT=https://github.com/RoutingKit/RoutingKit.git
  SRC=$OUT/src
  if [[ ! -d $SRC/.git ]]; then
    rm -rf "$SRC"
    git clone -q "$GIT" "$SRC"
  fi
  git -C "$SRC" -c advice.detachedHead=false checkout -q "$ROUTINGKIT_REV"
fi
# the commit: a --source-only tree names it in ROUTINGKIT_REV; a clone has its own .git
rk_rev() { if [[ -f $SRC/ROUTINGKIT_REV ]]; then cat "$SRC/ROUTINGKIT_REV"; elif [[ -e $SRC/.git ]]; then git -C "$SRC" log -1 --format='%H %s'; else echo unknown; fi; }
echo "RoutingKit: $SRC at $(rk_rev)"

# the library alone (its Makefile's other targets are tools and tests we do not need)
make -C "$SRC" -j"$JOBS" lib/libroutingkit.a >"$OUT/make.log" 2>&1 || { tail -20 "$OUT/make.log" >&2; exit 1; }
g++ -std=c++17 -O3 -march=native -DNDEBUG -Wall -I "$SRC/include" "$DRIVER_SRC" "$SRC/lib/libroutingkit.a" -pthread -o "$OUT/driver"
{
  echo "routingkit_driver built $(date -u +%FT%TZ) on $(hostname)"
  echo "RoutingKit: $(rk_rev)"
  echo "driver: $DRIVER_SRC at $(git log -1 --format=%h -- "$DRIVER_SRC" 2>/dev/null || echo unknown)"
  g++ --version | head -1
} >"$OUT/BUILDINFO.txt"

# smoke test: a 3-vertex graph, two pairs
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
printf 'p sp 3 3\na 1 2 4\na 2 3 5\na 3 1 1\n' >"$T/g.gr"
printf '1 3\n3 2\n' >"$T/p.txt"
"$OUT/driver" --graph "$T/g.gr" --pairs "$T/p.txt" --threads 1 --out "$T" >"$T/out.json"
[[ $(tr '\n' ' ' <"$T/routingkit-distances.txt") == "9 5 " ]] || { echo "driver smoke test: distances $(cat "$T/routingkit-distances.txt")" >&2; exit 1; }
echo "built $OUT/driver (smoke test passed)"
