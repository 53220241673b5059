package org.gsssp.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.gsssp.Graph;
import org.gsssp.GraphFormat;
import org.gsssp.GraphLoader;
import org.gsssp.LoadOptions;
import org.gsssp.WeightType;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * The options that say which graph a command works on ({@code solve}, {@code serve}), and its loading: the
 * file (or the bundled rome99), its format, and weights for unweighted formats.
 */
final class GraphInput {
    /** The graph in the CLI jar, used when no --graph is given. */
    static final String BUNDLED_GRAPH = "/org/gsssp/graphs/rome99.gr";

    @Option(names = "--graph", paramLabel = "FILE", order = 1, description = "Graph file (DIMACS .gr, Galois .gr, Matrix Market, SNAP, METIS; .gz read transparently). Default: the bundled rome99.")
    Path graphFile;

    @Option(names = "--format", paramLabel = "FORMAT", order = 20, description = "Override format detection: ${COMPLETION-CANDIDATES} (any case).")
    GraphFormat format = GraphFormat.AUTO;

    @Option(names = "--random-weights", paramLabel = "LO:HI", order = 21, description = "For unweighted formats (SNAP, Matrix Market "
            + "pattern, METIS without edge weights, Galois without edge data): seeded uniform integer weights LO..HI "
            + "instead of 1. A file with weights of its own is refused.")
    String randomWeights;

    @Option(names = "--seed", paramLabel = "N", order = 22, description = "Seed for --random-weights (default 1).")
    Long seed;

    @Option(names = "--weight-type", paramLabel = "TYPE", order = 23, description = {"Weight type of a Galois binary graph: "
            + "${COMPLETION-CANDIDATES}. Default: the type the file records (gsssp generate records it); a file that "
            + "records none is read as INT32, and refused if its values are clearly floats."})
    WeightType weightType;

    /** The loading options the flags ask for; bad flags are usage errors naming them. */
    LoadOptions loadOptions(CommandSpec spec) {
        LoadOptions.Builder b = LoadOptions.builder().format(format);
        if (weightType != null) {
            b.weightType(weightType);
        }
        if (randomWeights != null) {
            String[] parts = randomWeights.split(":");
            if (parts.length != 2) {
                throw new ParameterException(spec.commandLine(), "--random-weights wants LO:HI, got '" + randomWeights + "'");
            }
            int lo;
            int hi;
            try {
                lo = Integer.parseInt(parts[0].trim());
                hi = Integer.parseInt(parts[1].trim());
            } catch (NumberFormatException e) {
                throw new ParameterException(spec.commandLine(),
                        "--random-weights wants integers LO:HI, got '" + randomWeights + "'");
            }
            if (lo > hi) {
                throw new ParameterException(spec.commandLine(),
                        "--random-weights " + randomWeights + ": LO (" + lo + ") is greater than HI (" + hi + ")");
            }
            b.randomWeights(lo, hi, seed == null ? 1 : seed).requireUnweighted(true);
        } else if (seed != null) {
            throw new ParameterException(spec.commandLine(), "--seed is the seed of --random-weights, which is not given");
        }
        return b.build();
    }

    /** Fails at once, naming the path, if --graph is not a readable regular file. */
    void checkFile() throws IOException {
        if (graphFile != null) {
            checkReadableFile(graphFile);
        }
    }

    /** Loads --graph, or the bundled rome99. */
    Graph load(LoadOptions options) throws IOException {
        if (graphFile != null) {
            return GraphLoader.load(graphFile, options);
        }
        try (InputStream in = GraphInput.class.getResourceAsStream(BUNDLED_GRAPH)) {
            if (in == null) {
                throw new IOException("the bundled graph " + BUNDLED_GRAPH + " is missing from the jar");
            }
            return GraphLoader.load(in, "rome99.gr (bundled)", options);
        }
    }

    /** The file must exist, be a regular file and be readable; otherwise an exception naming the path. */
    static void checkReadableFile(Path file) throws IOException {
        if (!Files.exists(file)) {
            throw new java.nio.file.NoSuchFileException(file.toString());
        }
        if (Files.isDirectory(file)) {
            throw new java.nio.file.FileSystemException(file.toString(), null, "is a directory, not a graph file");
        }
        if (!Files.isReadable(file)) {
            throw new java.nio.file.AccessDeniedException(file.toString());
        }
    }
}
