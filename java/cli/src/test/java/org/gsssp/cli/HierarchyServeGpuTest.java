package org.gsssp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.gsssp.Algorithm;
import org.gsssp.ContractionHierarchy;
import org.gsssp.DeviceGraph;
import org.gsssp.Graph;
import org.gsssp.Options;
import org.gsssp.Result;
import org.gsssp.Sssp;
import org.gsssp.cli.SolveCommandTest.Run;
import org.gsssp.generate.GraphGenerator;
import org.gsssp.generate.RoadSpec;
import org.gsssp.generate.WeightSpec;
import org.gsssp.testing.GpuTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * serve --hierarchy on a GPU, wired as ServeCommand wires it: the hierarchy goes to the device graph too (PHAST for
 * /sssp and batches), while /matrix and /distance answer from the host hierarchy and equal CPU Dijkstra; info
 * --hierarchy reports PHAST for queries and batches, the host hierarchy's RPHAST for matrices.
 */
@GpuTest
class HierarchyServeGpuTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void matrixAnswersFromTheHostHierarchyAndEqualsDijkstra() throws Exception {
        try (Graph graph = GraphGenerator.generate(new RoadSpec(150, 150, 8, 4750, WeightSpec.ints(1, 1000)), 2);
                ContractionHierarchy hierarchy = ContractionHierarchy.build(graph);
                DeviceGraph device = DeviceGraph.upload(graph);
                GraphServer server = new GraphServer(graph, device, "127.0.0.1", 0, 10_000, 50)) {
            assertTrue(graph.numEdges() >= Algorithm.AUTO_GPU_MIN_EDGES, "the graph must be above AUTO's crossover");
            server.answerFromHierarchy(hierarchy);
            StringWriter err = new StringWriter();
            assertEquals(device.device().name(), ServeCommand.attachToDevice(device, hierarchy, new PrintWriter(err, true)),
                    err.toString());
            assertTrue(device.hasHierarchy());
            assertEquals(Algorithm.PHAST, device.chooseBatch(Algorithm.AUTO,
                    Options.builder().computePredecessors(false).build(), 20), "AUTO's batch rows run PHAST");
            server.start();
            HttpClient client = HttpClient.newHttpClient();
            SplittableRandom random = new SplittableRandom(4751);
            int n = graph.numVertices();
            long[] sources = random.ints(20, 0, n).mapToLong(v -> graph.ids().toExternal(v)).toArray();
            long[] targets = random.ints(25, 0, n).mapToLong(v -> graph.ids().toExternal(v)).toArray();
            String body = JSON.writeValueAsString(java.util.Map.of("sources", sources, "targets", targets));
            HttpResponse<String> r = client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + "/matrix"))
                    .POST(HttpRequest.BodyPublishers.ofString(body)).header("Content-Type", "application/json").build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, r.statusCode(), r.body());
            JsonNode rows = JSON.readTree(r.body()).get("distances");
            for (int i = 0; i < sources.length; i++) {
                try (Result ref = Sssp.solve(graph, graph.ids().toInternal(sources[i]), Algorithm.CPU_DIJKSTRA)) {
                    for (int j = 0; j < targets.length; j++) {
                        int t = graph.ids().toInternal(targets[j]);
                        JsonNode cell = rows.get(i).get(j);
                        String what = "seed 4751, cell " + i + ", " + j;
                        if (ref.isReachable(t)) {
                            assertEquals(ref.distanceAsLong(t), cell.asLong(), what);
                        } else {
                            assertTrue(cell.isNull(), what);
                        }
                    }
                    HttpResponse<String> d = client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port()
                            + "/distance?from=" + sources[i] + "&to=" + targets[0])).GET().build(), HttpResponse.BodyHandlers.ofString());
                    assertEquals(200, d.statusCode(), d.body());
                    int t0 = graph.ids().toInternal(targets[0]);
                    if (ref.isReachable(t0)) {
                        assertEquals(ref.distanceAsLong(t0), JSON.readTree(d.body()).get("distance").asLong(), "/distance");
                    }
                }
            }
        }
    }

    /**
     * info --hierarchy on a road graph above AUTO's crossover reports PHAST for queries and batches, the host
     * hierarchy's RPHAST for matrices.
     */
    @Test
    void infoReportsPhastWithAHierarchy(@TempDir Path dir) throws Exception {
        Path graph = dir.resolve("road.gr");
        Path ch = dir.resolve("road.ch");
        assertEquals(0, SolveCommandTest.run("generate", "road:150x150,hw=8,seed=4752,w=1..1000", "-o", graph.toString()).exit());
        Run prepared = SolveCommandTest.run("prepare", "--graph", graph.toString(), "-o", ch.toString());
        assertEquals(0, prepared.exit(), prepared.out() + prepared.err());
        Run r = SolveCommandTest.run("info", "--graph", graph.toString(), "--hierarchy", ch.toString());
        assertEquals(0, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains("query     phast (a contraction hierarchy is attached"), r.out());
        assertTrue(r.out().contains("batch     phast ("), r.out());
        assertTrue(r.out().contains(InfoCommand.hostChMatrix() + "\n"), r.out());
        Run without = SolveCommandTest.run("info", "--graph", graph.toString());
        assertEquals(0, without.exit(), without.out() + without.err());
        assertTrue(without.out().contains("query     adds ("), without.out());
    }
}
