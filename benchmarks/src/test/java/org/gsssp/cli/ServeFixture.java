package org.gsssp.cli;

import java.io.IOException;
import org.gsssp.DeviceGraph;
import org.gsssp.Graph;

/** A real {@code gsssp serve} server ({@link GraphServer}) on a free loopback port, for the load generator's tests. */
public final class ServeFixture implements AutoCloseable {
    private final GraphServer server;

    /** Serves {@code graph} on the CPU (no DeviceGraph), as serve does without a GPU. */
    public ServeFixture(Graph graph) throws IOException {
        server = new GraphServer(graph, (DeviceGraph) null, "127.0.0.1", 0, 1_000_000, 10_000);
        server.start();
    }

    public int port() {
        return server.port();
    }

    @Override
    public void close() {
        server.close();
    }
}
