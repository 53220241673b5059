#!/usr/bin/env bash
# call GE: why the asynchronous one-block variant hung in call GD (spin bounds that abort with the queue's state).
set -uo pipefail
D=build/callsGE
export LD_LIBRARY_PATH=$D/nt
for g in "--gen grid:2" "--gen random:50:3" "--gen random:1000:7"; do
  echo "== $g"; GSSSP_ADDS_PROFILE=1 timeout 20 $D/nt/gsssp_time $g --only adds --repeat 2 2>&1 | grep -E "adds|passed|failed|DEBUG|rror" | head -8; echo "rc=${PIPESTATUS[0]}"
done
