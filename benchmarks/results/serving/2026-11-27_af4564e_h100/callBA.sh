#!/usr/bin/env bash
# call BA: the resident path's fixed costs (GSSSP_STAGE_TRACE) with c5e4dfa's library (old) and the working tree's
# (new: ADDS counts first reaches; the tail's count pass skipped for resident results), then the ADDS-touching native
# tests with the new library.
set -uo pipefail
C=build/callsBA
mkdir -p build/lib-old build/lib-new
xz -dc $C/libgsssp-old.so.xz > build/lib-old/libgsssp.so; xz -dc $C/libgsssp-new.so.xz > build/lib-new/libgsssp.so
tar xJf $C/nt.tar.xz -C build && tar xf build/callsAA/graphs-small.tar -C build
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
T=build/ntBA/gsssp_time; G=build/gpu-bundle/graphs
probe() {  # lib label args...
  local lib=$1 label=$2; shift 2
  echo "== $label: gsssp_time --probe $*"
  LD_LIBRARY_PATH=build/lib-$lib timeout 120 $T --probe "$@" 2>&1 | grep -v "^stage-trace" | tail -n +2
}
trace() {  # args...: new library with the stage trace, last 5 trace lines + medians
  echo "== trace: gsssp_time --probe $*"
  GSSSP_STAGE_TRACE=1 LD_LIBRARY_PATH=build/lib-new timeout 120 $T --probe "$@" > $OUT/trace.tmp 2>&1
  grep -v "^stage-trace" $OUT/trace.tmp | tail -n +2
  grep "^stage-trace resident" $OUT/trace.tmp | tail -3
  python3 - $OUT/trace.tmp <<'PY'
import re,sys,statistics as st
rows={}
for l in open(sys.argv[1]):
    if not l.startswith("stage-trace resident"): continue
    m=re.match(r"stage-trace resident kernel ([\d.]+) us, tail ([-\d.]+) us:(.*)\(total ([\d.]+) us\)",l)
    if not m: continue
    d={"kernel":float(m.group(1)),"tail":float(m.group(2)),"total":float(m.group(4))}
    for k,v in re.findall(r" ([a-z-]+) \+([\d.]+)",m.group(3)): d[k]=d.get(k,0)+float(v)
    for k,v in d.items(): rows.setdefault(k,[]).append(v)
print("medians us: "+", ".join(f"{k} {st.median(v):.1f}" for k,v in rows.items()))
PY
}
for lib in old new; do
  probe $lib $lib --gen random:1000:7 --repeat 300 --only resident
  probe $lib $lib --gr $G/rome99.gr.gz --repeat 300 --only resident
  probe $lib $lib --gr $G/USA-road-d.NY.gr.gz --repeat 60 --only resident
  probe $lib $lib --gen rmat:22 --repeat 40 --only resident
done
trace --gen random:1000:7 --repeat 300 --only resident
trace --gr $G/rome99.gr.gz --repeat 300 --only resident
trace --gen rmat:22 --repeat 40 --only resident
for t in gsssp_adds_test gsssp_generated_graphs_test gsssp_device_api_test gsssp_concurrency_test; do
  LD_LIBRARY_PATH=build/lib-new timeout 200 build/ntBA/$t > $OUT/$t.log 2>&1
  echo "$t exit $?: $(grep -E '^\[  PASSED  \]|^\[  FAILED  \] [0-9]+ test|^checks:' $OUT/$t.log | tr '\n' ' ')"
  grep -E '^\[  FAILED  \] [A-Za-z]|Failure$' -A2 $OUT/$t.log | head -10
done
gzip -9 $OUT/*.log; rm -f $OUT/trace.tmp
