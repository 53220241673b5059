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
import org.gsssp.internal.ffi.gsssp_delta_options;
import org.gsssp.internal.ffi.gsssp_da2cf_options;
import org.gsssp.internal.ffi.gsssp_hbf_options;
import org.gsssp.internal.ffi.gsssp_adds_options;
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
        assertFalse(o.adds().staticDelta());
        assertEquals(0, o.adds().bucketCount());
        assertEquals(0, o.adds().poolWords());
        assertTrue(o.adds().poolGrowable());
        assertEquals(0, o.adds().watchdogMillis());
        assertTrue(o.adds().localRounds(), "local rounds are on unless switched off");
        assertEquals(0, NativeGraph.addsPoolField(o));
    }

    @Test
    void bucketCountMustBeZeroOrTwoToThirtyTwo() {
        for (int ok : new int[] {0, 2, 3, 17, 32}) {
            assertEquals(ok, Options.builder().adds(AddsParams.builder().bucketCount(ok).build()).build().adds().bucketCount());
        }
        for (int bad : new int[] {-1, 1, 33, 64, Integer.MIN_VALUE}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> Options.builder().adds(AddsParams.builder().bucketCount(bad).build()), "bucket count " + bad);
            assertTrue(e.getMessage().contains("2..32") && e.getMessage().contains(Integer.toString(bad)), e.getMessage());
        }
    }

    @Test
    void poolSizesMustBePositiveAndBounded() {
        for (long bad : new long[] {0, -1, -65536, Long.MIN_VALUE, AddsParams.MAX_POOL_WORDS + 1, Long.MAX_VALUE}) {
            IllegalArgumentException fixed = assertThrows(IllegalArgumentException.class,
                    () -> Options.builder().adds(AddsParams.builder().poolWords(bad).build()), "fixed pool " + bad);
            assertTrue(fixed.getMessage().contains("fixed ADDS pool") && fixed.getMessage().contains(Long.toString(bad)),
                    fixed.getMessage());
            IllegalArgumentException growable = assertThrows(IllegalArgumentException.class,
                    () -> Options.builder().adds(AddsParams.builder().growablePool(bad).build()), "growable pool " + bad);
            assertTrue(growable.getMessage().contains("initial ADDS pool"), growable.getMessage());
        }
    }

    @Test
    void poolModeReachesTheCFieldWithItsSign() {
        Options fixed = Options.builder().adds(AddsParams.builder().poolWords(1).build()).build();
        assertEquals(1, fixed.adds().poolWords());
        assertFalse(fixed.adds().poolGrowable());
        assertEquals(1, NativeGraph.addsPoolField(fixed));

        Options growable = Options.builder().adds(AddsParams.builder().growablePool(65_537).build()).build();
        assertEquals(65_537, growable.adds().poolWords());
        assertTrue(growable.adds().poolGrowable());
        assertEquals(-65_537, NativeGraph.addsPoolField(growable));

        Options largest = Options.builder().adds(AddsParams.builder().growablePool(AddsParams.MAX_POOL_WORDS).build()).build();
        assertEquals(-AddsParams.MAX_POOL_WORDS, NativeGraph.addsPoolField(largest));

        // the last call wins, so a builder can be taken back to the default
        Options back = Options.builder().adds(AddsParams.builder().poolWords(5).growablePool(7).poolFromGraph().build()).build();
        assertEquals(0, NativeGraph.addsPoolField(back));
        assertTrue(back.adds().poolGrowable());
        assertEquals(9, NativeGraph.addsPoolField(Options.builder().adds(AddsParams.builder().growablePool(7).poolWords(9).build()).build()));
    }

    @Test
    void watchdogMustNotBeNegative() {
        assertEquals(0, Options.builder().adds(AddsParams.builder().watchdogMillis(0).build()).build().adds().watchdogMillis());
        assertEquals(600_000, Options.builder().adds(AddsParams.builder().watchdogMillis(600_000).build()).build().adds().watchdogMillis());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Options.builder().adds(AddsParams.builder().watchdogMillis(-1).build()));
        assertTrue(e.getMessage().contains("watchdog") && e.getMessage().contains("-1"), e.getMessage());
    }

    @Test
    void everyAddsOptionIsWrittenIntoTheNativeStruct() {
        Options o = Options.builder().adds(AddsParams.builder().staticDelta(true).bucketCount(2).growablePool(3).watchdogMillis(1234).localRounds(false).build()).deltaStepping(DeltaSteppingParams.builder().delta(17.5).deltaConstant(8).build()).build();
        NativeLibrary.ensureLoaded();   // gsssp_options_init fills the struct's other defaults
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment c = NativeGraph.options(o, arena);
            assertEquals(1, gsssp_adds_options.static_delta(gsssp_options.adds(c)));
            assertEquals(2, gsssp_adds_options.bucket_count(gsssp_options.adds(c)));
            assertEquals(-3, gsssp_adds_options.pool_words(gsssp_options.adds(c)));
            assertEquals(1234, gsssp_adds_options.watchdog_ms(gsssp_options.adds(c)));
            assertEquals(0, gsssp_adds_options.local_rounds(gsssp_options.adds(c)));
            assertEquals(17.5, gsssp_delta_options.delta(gsssp_options.delta_stepping(c)));
            assertEquals(8.0, gsssp_delta_options.delta_constant(gsssp_options.delta_stepping(c)));

            MemorySegment d = NativeGraph.options(Options.defaults(), arena);
            assertEquals(0, gsssp_adds_options.static_delta(gsssp_options.adds(d)));
            assertEquals(0, gsssp_adds_options.bucket_count(gsssp_options.adds(d)));
            assertEquals(0, gsssp_adds_options.pool_words(gsssp_options.adds(d)));
            assertEquals(0, gsssp_adds_options.watchdog_ms(gsssp_options.adds(d)));
            assertEquals(1, gsssp_adds_options.local_rounds(gsssp_options.adds(d)));

            MemorySegment f = NativeGraph.options(Options.builder().adds(AddsParams.builder().poolWords(1 << 20).build()).build(), arena);
            assertEquals(1 << 20, gsssp_adds_options.pool_words(gsssp_options.adds(f)));
        }
    }

    /** H-BF's six fields, then DA2CF's one, as the native struct holds them. */
    private static java.util.List<Integer> hbfAndDa2cf(MemorySegment o) {
        MemorySegment h = gsssp_options.hbf(o);
        return java.util.List.of(gsssp_hbf_options.edge_classification(h), gsssp_hbf_options.duplicate_removal(h),
                gsssp_hbf_options.coalesced_enqueue(h), gsssp_hbf_options.dynamic_virtual_warps(h),
                gsssp_hbf_options.dynamic_parallelism(h), gsssp_hbf_options.dp_threshold(h),
                gsssp_da2cf_options.min_on_device(gsssp_options.da2cf(o)));
    }

    @Test
    void everyHbfAndDa2cfParameterIsWrittenIntoTheNativeStruct() {
        NativeLibrary.ensureLoaded();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment d = NativeGraph.options(Options.defaults(), arena);
            assertEquals(java.util.List.of(1, 1, 1, 1, HbfParams.DynamicParallelism.DEFAULT.code(), 4096, 1), hbfAndDa2cf(d));

            Options o = Options.builder()
                    .hbf(HbfParams.builder().edgeClassification(false).duplicateRemoval(false).coalescedEnqueue(false)
                            .dynamicVirtualWarps(false).dynamicParallelism(HbfParams.DynamicParallelism.BLOCK_PER_VERTEX)
                            .dpThreshold(77).build())
                    .da2cf(Da2cfParams.builder().minimumOnDevice(false).build())
                    .build();
            MemorySegment c = NativeGraph.options(o, arena);
            assertEquals(java.util.List.of(0, 0, 0, 0, HbfParams.DynamicParallelism.BLOCK_PER_VERTEX.code(), 77, 0), hbfAndDa2cf(c));
            // One family's parameters leave the others' as they were.
            assertEquals(0, gsssp_adds_options.static_delta(gsssp_options.adds(c)));
            assertEquals(0.0, gsssp_delta_options.delta(gsssp_options.delta_stepping(c)));
        }
    }

    @Test
    void toBuilderStartsFromTheParametersItCameFrom() {
        AddsParams a = AddsParams.builder().staticDelta(true).bucketCount(4).growablePool(9).watchdogMillis(5).localRounds(false).build();
        AddsParams copy = a.toBuilder().build();
        assertEquals(a.staticDelta(), copy.staticDelta());
        assertEquals(a.bucketCount(), copy.bucketCount());
        assertEquals(a.poolWords(), copy.poolWords());
        assertEquals(a.poolGrowable(), copy.poolGrowable());
        assertEquals(a.watchdogMillis(), copy.watchdogMillis());
        assertEquals(a.localRounds(), copy.localRounds());
        assertEquals(8, a.toBuilder().bucketCount(8).build().bucketCount());
        assertTrue(a.toBuilder().bucketCount(8).build().staticDelta());
        HbfParams h = HbfParams.builder().dpThreshold(9).duplicateRemoval(false).build();
        assertEquals(9, h.toBuilder().build().dpThreshold());
        assertFalse(h.toBuilder().build().duplicateRemoval());
        assertEquals(2.5, DeltaSteppingParams.builder().delta(2.5).build().toBuilder().build().delta());
        assertFalse(Da2cfParams.builder().minimumOnDevice(false).build().toBuilder().build().minimumOnDevice());
        assertThrows(NullPointerException.class, () -> Options.builder().adds(null));
    }
}
