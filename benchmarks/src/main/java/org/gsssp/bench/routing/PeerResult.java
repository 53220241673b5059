package org.gsssp.bench.routing;

import java.util.LinkedHashMap;
import java.util.Map;

/** One peer's row of the routing results; NaN / -1 where a measure was not taken. */
public final class PeerResult {
    public String peer;
    /** ok, skipped (with the reason) or failed (with the error). */
    public String status = "ok";
    public String reason = "";
    public double prepareSeconds = Double.NaN;
    /** The prepared structure's bytes as the peer counts them (-1: unknown). */
    public long structureBytes = -1;
    /** Process memory growth over the preparation: resident-set delta in this JVM, max-RSS delta for a subprocess. */
    public long prepareRssDeltaBytes = -1;
    /** Java heap growth over the preparation, after a GC (in-process peers). */
    public long prepareHeapDeltaBytes = -1;
    public int timedPairs;
    public double distanceP50Us = Double.NaN;
    public double distanceP99Us = Double.NaN;
    public double distanceMeanUs = Double.NaN;
    public double routeP50Us = Double.NaN;
    public double routeP99Us = Double.NaN;
    public double routeMeanUs = Double.NaN;
    public int threads;
    public double throughputQps = Double.NaN;
    public int matrixSize;
    public double matrixMs = Double.NaN;
    public String matrixMethod = "";
    /** Answers compared with Dijkstra (distances, routes, throughput answers, matrix cells). */
    public long checked;
    public long mismatches;
    public String firstMismatch = "";
    public String notes = "";

    PeerResult(String peer) {
        this.peer = peer;
    }

    static PeerResult skipped(String peer, String reason) {
        PeerResult r = new PeerResult(peer);
        r.status = "skipped";
        r.reason = reason;
        return r;
    }

    /** Counts a comparison; a disagreement is kept (the first one described). */
    void check(boolean ok, String what) {
        checked++;
        if (!ok) {
            if (mismatches == 0) {
                firstMismatch = what;
            }
            mismatches++;
        }
    }

    /** The row, column name to value, in table order. */
    public Map<String, Object> asMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("peer", peer);
        m.put("status", status);
        m.put("reason", reason);
        m.put("prepare_s", prepareSeconds);
        m.put("structure_bytes", structureBytes);
        m.put("prepare_rss_delta_bytes", prepareRssDeltaBytes);
        m.put("prepare_heap_delta_bytes", prepareHeapDeltaBytes);
        m.put("timed_pairs", timedPairs);
        m.put("p2p_distance_p50_us", distanceP50Us);
        m.put("p2p_distance_p99_us", distanceP99Us);
        m.put("p2p_distance_mean_us", distanceMeanUs);
        m.put("p2p_route_p50_us", routeP50Us);
        m.put("p2p_route_p99_us", routeP99Us);
        m.put("p2p_route_mean_us", routeMeanUs);
        m.put("threads", threads);
        m.put("throughput_qps", throughputQps);
        m.put("matrix_size", matrixSize);
        m.put("matrix_ms", matrixMs);
        m.put("matrix_method", matrixMethod);
        m.put("checked", checked);
        m.put("mismatches", mismatches);
        m.put("first_mismatch", firstMismatch);
        m.put("notes", notes);
        return m;
    }
}
