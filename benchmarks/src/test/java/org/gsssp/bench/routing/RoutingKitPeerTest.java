package org.gsssp.bench.routing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading what routingkit_driver prints and writes (a fixed sample of its output on rome99). */
class RoutingKitPeerTest {
    static final String SAMPLE = "{\"peer\":\"routingkit\",\"vertices\":3353,\"arcs\":8870,\"pairs\":200,\"load_s\":0.002,"
            + "\"build_s\":0.573,\"build_rss_delta_bytes\":1835008,\"build_peak_rss_delta_bytes\":2359296,"
            + "\"max_rss_bytes\":5566464,\"ch_bytes\":373285,"
            + "\"up_arcs\":9916,\"down_arcs\":9906,\"p2p_distance_us\":{\"mean\":91.712,\"p50\":10.219,\"p99\":37.031},"
            + "\"p2p_route_us\":{\"mean\":42.047,\"p50\":12.243,\"p99\":65.766},\"route_distance_disagreements\":0,"
            + "\"throughput_threads\":2,\"throughput_queries\":16800,\"throughput_s\":1.0018,\"throughput_qps\":16769.0,"
            + "\"throughput_disagreements\":0,\"matrix_sources\":20,\"matrix_targets\":20,\"matrix_threads\":2,"
            + "\"matrix_ms\":1.257,\"matrix_method\":\"one-to-many: pin_targets, run_to_pinned_targets per source\"}";

    @Test
    void readsTheMeasurements() throws IOException {
        PeerResult r = new PeerResult(RoutingKitPeer.NAME);
        RoutingKitPeer.fill(r, SAMPLE);
        assertEquals(200, r.timedPairs);
        assertEquals(0.573, r.prepareSeconds);
        assertEquals(373285, r.structureBytes);
        assertEquals(1835008, r.prepareRssDeltaBytes);
        assertEquals(10.219, r.distanceP50Us);
        assertEquals(37.031, r.distanceP99Us);
        assertEquals(91.712, r.distanceMeanUs);
        assertEquals(12.243, r.routeP50Us);
        assertEquals(65.766, r.routeP99Us);
        assertEquals(2, r.threads);
        assertEquals(16769.0, r.throughputQps);
        assertEquals(20, r.matrixSize);
        assertEquals(1.257, r.matrixMs);
        assertTrue(r.matrixMethod.startsWith("one-to-many"), r.matrixMethod);
        assertTrue(r.notes.contains("+2359296 bytes"), r.notes);
    }

    @Test
    void refusesOutputThatIsNotItsJson() {
        PeerResult r = new PeerResult(RoutingKitPeer.NAME);
        IOException e = assertThrows(IOException.class, () -> RoutingKitPeer.fill(r, "Segmentation fault"));
        assertTrue(e.getMessage().contains("not JSON"), e.getMessage());
        e = assertThrows(IOException.class, () -> RoutingKitPeer.fill(r, "{\"pairs\":3}"));
        assertTrue(e.getMessage().contains("build_s"), e.getMessage());
    }

    @Test
    void readsDistancesRoutesAndMatrixCells(@TempDir Path dir) throws IOException {
        Path d = dir.resolve("d.txt");
        Files.writeString(d, "12813\nINF\n0\n");
        assertArrayEquals(new long[] {12813, Router.UNREACHABLE, 0}, RoutingKitPeer.readDistances(d, 3));
        assertThrows(IOException.class, () -> RoutingKitPeer.readDistances(d, 4), "one distance short");
        Files.writeString(d, "0 8556\n8458 x\n");
        IOException e = assertThrows(IOException.class, () -> RoutingKitPeer.readDistances(d, 4));
        assertTrue(e.getMessage().contains("'x'"), e.getMessage());

        Router.Route route = RoutingKitPeer.parseRoute("4614 3287 3289 3296");
        assertEquals(4614, route.distance());
        assertArrayEquals(new int[] {3286, 3288, 3295}, route.vertices(), "DIMACS ids are internal + 1");
        Router.Route none = RoutingKitPeer.parseRoute("INF");
        assertEquals(Router.UNREACHABLE, none.distance());
        assertEquals(0, none.vertices().length);
    }
}
