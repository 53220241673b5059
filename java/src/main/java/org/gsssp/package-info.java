/**
 * Single-source shortest paths on NVIDIA GPUs, with CPU Dijkstra as the reference and the fallback.
 *
 * <p>Where to start:
 * <ul>
 *   <li>{@link org.gsssp.GraphLoader} reads a graph file, {@link org.gsssp.GraphBuilder} and
 *       {@link org.gsssp.KeyedGraphBuilder} build one in memory; either way the result is a {@link org.gsssp.Graph}
 *       (off-heap CSR, closed by the caller).</li>
 *   <li>{@link org.gsssp.Sssp#solve(Graph, int)} answers one query anywhere: on the GPU when there is one and the
 *       graph is large enough to gain, else on the CPU ({@link org.gsssp.Algorithm#AUTO}).</li>
 *   <li>For many queries on one graph, {@link org.gsssp.DeviceGraph#upload(Graph)} keeps it on the GPU; its queries
 *       return a {@link org.gsssp.Result} (distances and predecessors on the host) or a
 *       {@link org.gsssp.DeviceResult} (left on the GPU, read on demand), and it answers batches, target distances,
 *       paths and distance matrices. {@link org.gsssp.DeviceGroup} spreads the same over several GPUs.</li>
 *   <li>{@link org.gsssp.Options} tunes a query; {@link org.gsssp.Algorithm} names the algorithms and the papers
 *       they follow.</li>
 *   <li>Every answer can be checked against the graph alone: {@link org.gsssp.Result#certify()} on the host,
 *       {@link org.gsssp.DeviceResult#certify()} on the GPU, or {@link org.gsssp.Verifier} against a reference.</li>
 * </ul>
 *
 * <p>Errors are subclasses of {@link org.gsssp.GssspException}, each naming the problem (for example
 * {@link org.gsssp.NoGpuException}, {@link org.gsssp.NegativeCycleException}, {@link org.gsssp.GraphFormatException}).
 * Vertex arguments are internal ids {@code 0..n-1}; {@link org.gsssp.VertexIds} maps them to the file's ids.
 */
package org.gsssp;
