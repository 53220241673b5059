package org.gsssp.internal;

import org.gsssp.Graph;

/** The host path of the native library: CPU Dijkstra and Bellman-Ford in native/src/cpu/. */
final class NativeHostPath implements HostPath {
    @Override
    public HostGraph prepare(Graph graph) {
        return NativeHostGraph.create(graph);
    }

    @Override
    public boolean isNative() {
        return true;
    }
}
