package org.gsssp;

/** Argument checks shared by the query classes: a bad vertex id fails before any work, naming the graph. */
final class Checks {
    private Checks() {}

    static void checkSource(Graph graph, int source) {
        if (source < 0 || source >= graph.numVertices()) {
            throw new IllegalArgumentException("source vertex " + source + " is out of range 0.." + (graph.numVertices() - 1)
                    + " of " + graph.name());
        }
    }

    static void checkTargets(Graph graph, int[] targets) {
        for (int t : targets) {
            if (t < 0 || t >= graph.numVertices()) {
                throw new IllegalArgumentException("target vertex " + t + " is out of range 0.." + (graph.numVertices() - 1)
                        + " of " + graph.name());
            }
        }
    }
}
