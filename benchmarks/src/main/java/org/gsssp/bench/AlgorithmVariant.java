package org.gsssp.bench;

import java.util.Locale;
import java.util.function.UnaryOperator;
import org.gsssp.Algorithm;
import org.gsssp.Options;

/**
 * An algorithm name in {@code --algorithms}, optionally with option switches after a colon, for ablations:
 * {@code hbf:no-classification}, {@code hbf:no-dedup}, {@code hbf:no-coalesced}, {@code hbf:no-vwarps},
 * {@code hbf:dp=off|launch|block}, {@code hbf:tdp=1024}; for ADDS the rows of the paper's Table 5,
 * {@code adds:static-delta} and {@code adds:2-buckets} (static Δ with two buckets), and {@code adds:buckets=N};
 * Near-Far's Delta, {@code near-far:c=64} (the constant C of C·W/D) or {@code near-far:delta=5000}; DA2CF's
 * minimum, {@code da2cf-f:min=host} or {@code da2cf-u:min=device}; several joined with {@code +}
 * ({@code hbf:no-dedup+dp=off}). The full text is the name in tables.
 *
 * @param name      the canonical text, as it appears in tables
 * @param algorithm the algorithm it runs
 * @param tweaks    applied to the runner's options builder
 */
public record AlgorithmVariant(String name, Algorithm algorithm, UnaryOperator<Options.Builder> tweaks) {

    public static AlgorithmVariant parse(String text) {
        String t = text.strip().toLowerCase(Locale.ROOT);
        int colon = t.indexOf(':');
        Algorithm algorithm = Algorithm.parse(colon < 0 ? t : t.substring(0, colon));
        if (colon < 0) {
            return new AlgorithmVariant(algorithm.cliName(), algorithm, UnaryOperator.identity());
        }
        UnaryOperator<Options.Builder> tweaks = UnaryOperator.identity();
        for (String s : t.substring(colon + 1).split("\\+")) {
            UnaryOperator<Options.Builder> one = switchFor(algorithm, s.strip());
            UnaryOperator<Options.Builder> before = tweaks;
            tweaks = b -> one.apply(before.apply(b));
        }
        return new AlgorithmVariant(algorithm.cliName() + ":" + t.substring(colon + 1), algorithm, tweaks);
    }

    /** Table 5 of the ADDS paper: "static Δ" keeps the Near-Far estimate; "2 buckets" is static Δ with two buckets. */
    private static UnaryOperator<Options.Builder> addsSwitch(String s) {
        switch (s) {
            case "static-delta": return b -> b.addsStaticDelta(true);
            case "2-buckets": return b -> b.addsStaticDelta(true).addsBucketCount(2);
            case "no-local": return b -> b.addsLocalRounds(false);
            default:
                if (s.startsWith("buckets=")) {
                    int buckets;
                    try {
                        buckets = Integer.parseInt(s.substring(8));
                    } catch (NumberFormatException e) {
                        throw new IllegalArgumentException("adds:buckets=N wants an integer, got '" + s + "'");
                    }
                    Options.builder().addsBucketCount(buckets);   // refuses a bad count now, not mid-run
                    return b -> b.addsBucketCount(buckets);
                }
                throw new IllegalArgumentException("unknown adds switch '" + s + "'; known: static-delta, 2-buckets, no-local, buckets=N");
        }
    }

    private static UnaryOperator<Options.Builder> switchFor(Algorithm algorithm, String s) {
        switch (algorithm) {
            case HBF:
                return hbfSwitch(s);
            case ADDS:
                return addsSwitch(s);
            case NEAR_FAR:
                if (s.startsWith("c=")) {
                    double c = Double.parseDouble(s.substring(2));
                    return b -> b.deltaConstant(c);
                }
                if (s.startsWith("delta=")) {
                    double delta = Double.parseDouble(s.substring(6));
                    return b -> b.delta(delta);
                }
                throw new IllegalArgumentException("unknown near-far switch '" + s + "'; known: c=C, delta=D "
                        + "(ablation switches exist for hbf and adds only)");
            case DA2CF_F:
            case DA2CF_U:
                if (s.equals("min=host")) return b -> b.da2cfMinimumOnDevice(false);
                if (s.equals("min=device")) return b -> b.da2cfMinimumOnDevice(true);
                throw new IllegalArgumentException("unknown da2cf switch '" + s + "'; known: min=host, min=device");
            default:
                throw new IllegalArgumentException("option switches ('" + s + "') exist for hbf, adds, near-far, "
                        + "da2cf-f and da2cf-u only");
        }
    }

    private static UnaryOperator<Options.Builder> hbfSwitch(String s) {
        switch (s) {
            case "no-classification": return b -> b.hbfEdgeClassification(false);
            case "no-dedup": return b -> b.hbfDuplicateRemoval(false);
            case "no-coalesced": return b -> b.hbfCoalescedEnqueue(false);
            case "no-vwarps": return b -> b.hbfDynamicVirtualWarps(false);
            case "dp=off": return b -> b.hbfDynamicParallelism(Options.HbfDynamicParallelism.OFF);
            case "dp=launch": return b -> b.hbfDynamicParallelism(Options.HbfDynamicParallelism.DEVICE_LAUNCH);
            case "dp=block": return b -> b.hbfDynamicParallelism(Options.HbfDynamicParallelism.BLOCK_PER_VERTEX);
            case "all-off": return b -> b.hbfEdgeClassification(false).hbfDuplicateRemoval(false)
                    .hbfCoalescedEnqueue(false).hbfDynamicVirtualWarps(false)
                    .hbfDynamicParallelism(Options.HbfDynamicParallelism.OFF);
            default:
                if (s.startsWith("tdp=")) {
                    int tdp = Integer.parseInt(s.substring(4));
                    return b -> b.hbfDpThreshold(tdp);
                }
                throw new IllegalArgumentException("unknown hbf switch '" + s + "'; known: no-classification, no-dedup, "
                        + "no-coalesced, no-vwarps, dp=off|launch|block, tdp=N, all-off");
        }
    }
}
