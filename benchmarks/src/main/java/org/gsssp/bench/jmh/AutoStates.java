package org.gsssp.bench.jmh;

import org.gsssp.Algorithm;
import org.gsssp.QueryBuffers;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/** JMH states of the AUTO benchmarks (ServingBenchmark.autoQuery, ConcurrencyBenchmark.auto*). */
public final class AutoStates {
    private AutoStates() {}

    /** The graph, resident on the GPU and shared by all threads (AUTO may still pick the CPU). */
    @State(Scope.Benchmark)
    public static class Shared {
        @Param({"../shared/graphs/rome99.gr"})
        public String autoGraph;

        BenchGraphs.Loaded g;

        @Setup(Level.Trial)
        public void setUp() {
            g = new BenchGraphs.Loaded(autoGraph, true, "AUTO benchmarks");
            System.out.println("\nAUTO picks " + Algorithm.chooseAuto(g.host, true).cliName() + " ("
                    + Algorithm.describeAutoChoice(g.host, true) + ")");
        }

        @TearDown(Level.Trial)
        public void tearDown() {
            if (g != null) {
                g.close();
            }
        }
    }

    /** Each thread's own output buffers. */
    @State(Scope.Thread)
    public static class Buffers {
        QueryBuffers buffers;

        @Setup(Level.Trial)
        public void setUp(Shared shared) {
            buffers = QueryBuffers.forGraph(shared.g.host, false);
        }

        @TearDown(Level.Trial)
        public void tearDown() {
            if (buffers != null) {
                buffers.close();
            }
        }
    }
}
