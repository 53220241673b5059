#!/usr/bin/env bash
# call BC (H100): where the Java side of a resident query and its read goes: GSSSP_STAGE_TRACE=1 in JMH's
# residentOneTarget (native stages per call, seen from Java) and in gsssp_time --probe (the same calls from C++).
set -uo pipefail
rm -rf build/gpu-bundle; tar xJf build/callsBC/bench-slim.tar.xz -C build || exit 3
mkdir -p build/lib-trace && xz -dc build/callsBC/libgsssp-trace.so.xz > build/lib-trace/libgsssp.so
tar xJf build/callsBB/nt.tar.xz -C build
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
summ() { python3 - "$1" "$2" <<'PY'
import re,sys,statistics as st
rows={}; n=0
for l in open(sys.argv[1]):
    if not l.startswith("stage-trace "+sys.argv[2]+" "): continue
    m=re.match(r"stage-trace \w+ kernel ([\d.]+) us, tail ([-\d.]+) us:(.*)\(total ([\d.]+) us\)",l)
    if not m: continue
    n+=1
    d={"kernel":float(m.group(1)),"tail":float(m.group(2)),"total":float(m.group(4))}
    for k,v in re.findall(r" ([a-z-]+) \+([\d.]+)",m.group(3)): d[k]=d.get(k,0)+float(v)
    for k,v in d.items(): rows.setdefault(k,[]).append(v)
print(sys.argv[2], n, "lines; medians us: "+", ".join(f"{k} {st.median(v):.1f}" for k,v in rows.items()))
PY
}
GSSSP_STAGE_TRACE=1 LD_LIBRARY_PATH=build/lib-trace timeout 120 build/ntBA/gsssp_time --probe --gen rmat:22 --repeat 60 --only resident > $OUT/probe.log 2>&1
grep "resident " $OUT/probe.log | grep -v stage-trace; summ $OUT/probe.log resident; summ $OUT/probe.log read
GSSSP_STAGE_TRACE=1 JAVA_TOOL_OPTIONS="-Dgsssp.library.path=$PWD/build/lib-trace/libgsssp.so" build/gpu-bundle/gsssp-bench jmh 'ServingBenchmark.residentOneTarget' -bm avgt -f 1 -wi 2 -i 4 -w 1s -r 1s > $OUT/jmh.log 2>&1
echo "jmh exit $?"; grep -E "^KERNEL|^ServingBenchmark.*avgt " $OUT/jmh.log
summ $OUT/jmh.log resident; summ $OUT/jmh.log read
gzip -9 $OUT/*.log
