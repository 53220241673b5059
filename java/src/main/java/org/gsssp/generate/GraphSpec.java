package org.gsssp.generate;

import java.util.Locale;
import org.gsssp.Graph;

/**
 * A seeded recipe for a synthetic graph, written as one string so it fits on a command line and in a benchmark
 * suite:
 * <pre>
 *   rmat:scale=22,ef=16,seed=1,w=1..1000          R-MAT (Graph500 a=0.57 b=0.19 c=0.19), ids permuted
 *   grid:2048x2048,seed=1,w=1..1000               2D grid, both directions, 4-neighbourhood
 *   random:n=4194304,d=7,seed=1,w=1..10           every vertex has d out-edges to uniform random targets
 *   rgg:n=1048576,d=10,dim=2,seed=1,w=1..1000      random geometric graph, 2-D or 3-D, d expected neighbours
 *   mesh:64x64x64,nb=18,seed=1,w=1..1000           3-D lattice mesh, 6-, 18- or 26-neighbourhood
 *   road:2048x2048,hw=16,seed=1,w=1..1000          a grid of streets with highways every 16 cells
 *   roadnet:1024x1024,seed=1                      a road network with road classes, for routing (RoadNetSpec)
 *   ...,float                                     float weights uniform on [lo, hi]
 *   ...,neg=0.1                                   about 10% negative edges, no negative cycle (see WeightSpec)
 * </pre>
 * The same spec always gives the same graph, whatever the number of threads. {@code toString()} gives the
 * canonical spec (defaults spelled out), which is also the generated graph's name.
 */
public sealed interface GraphSpec permits RmatSpec, GridSpec, RandomSpec, RggSpec, MeshSpec, RoadSpec,
        RoadNetSpec {

    /**
     * The seed of every random choice the generator makes.
     *
     * @return the seed ({@code seed=} in the spec; default 1)
     */
    long seed();

    /**
     * How the edge weights are drawn.
     *
     * @return the weight recipe ({@code w=}, {@code float}, {@code neg=} in the spec)
     */
    WeightSpec weights();

    /**
     * The number of vertices the generated graph has, known without generating it.
     *
     * @return n
     */
    int numVertices();

    /**
     * The number of edges the generated graph has, known without generating it.
     *
     * @return m, exact (parallel edges and self-loops included)
     */
    long numEdges();

    /**
     * Generates the graph with all available processors.
     *
     * @return the graph, named by the canonical spec; the caller closes it
     * @throws IllegalArgumentException if the spec cannot be realised (e.g. a negative share beyond reach)
     */
    default Graph generate() {
        return GraphGenerator.generate(this);
    }

    /**
     * Whether {@code text} starts like a spec ({@code rmat:}, {@code grid:}, {@code random:}, {@code rgg:},
     * {@code mesh:}, {@code road:}, {@code roadnet:}, in any case) rather
     * than a file.
     *
     * @param text a command-line argument
     * @return true if it looks like a spec; it may still fail to {@link #parse(String)}
     */
    static boolean looksLikeSpec(String text) {
        String t = text.strip().toLowerCase(Locale.ROOT);
        return t.startsWith("rmat:") || t.startsWith("grid:") || t.startsWith("random:") || t.startsWith("rgg:")
                || t.startsWith("mesh:") || t.startsWith("road:") || t.startsWith("roadnet:");
    }

    /**
     * Parses a spec; keys left out take their defaults ({@code seed=1}, {@code ef=16}, {@code d=7}, and
     * {@code w=1..1000}, or {@code w=1..10} for random graphs).
     *
     * @param text the spec, e.g. {@code rmat:scale=22,ef=16}
     * @return the spec, a {@link RmatSpec}, {@link GridSpec}, {@link RandomSpec}, {@link RggSpec}, {@link MeshSpec}, {@link RoadSpec} or {@link RoadNetSpec}
     * @throws IllegalArgumentException naming the bad or unknown part, and the keys the kind accepts
     */
    static GraphSpec parse(String text) {
        String t = text.strip();
        int colon = t.indexOf(':');
        if (colon < 0) {
            throw new IllegalArgumentException("graph spec '" + text + "' needs a kind: rmat:..., grid:..., random:..., rgg:..., mesh:..., road:..., roadnet:...");
        }
        String kind = t.substring(0, colon).toLowerCase(Locale.ROOT);
        SpecParams p = SpecParams.parse(text, t.substring(colon + 1));
        GraphSpec spec = switch (kind) {
            case "rmat" -> new RmatSpec(p.intValue("scale", -1), p.intValue("ef", 16),
                    p.doubleValue("a", RmatSpec.A), p.doubleValue("b", RmatSpec.B), p.doubleValue("c", RmatSpec.C),
                    p.longValue("seed", 1), p.weights(1, 1000));
            case "grid" -> {
                int rows;
                int cols;
                String dims = p.positional();
                if (dims != null) {
                    String[] rc = dims.toLowerCase(Locale.ROOT).split("x", -1);
                    if (rc.length != 2) {
                        throw new IllegalArgumentException("grid size '" + dims + "' in '" + text + "' must be ROWSxCOLS");
                    }
                    rows = SpecParams.parseInt(text, "rows", rc[0]);
                    cols = SpecParams.parseInt(text, "cols", rc[1]);
                } else {
                    rows = p.intValue("rows", -1);
                    cols = p.intValue("cols", rows);
                }
                yield new GridSpec(rows, cols, p.longValue("seed", 1), p.weights(1, 1000));
            }
            case "random" -> new RandomSpec(p.intValue("n", -1), p.intValue("d", 7), p.longValue("seed", 1),
                    p.weights(1, 10));
            case "rgg" -> new RggSpec(p.intValue("n", -1), p.doubleValue("d", 10), p.intValue("dim", 2),
                    p.longValue("seed", 1), p.weights(1, 1000));
            case "mesh" -> {
                String dims = p.positional();
                if (dims == null) {
                    throw new IllegalArgumentException("mesh size missing in '" + text + "': mesh:NXxNYxNZ");
                }
                String[] xyz = dims.toLowerCase(Locale.ROOT).split("x", -1);
                if (xyz.length != 3) {
                    throw new IllegalArgumentException("mesh size '" + dims + "' in '" + text + "' must be NXxNYxNZ");
                }
                yield new MeshSpec(SpecParams.parseInt(text, "nx", xyz[0]), SpecParams.parseInt(text, "ny", xyz[1]),
                        SpecParams.parseInt(text, "nz", xyz[2]), p.intValue("nb", 18), p.longValue("seed", 1),
                        p.weights(1, 1000));
            }
            case "road" -> {
                String dims = p.positional();
                String[] rc = dims == null ? new String[0] : dims.toLowerCase(Locale.ROOT).split("x", -1);
                if (rc.length != 2) {
                    throw new IllegalArgumentException("road size '" + dims + "' in '" + text + "' must be ROWSxCOLS");
                }
                yield new RoadSpec(SpecParams.parseInt(text, "rows", rc[0]), SpecParams.parseInt(text, "cols", rc[1]),
                        p.intValue("hw", 16), p.longValue("seed", 1), p.weights(1, 1000));
            }
            case "roadnet" -> {
                String dims = p.positional();
                String[] rc = dims == null ? new String[0] : dims.toLowerCase(Locale.ROOT).split("x", -1);
                if (rc.length != 2) {
                    throw new IllegalArgumentException("roadnet size '" + dims + "' in '" + text + "' must be ROWSxCOLS");
                }
                if (!p.weights(1, 1000).equals(RoadNetSpec.WEIGHTS)) {
                    throw new IllegalArgumentException("roadnet takes no w=, float or neg= in '" + text
                            + "': its weights are travel times from its geometry");
                }
                yield new RoadNetSpec(SpecParams.parseInt(text, "rows", rc[0]), SpecParams.parseInt(text, "cols", rc[1]),
                        p.longValue("seed", 1));
            }
            default -> throw new IllegalArgumentException("unknown graph kind '" + kind + "' in '" + text
                    + "'; known: rmat, grid, random, rgg, mesh, road, roadnet");
        };
        p.checkAllUsed(kind, switch (kind) {
            case "rmat" -> "scale, ef, a, b, c";
            case "grid" -> "ROWSxCOLS (or rows, cols)";
            case "rgg" -> "n, d, dim";
            case "mesh" -> "NXxNYxNZ, nb";
            case "road" -> "ROWSxCOLS, hw";
            case "roadnet" -> "ROWSxCOLS";
            default -> "n, d";
        });
        return spec;
    }
}
