package org.gsssp.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.gsssp.Graph;
import org.gsssp.GraphLoader;
import org.gsssp.LoadOptions;
import org.gsssp.WeightType;
import org.gsssp.generate.GraphGenerator;
import org.gsssp.generate.GraphSpec;

/**
 * One graph of an experiment: a generator spec ({@code rmat:scale=20,...}) or a file, with an optional
 * source vertex in the graph's own ids (otherwise the vertex of largest out-degree, lowest id on ties).
 *
 * <p>Suite files hold one graph per line: {@code SPEC-OR-FILE [source=ID] [float] [weights=LO:HI] [seed=S]};
 * {@code #} starts a comment; relative file paths are relative to the suite file. {@code float} reads a Galois
 * binary file's weights as float32; {@code weights=LO:HI} gives an unweighted file (SNAP, pattern Matrix
 * Market) seeded uniform integer weights instead of 1 ({@code seed}, default 1, picks them).
 *
 * @param weightLo null unless random weights were asked for
 */
public record GraphSource(String location, Long source, boolean floatWeights, Integer weightLo, Integer weightHi,
                          long seed) {

    public static final String LINE_SYNTAX = "SPEC-OR-FILE [source=ID] [float] [weights=LO:HI] [seed=S]";

    public GraphSource(String location) {
        this(location, null, false, null, null, 1);
    }

    public boolean isGenerated() {
        return GraphSpec.looksLikeSpec(location);
    }

    /** The label used in tables: the canonical spec, or the file name. */
    public String label() {
        if (isGenerated()) {
            return GraphSpec.parse(location).toString();
        }
        String name = Path.of(location).getFileName().toString();
        return weightLo == null ? name : name + " w=" + weightLo + ".." + weightHi + ",seed=" + seed;
    }

    public Graph load() throws IOException {
        if (isGenerated()) {
            return GraphGenerator.generate(GraphSpec.parse(location));
        }
        // the runner prints its own progress line per graph
        LoadOptions.Builder options = LoadOptions.builder().progress(false);
        if (floatWeights) {
            options.weightType(WeightType.FLOAT32);
        }
        if (weightLo != null) {
            options.randomWeights(weightLo, weightHi, seed);
        }
        return GraphLoader.load(Path.of(location), options.build());
    }

    /** Parses one graph, e.g. {@code rome99.gr source=1}; relative paths resolve against {@code base}. */
    public static GraphSource parse(String line, Path base) {
        String[] words = line.strip().split("\\s+");
        String location = words[0];
        Long source = null;
        boolean floats = false;
        Integer lo = null;
        Integer hi = null;
        long seed = 1;
        for (int i = 1; i < words.length; i++) {
            String w = words[i].toLowerCase(Locale.ROOT);
            try {
                if (w.startsWith("source=")) {
                    source = Long.parseLong(w.substring("source=".length()));
                } else if (w.startsWith("seed=")) {
                    seed = Long.parseLong(w.substring("seed=".length()));
                } else if (w.startsWith("weights=")) {
                    String[] range = w.substring("weights=".length()).split(":", -1);
                    if (range.length != 2) {
                        throw new NumberFormatException();
                    }
                    lo = Integer.parseInt(range[0]);
                    hi = Integer.parseInt(range[1]);
                } else if (w.equals("float")) {
                    floats = true;
                } else {
                    throw new IllegalArgumentException("unknown '" + words[i] + "' in graph '" + line
                            + "'; a graph line is " + LINE_SYNTAX);
                }
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("bad '" + words[i] + "' in graph '" + line + "'; a graph line is "
                        + LINE_SYNTAX);
            }
        }
        if (GraphSpec.looksLikeSpec(location)) {
            GraphSpec.parse(location);   // fail now, not halfway through a long run
            if (floats || lo != null) {
                throw new IllegalArgumentException("'" + line + "': a generated graph takes its weights from its spec"
                        + " (w=LO..HI, float)");
            }
        } else if (base != null && !Path.of(location).isAbsolute()) {
            location = base.resolve(location).normalize().toString();
        }
        if (lo != null && lo > hi) {
            throw new IllegalArgumentException("'" + line + "': weights=LO:HI needs LO <= HI");
        }
        return new GraphSource(location, source, floats, lo, hi, seed);
    }

    /** Reads a suite file: one graph per line, blank lines and {@code #} comments ignored. */
    public static List<GraphSource> readSuite(Path suite) throws IOException {
        List<GraphSource> graphs = new ArrayList<>();
        Path base = suite.toAbsolutePath().getParent();
        for (String raw : Files.readAllLines(suite)) {
            int hash = raw.indexOf('#');
            String line = (hash >= 0 ? raw.substring(0, hash) : raw).strip();
            if (!line.isEmpty()) {
                graphs.add(parse(line, base));
            }
        }
        return graphs;
    }
}
