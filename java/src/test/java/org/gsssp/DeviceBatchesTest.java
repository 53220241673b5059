package org.gsssp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** How much page-locked staging a streamed batch takes (DeviceBatches.stagingRowsPerHalf); no GPU needed. */
class DeviceBatchesTest {
    @Test
    void stagingHoldsAFewRowsNeverMoreThanTheBatchAndAlwaysOne() {
        long ny = 264_346L * Long.BYTES;  // road NY's rows: 2.1 MB
        assertEquals(DeviceBatches.STAGING_BYTES / 2 / ny, DeviceBatches.stagingRowsPerHalf(ny, 1_000));
        assertEquals(3, DeviceBatches.stagingRowsPerHalf(ny, 1_000), "16 MiB holds three NY rows a half");
        assertEquals(1, DeviceBatches.stagingRowsPerHalf(ny, 1), "one source: one row a half");
        assertEquals(1, DeviceBatches.stagingRowsPerHalf(24_000_000L * Long.BYTES, 1_000), "a row larger than the staging");
        assertEquals(500, DeviceBatches.stagingRowsPerHalf(Long.BYTES, 1_000), "tiny rows: half the batch a half");
        assertEquals(501, DeviceBatches.stagingRowsPerHalf(Long.BYTES, 1_001));
        assertEquals(1, DeviceBatches.stagingRowsPerHalf(0, 2), "an empty graph's rows count as one byte");
    }

    @Test
    void theBlockAndLanesDesignsStreamAndNoOtherDoes() {
        for (Algorithm a : Algorithm.values()) {
            boolean expected = a == Algorithm.BLOCK_NEAR_FAR || a == Algorithm.BLOCK_BELLMAN_FORD
                    || a == Algorithm.MULTI_BELLMAN_FORD;
            assertEquals(expected, DeviceBatches.streams(a), a.toString());
            if (DeviceBatches.streams(a)) {
                assertEquals(true, DeviceBatches.oneLaunch(a), a + " streams, so it is a one-launch design");
            }
        }
    }
}
