package org.gsssp.bench;

import java.util.Optional;
import org.gsssp.Result;

/** The one place where a query's trace is read, so that wiring it in later touches nothing else. */
final class Traces {
    private Traces() {}

    /**
     * The trace a result carries. Empty for now: {@link Result} has no trace yet (see DESIGN.md, "optional
     * trace"); when it gains one, convert it here.
     */
    static Optional<Trace> of(Result result) {
        return Optional.empty();
    }
}
