package org.gsssp.bench.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.gsssp.Graph;
import org.gsssp.VertexIds;
import org.gsssp.bench.BenchMain;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The routing command end to end on CPU: GraphHopper's CH against Dijkstra (RoutingKit skipped without a driver). */
class RoutingCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    static Path rome99() {
        Path dir = Path.of(System.getProperty("gsssp.graphs.dir", "../../shared/graphs"));
        Path f = dir.resolve("rome99.gr");
        assertTrue(Files.isRegularFile(f), f.toAbsolutePath() + " missing (set -Dgsssp.graphs.dir)");
        return f;
    }

    private record Ran(int code, String out, String err, JsonNode json, String readme) {
    }

    private static Ran run(Path dir, String... args) throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        String[] all = new String[args.length + 3];
        all[0] = "routing";
        System.arraycopy(args, 0, all, 1, args.length);
        all[args.length + 1] = "--output";
        all[args.length + 2] = dir.toString();
        int code = BenchMain.run(all, new PrintWriter(out, true), new PrintWriter(err, true));
        JsonNode json = Files.exists(dir.resolve("results.json")) ? JSON.readTree(dir.resolve("results.json").toFile()) : null;
        String readme = Files.exists(dir.resolve("README.md")) ? Files.readString(dir.resolve("README.md")) : "";
        return new Ran(code, out.toString(), err.toString(), json, readme);
    }

    private static JsonNode peer(JsonNode json, String name) {
        for (JsonNode p : json.get("peers")) {
            if (p.get("peer").asText().equals(name)) {
                return p;
            }
        }
        throw new AssertionError("no row " + name + " in " + json);
    }

    @Test
    void graphHopperOnRome99MatchesDijkstra(@TempDir Path dir) throws Exception {
        Ran r = run(dir, "--graph", rome99().toString(), "--pairs", "500", "--seed", "1", "--matrix", "30",
                "--threads", "2", "--peers", "graphhopper,routingkit");
        assertEquals(0, r.code(), "seed 1: " + r.err() + r.out());
        JsonNode gh = peer(r.json(), "graphhopper-ch");
        assertEquals("ok", gh.get("status").asText(), "seed 1: " + gh);
        assertEquals(0, gh.get("mismatches").asLong(), "seed 1: " + gh.get("first_mismatch").asText());
        // 500 distances, 500 route distances + 500 routes, >= 500 throughput answers, 900 matrix cells
        assertTrue(gh.get("checked").asLong() >= 500 * 4 + 900, "seed 1: only " + gh.get("checked") + " answers checked");
        assertTrue(gh.get("p2p_distance_p50_us").asDouble() > 0, gh.toString());
        JsonNode rk = peer(r.json(), "routingkit-ch");
        assertEquals("skipped", rk.get("status").asText());
        assertTrue(rk.get("reason").asText().contains("--routingkit"), rk.toString());
        assertTrue(r.readme().contains("| graphhopper-ch |") && r.readme().contains("skipped"), r.readme());
        assertTrue(Files.readString(dir.resolve("results.csv")).startsWith("peer,status,"));
        assertTrue(!Files.exists(dir.resolve("work")), "the work folder is removed");
    }

    /**
     * Parallel arcs (the lighter one counts), zero weights, one-way arcs, a loop, vertices nobody reaches: GraphHopper's
     * edges (one per vertex pair, a value per direction) must still give Dijkstra's answers.
     */
    @Test
    void graphHopperMappingKeepsDirectedMultigraphDistances(@TempDir Path dir) throws Exception {
        // 0->1 (5), 0->1 (3), 1->1 (1), 1->2 (0), 2->1 (4), 2->3 (7), 3->0 (2), 3->2 (0), 4->5 (1), 5->4 (9), 0->4 (0)
        long[] offsets = {0, 3, 5, 7, 9, 10, 11, 11};
        int[] targets = {1, 1, 4, 1, 2, 1, 3, 0, 2, 5, 4};
        int[] weights = {5, 3, 0, 1, 0, 4, 7, 2, 0, 1, 9};
        Path file = dir.resolve("tricky.gr");
        try (Graph g = Graph.fromArrays(offsets, targets, weights, VertexIds.offset(1, 7), "tricky")) {
            RoutingPairs.writeDimacsGraph(g, file);
        }
        Path out = dir.resolve("out");
        Ran r = run(out, "--graph", file.toString(), "--pairs", "300", "--seed", "3", "--matrix", "7",
                "--threads", "2", "--peers", "graphhopper,dijkstra");
        assertEquals(0, r.code(), "seed 3: " + r.err() + r.out());
        for (String name : new String[] {"graphhopper-ch", "gsssp-dijkstra-cpu"}) {
            JsonNode p = peer(r.json(), name);
            assertEquals("ok", p.get("status").asText(), "seed 3: " + p);
            assertEquals(0, p.get("mismatches").asLong(), "seed 3: " + name + ": " + p.get("first_mismatch").asText());
        }
    }
}
