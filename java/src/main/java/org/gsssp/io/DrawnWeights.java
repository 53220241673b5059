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

    /**
     * Refuses a file with weights of its own when {@link LoadOptions#requireUnweighted()} asks so.
     *
     * @param what the weights the file has, e.g. "DIMACS arcs carry weights"
     */
    static void refuseIfRandomAsked(LoadOptions o, java.nio.file.Path file, long line, String what) {
        if (o.randomWeights() && o.requireUnweighted()) {
            throw new org.gsssp.GraphFormatException(file, line, "the file has weights of its own (" + what
                    + "), so random weights would replace nothing; leave the random weights out to use the file's");
        }
    }

    /** The weight of the next weightless entry in file order. */
    int next() {
        return rng == null ? 1 : (int) rng.nextLong(lo, bound);
    }
}
