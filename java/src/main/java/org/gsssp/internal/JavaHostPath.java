package org.gsssp.internal;

import org.gsssp.Graph;

/** The pure-Java host path, for a JVM without the native library: {@link JavaDijkstra} and {@link JavaBellmanFord}. */
final class JavaHostPath implements HostPath {
    @Override
    public HostGraph prepare(Graph graph) {
        return new JavaHostGraph(graph);
    }

    @Override
    public boolean isNative() {
        return false;
    }
}
