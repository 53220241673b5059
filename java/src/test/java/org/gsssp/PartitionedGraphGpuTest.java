package org.gsssp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.gsssp.testing.GpuTest;
import org.gsssp.testing.RandomGraphs;
import org.gsssp.testing.RandomGraphs.Spec;
import org.junit.jupiter.api.Test;

/**
 * {@link PartitionedGraph} against CPU Dijkstra on seeded random graphs of every shape and both weight types: device
 * 0 listed twice (two parts of one GPU) and, with two GPUs, devices {0, 1}; each split forced by a cap of the
 * largest part of the uncapped split. Each failure names the graph's spec (shape, size, seed) and the source. With
 * two GPUs and a loadable NCCL, the NCCL transport over {0, 1} against the peer copies and the CPU.
 */
@GpuTest
class PartitionedGraphGpuTest {
    private static List<int[]> layouts() {
        List<int[]> out = new ArrayList<>();
        out.add(new int[] {0, 0});
        if (Devices.count() >= 2) {
            out.add(new int[] {0, 1});
        }
        return out;
    }

    private static long largestPart(PartitionedGraph pg) {
        long best = 0;
        for (PartitionedGraph.Part p : pg.parts()) {
            best = Math.max(best, p.deviceBytes());
        }
        return best;
    }

    @Test
    void answersMatchCpuDijkstra() {
        List<String> problems = new ArrayList<>();
        for (Spec spec : RandomGraphs.suite(24, 5_000, 20260601L)) {
            try (Graph g = RandomGraphs.build(spec)) {
                SplittableRandom random = new SplittableRandom(spec.seed());
                int[] sources = {0, random.nextInt(g.numVertices()), random.nextInt(g.numVertices())};
                for (int[] devices : layouts()) {
                    long cap;
                    try (PartitionedGraph uncapped = PartitionedGraph.upload(g, devices, 0)) {
                        cap = Math.max(1, largestPart(uncapped));
                    }
                    try (PartitionedGraph pg = PartitionedGraph.upload(g, devices, cap)) {
                        assertEquals(devices.length, pg.parts().size(), spec.toString());
                        int at = 0;
                        long edges = 0;
                        for (int k = 0; k < devices.length; k++) {
                            PartitionedGraph.Part p = pg.parts().get(k);
                            assertEquals(devices[k], p.device(), spec + " part " + k);
                            assertEquals(at, p.firstVertex(), spec + " part " + k);
                            assertTrue(p.deviceBytes() <= cap, spec + " part " + k + " over the cap");
                            at = p.endVertex();
                            edges += p.edges();
                        }
                        assertEquals(g.numVertices(), at, spec.toString());
                        assertEquals(g.numEdges(), edges, spec.toString());
                        for (int s : sources) {
                            Result cpu = Sssp.solve(g, s, Algorithm.CPU_DIJKSTRA);
                            try (Result r = pg.query(s)) {
                                assertFalse(r.hasPredecessors());
                                Verifier.check(g, r, cpu).ifPresent(p -> problems.add(spec + " devices "
                                        + java.util.Arrays.toString(devices) + " source " + s + ": " + p));
                                if (r.stats().verticesReached() != cpu.stats().verticesReached()) {
                                    problems.add(spec + " source " + s + ": reached " + r.stats().verticesReached()
                                            + ", CPU " + cpu.stats().verticesReached());
                                }
                            }
                        }
                    }
                }
            }
        }
        assertTrue(problems.isEmpty(), problems.size() + " problems, first: " + problems.subList(0, Math.min(5, problems.size())));
    }

    @Test
    void ncclTransportAnswersAsThePeerCopies() {
        assumeTrue(Devices.count() >= 2, "the NCCL transport needs two GPUs, " + Devices.count() + " present");
        int[] devices = {0, 1};
        List<String> problems = new ArrayList<>();
        for (Spec spec : RandomGraphs.suite(8, 5_000, 20260602L)) {
            try (Graph g = RandomGraphs.build(spec)) {
                PartitionedGraph nccl;
                try {
                    nccl = PartitionedGraph.upload(g, devices, 0, PartitionedGraph.Transport.NCCL);
                } catch (UnsupportedInputException e) {
                    assumeTrue(false, "NCCL cannot be used: " + e.getMessage());
                    return;
                }
                try (nccl; PartitionedGraph peer = PartitionedGraph.upload(g, devices, 0)) {
                    assertEquals(PartitionedGraph.Transport.NCCL, nccl.transport());
                    assertEquals(PartitionedGraph.Transport.PEER_COPIES, peer.transport());
                    SplittableRandom random = new SplittableRandom(spec.seed());
                    for (int s : new int[] {0, random.nextInt(g.numVertices())}) {
                        Result cpu = Sssp.solve(g, s, Algorithm.CPU_DIJKSTRA);
                        try (Result a = nccl.query(s); Result b = peer.query(s)) {
                            Verifier.check(g, a, cpu).ifPresent(p -> problems.add(spec + " NCCL source " + s + ": " + p));
                            if (a.distances().mismatch(b.distances()) >= 0) {
                                problems.add(spec + " source " + s + ": NCCL and peer copies differ");
                            }
                        }
                    }
                }
            }
        }
        assertTrue(problems.isEmpty(), problems.size() + " problems, first: " + problems.subList(0, Math.min(5, problems.size())));
    }

    @Test
    void refusalsAndClose() {
        Spec spec = new Spec(RandomGraphs.Shape.UNIFORM, 2_000, 7L, WeightType.INT32, 100, 0.0);
        try (Graph g = RandomGraphs.build(spec)) {
            DeviceMemoryException tooSmall = assertThrows(DeviceMemoryException.class,
                    () -> PartitionedGraph.upload(g, new int[] {0, 0}, 1000));
            assertTrue(tooSmall.getMessage().contains("max_bytes_per_device is 1000"), tooSmall.getMessage());
            assertThrows(IllegalArgumentException.class, () -> PartitionedGraph.upload(g, new int[] {0, Devices.count()}, 0));
            PartitionedGraph pg = PartitionedGraph.upload(g, new int[] {0, 0}, 0);
            assertThrows(IllegalArgumentException.class, () -> pg.query(-1));
            assertThrows(IllegalArgumentException.class, () -> pg.query(g.numVertices()));
            try (Result r = pg.query(0, Options.builder().maxIterations(1_000_000).build())) {
                Verifier.check(g, r, Sssp.solve(g, 0, Algorithm.CPU_DIJKSTRA)).ifPresent(p -> {
                    throw new AssertionError(spec + ": " + p);
                });
            }
            assertTrue(pg.lastExchange().messages() > 0, spec + ": no messages between two parts of a uniform graph");
            pg.close();
            pg.close();
            assertThrows(GraphClosedException.class, () -> pg.query(0));
        }
        try (Graph negative = Graph.fromArrays(new long[] {0, 1, 1}, new int[] {1}, new int[] {-2}, VertexIds.offset(0, 2), "negative")) {
            UnsupportedInputException e = assertThrows(UnsupportedInputException.class,
                    () -> PartitionedGraph.upload(negative, new int[] {0, 0}, 0));
            assertTrue(e.getMessage().contains("H-BF takes negative weights"), e.getMessage());
        }
    }
}
