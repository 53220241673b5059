package org.gsssp.bench;

import java.util.Optional;
import org.gsssp.Result;

/** The one place where a query's trace is read, so that the runner and the plots need not know Result's. */
final class Traces {
    /** Samples asked of algorithms that trace; enough for Figures 11-15 at a readable resolution. */
    static final int CAPACITY = 4096;

    private Traces() {}

    /** The trace a result carries, if its algorithm recorded one. */
    static Optional<Trace> of(Result result) {
        if (result.trace().isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new Trace(result.trace().stream()
                .map(s -> new Trace.Point(s.timeUs(), s.work()))
                .toList()));
    }
}
