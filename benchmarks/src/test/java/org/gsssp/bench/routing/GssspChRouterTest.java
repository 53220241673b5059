package org.gsssp.bench.routing;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.Test;

/** The method handles of gsssp's CH runner match org.gsssp.ContractionHierarchy's API once the library has it. */
class GssspChRouterTest {
    @Test
    void handlesResolveAgainstTheLibrary() {
        String why = GssspChRouter.unavailableReason();
        assumeTrue(why == null, "skipped: " + why);
        assertDoesNotThrow(GssspChRouter::new, "ContractionHierarchy's API differs from what GssspChRouter calls");
    }
}
