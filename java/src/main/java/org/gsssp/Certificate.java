package org.gsssp;

import java.util.Optional;

/**
 * The outcome of {@link Result#certify()}.
 *
 * @param violation the first violated condition, naming the vertex or edge; empty when the certificate holds
 * @param timeMs how long the check took, in milliseconds
 */
public record Certificate(Optional<String> violation, double timeMs) {
    /**
     * Whether the answer passed.
     *
     * @return true when no condition was violated
     */
    public boolean holds() {
        return violation.isEmpty();
    }
}
