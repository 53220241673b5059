package org.gsssp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.gsssp.internal.NativeGraph;
import org.gsssp.internal.NativeLibrary;
import org.gsssp.internal.ffi.gsssp_options;
import org.junit.jupiter.api.Test;

/**
 * ADDS's options and its place among the algorithms, without a GPU: argument checks, and what reaches the
 * C struct (the pool's sign encodes fixed or growable, so a mix-up there would silently change behaviour).
 */
class AddsOptionsTest {

    @Test
    void algorithmIsNamedAndNumberedAsInTheHeader() {
        assertEquals(7, Algorithm.ADDS.code());
        assertEquals("adds", Algorithm.ADDS.cliName());
        assertEquals(Algorithm.ADDS, Algorithm.parse("adds"));
        assertEquals(Algorithm.ADDS, Algorithm.parse(" ADDS "));
        assertTrue(Algorithm.ADDS.requiresGpu());
        assertFalse(Algorithm.ADDS.acceptsNegativeWeights());
        assertTrue(GpuAlgorithmsTest.GPU_ALGORITHMS.contains(Algorithm.ADDS),
                "GpuAlgorithmsTest must check ADDS like every other GPU algorithm");
    }

    @Test
    void defaultsLeaveEveryAddsChoiceToTheNativeSide() {
        Options o = Options.defaults();
        assertFalse(o.addsStaticDelta());
        assertEquals(0, o.addsBucketCount());
        assertEquals(0, o.addsPoolWords());
        assertTrue(o.addsPoolGrowable());
        assertEquals(0, o.addsWatchdogMillis());
        assertTrue(o.addsLocalRounds(), "local rounds are on unless switched off");
        assertEquals(0, NativeGraph.addsPoolField(o));
    }

    @Test
    void bucketCountMustBeZeroOrTwoToThirtyTwo() {
        for (int ok : new int[] {0, 2, 3, 17, 32}) {
            assertEquals(ok, Options.builder().addsBucketCount(ok).build().addsBucketCount());
        }
        for (int bad : new int[] {-1, 1, 33, 64, Integer.MIN_VALUE}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> Options.builder().addsBucketCount(bad), "bucket count " + bad);
            assertTrue(e.getMessage().contains("2..32") && e.getMessage().contains(Integer.toString(bad)), e.getMessage());
        }
    }

    @Test
    void poolSizesMustBePositiveAndBounded() {
        for (long bad : new long[] {0, -1, -65536, Long.MIN_VALUE, Options.MAX_ADDS_POOL_WORDS + 1, Long.MAX_VALUE}) {
            IllegalArgumentException fixed = assertThrows(IllegalArgumentException.class,
                    () -> Options.builder().addsPoolWords(bad), "fixed pool " + bad);
            assertTrue(fixed.getMessage().contains("fixed ADDS pool") && fixed.getMessage().contains(Long.toString(bad)),
                    fixed.getMessage());
            IllegalArgumentException growable = assertThrows(IllegalArgumentException.class,
                    () -> Options.builder().addsGrowablePool(bad), "growable pool " + bad);
            assertTrue(growable.getMessage().contains("initial ADDS pool"), growable.getMessage());
        }
    }

    @Test
    void poolModeReachesTheCFieldWithItsSign() {
        Options fixed = Options.builder().addsPoolWords(1).build();
        assertEquals(1, fixed.addsPoolWords());
        assertFalse(fixed.addsPoolGrowable());
        assertEquals(1, NativeGraph.addsPoolField(fixed));

        Options growable = Options.builder().addsGrowablePool(65_537).build();
        assertEquals(65_537, growable.addsPoolWords());
        assertTrue(growable.addsPoolGrowable());
        assertEquals(-65_537, NativeGraph.addsPoolField(growable));

        Options largest = Options.builder().addsGrowablePool(Options.MAX_ADDS_POOL_WORDS).build();
        assertEquals(-Options.MAX_ADDS_POOL_WORDS, NativeGraph.addsPoolField(largest));

        // the last call wins, so a builder can be taken back to the default
        Options back = Options.builder().addsPoolWords(5).addsGrowablePool(7).addsPoolFromGraph().build();
        assertEquals(0, NativeGraph.addsPoolField(back));
        assertTrue(back.addsPoolGrowable());
        assertEquals(9, NativeGraph.addsPoolField(Options.builder().addsGrowablePool(7).addsPoolWords(9).build()));
    }

    @Test
    void watchdogMustNotBeNegative() {
        assertEquals(0, Options.builder().addsWatchdogMillis(0).build().addsWatchdogMillis());
        assertEquals(600_000, Options.builder().addsWatchdogMillis(600_000).build().addsWatchdogMillis());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Options.builder().addsWatchdogMillis(-1));
        assertTrue(e.getMessage().contains("watchdog") && e.getMessage().contains("-1"), e.getMessage());
    }

    @Test
    void everyAddsOptionIsWrittenIntoTheNativeStruct() {
        Options o = Options.builder().addsStaticDelta(true).addsBucketCount(2).addsGrowablePool(3)
                .addsWatchdogMillis(1234).addsLocalRounds(false).delta(17.5).deltaConstant(8).build();
        NativeLibrary.ensureLoaded();   // gsssp_options_init fills the struct's other defaults
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment c = NativeGraph.options(o, arena);
            assertEquals(1, gsssp_options.adds_static_delta(c));
            assertEquals(2, gsssp_options.adds_bucket_count(c));
            assertEquals(-3, gsssp_options.adds_pool_words(c));
            assertEquals(1234, gsssp_options.adds_watchdog_ms(c));
            assertEquals(0, gsssp_options.adds_local_rounds(c));
            assertEquals(17.5, gsssp_options.delta(c));
            assertEquals(8.0, gsssp_options.delta_constant(c));

            MemorySegment d = NativeGraph.options(Options.defaults(), arena);
            assertEquals(0, gsssp_options.adds_static_delta(d));
            assertEquals(0, gsssp_options.adds_bucket_count(d));
            assertEquals(0, gsssp_options.adds_pool_words(d));
            assertEquals(0, gsssp_options.adds_watchdog_ms(d));
            assertEquals(1, gsssp_options.adds_local_rounds(d));

            MemorySegment f = NativeGraph.options(Options.builder().addsPoolWords(1 << 20).build(), arena);
            assertEquals(1 << 20, gsssp_options.adds_pool_words(f));
        }
    }
}
