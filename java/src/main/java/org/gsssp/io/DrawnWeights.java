package org.gsssp.io;

import java.util.SplittableRandom;
import org.gsssp.LoadOptions;

/** Weights for weightless edge entries: 1, or seeded uniform draws per {@link LoadOptions}' documented rule. */
final class DrawnWeights {
    private final SplittableRandom rng;
    private final long lo;
    private final long bound;

    DrawnWeights(LoadOptions o) {
        this.rng = o.randomWeights() ? new SplittableRandom(o.seed()) : null;
        this.lo = o.randomLo();
        this.bound = o.randomHi() + 1L;
    }

    /** The weight of the next weightless entry in file order. */
    int next() {
        return rng == null ? 1 : (int) rng.nextLong(lo, bound);
    }
}
