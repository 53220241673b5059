package example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.gsssp.Algorithm;
import org.gsssp.DeviceGraph;
import org.gsssp.DeviceResult;
import org.gsssp.Devices;
import org.gsssp.Graph;
import org.gsssp.GraphLoader;
import org.gsssp.KeyedGraph;
import org.gsssp.GraphBuilder;
import org.gsssp.Options;
import org.gsssp.QueryBuffers;
import org.gsssp.Result;
import org.gsssp.ShortestPath;
import org.gsssp.Sssp;
import org.junit.jupiter.api.Test;

/** The README's code, as a user's project compiles and runs it against the installed artifact. */
class ReadmeTest {
    @Test
    void apiInTenLinesOnADimacsFile() throws Exception {
        Path file = Files.createTempFile("readme", ".gr");
        Files.writeString(file, "p sp 4 4\na 1 2 5\na 2 3 7\na 1 3 20\na 3 4 1\n");
        try (Graph graph = GraphLoader.load(file);
                QueryBuffers out = QueryBuffers.forGraph(graph, true)) {
            int source = graph.ids().toInternal(1);
            int target = graph.ids().toInternal(4);
            Result r = Sssp.solve(graph, source, Algorithm.AUTO, Options.defaults(), out);
            assertEquals(13, r.distanceAsLong(target));
            ShortestPath route = r.path(target);
            assertEquals("1 -> 2 -> 3 -> 4 (weight 13.0)", route.toString());
            if (Devices.available()) {
                try (DeviceGraph gpu = DeviceGraph.upload(graph);
                        DeviceResult onGpu = gpu.queryResident(source, Algorithm.AUTO, Options.defaults())) {
                    assertEquals(13, onGpu.distanceAsLong(target));
                }
            }
        } finally {
            Files.delete(file);
        }
    }

    @Test
    void graphsFromJavaObjects() {
        try (KeyedGraph<String> g = GraphBuilder.<String>keyed().addUndirectedEdge("a", "b", 2).addEdge("b", "c", 3).build()) {
            Result r = Sssp.solve(g.graph(), g.id("a"));
            assertEquals(5, r.distanceAsLong(g.id("c")));
            assertTrue(r.path(g.id("c")).exists());
        }
    }
}
