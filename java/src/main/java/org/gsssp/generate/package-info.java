/**
 * Synthetic graphs for tests and benchmarks: a {@link org.gsssp.generate.GraphSpec} (parsed from text such as
 * {@code grid:64x64,seed=1,w=1..100}) describes grids, meshes, uniform random graphs, R-MAT, random geometric graphs
 * and road-like graphs, and {@link org.gsssp.generate.GraphGenerator} builds it into a {@link org.gsssp.Graph}, the
 * same graph bit for bit whatever the thread count.
 */
package org.gsssp.generate;
