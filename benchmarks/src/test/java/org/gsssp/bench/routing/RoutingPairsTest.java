package org.gsssp.bench.routing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RoutingPairsTest {
    @Test
    void sameSeedSameQueriesOtherSeedOthers() {
        RoutingPairs a = RoutingPairs.generate(264_346, 10_000, 1000, 1);
        RoutingPairs b = RoutingPairs.generate(264_346, 10_000, 1000, 1);
        RoutingPairs c = RoutingPairs.generate(264_346, 10_000, 1000, 2);
        assertArrayEquals(a.sources(), b.sources(), "seed 1");
        assertArrayEquals(a.targets(), b.targets(), "seed 1");
        assertArrayEquals(a.matrixSources(), b.matrixSources(), "seed 1");
        assertArrayEquals(a.matrixTargets(), b.matrixTargets(), "seed 1");
        assertFalse(Arrays.equals(a.sources(), c.sources()), "seeds 1 and 2 gave the same sources");
        assertTrue(Arrays.stream(a.sources()).allMatch(v -> v >= 0 && v < 264_346), "seed 1: an id out of range");
    }

    @Test
    void matrixVerticesAreDistinctAndCanCoverTheGraph() {
        for (long seed = 1; seed <= 5; seed++) {
            RoutingPairs q = RoutingPairs.generate(50, 0, 50, seed);
            int[] s = q.matrixSources().clone();
            Arrays.sort(s);
            for (int i = 0; i < 50; i++) {
                assertEquals(i, s[i], "seed " + seed + ": the 50 sources of a 50-vertex graph are not a permutation");
            }
        }
        assertThrows(IllegalArgumentException.class, () -> RoutingPairs.generate(10, 5, 11, 1));
    }

    /** What RoutingKit's driver reads is what the in-process peers get: the same pairs, DIMACS ids = internal + 1. */
    @Test
    void pairsFileHoldsTheSamePairs(@TempDir Path dir) throws Exception {
        RoutingPairs q = RoutingPairs.generate(3353, 1000, 10, 7);
        Path f = dir.resolve("pairs.txt");
        q.writePairs(f);
        int[][] back = RoutingPairs.readPairs(f);
        assertArrayEquals(q.sources(), back[0], "seed 7");
        assertArrayEquals(q.targets(), back[1], "seed 7");
        assertTrue(java.nio.file.Files.readAllLines(f).get(1).equals((q.sources()[0] + 1) + " " + (q.targets()[0] + 1)));
    }
}
