package org.gsssp.bench;

import java.util.Locale;
import java.util.function.UnaryOperator;
import org.gsssp.AddsParams;
import org.gsssp.Algorithm;
import org.gsssp.Da2cfParams;
import org.gsssp.DeltaSteppingParams;
import org.gsssp.HbfParams;
import org.gsssp.Options;

/**
 * An algorithm name in {@code --algorithms}, optionally with option switches after a colon, for ablations:
 * {@code hbf:no-classification}, {@code hbf:no-dedup}, {@code hbf:no-coalesced}, {@code hbf:no-vwarps},
 * {@code hbf:dp=off|launch|block}, {@code hbf:tdp=1024}; for ADDS the rows of the paper's Table 5,
 * {@code adds:static-delta} and {@code adds:2-buckets} (static Δ with two buckets), {@code adds:buckets=N} and, as for
 * Near-Far, {@code adds:c=C} or {@code adds:delta=D} (the starting Δ);
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

    // Each switch changes one algorithm's parameters as the builder holds them so far, so that switches joined with
    // '+' add up instead of replacing each other's parameter objects.
    private static UnaryOperator<Options.Builder> adds(UnaryOperator<AddsParams.Builder> change) {
        return b -> b.adds(change.apply(b.build().adds().toBuilder()).build());
    }

    private static UnaryOperator<Options.Builder> hbf(UnaryOperator<HbfParams.Builder> change) {
        return b -> b.hbf(change.apply(b.build().hbf().toBuilder()).build());
    }

    private static UnaryOperator<Options.Builder> da2cf(UnaryOperator<Da2cfParams.Builder> change) {
        return b -> b.da2cf(change.apply(b.build().da2cf().toBuilder()).build());
    }

    /** {@code c=C} (the constant of C·W/D) or {@code delta=D}; null for any other switch. */
    private static UnaryOperator<Options.Builder> deltaSwitch(String s) {
        if (s.startsWith("c=")) {
            double c = Double.parseDouble(s.substring(2));
            return deltaStepping(d -> d.deltaConstant(c));
        }
        if (s.startsWith("delta=")) {
            double delta = Double.parseDouble(s.substring(6));
            return deltaStepping(d -> d.delta(delta));
        }
        return null;
    }

    private static UnaryOperator<Options.Builder> deltaStepping(UnaryOperator<DeltaSteppingParams.Builder> change) {
        return b -> b.deltaStepping(change.apply(b.build().deltaStepping().toBuilder()).build());
    }

    /** Table 5 of the ADDS paper: "static Δ" keeps the Near-Far estimate; "2 buckets" is static Δ with two buckets. */
    private static UnaryOperator<Options.Builder> addsSwitch(String s) {
        UnaryOperator<Options.Builder> delta = deltaSwitch(s);
        if (delta != null) {
            return delta;   // the starting Delta, which ADDS takes from the same parameters as Near-Far
        }
        switch (s) {
            case "static-delta": return adds(a -> a.staticDelta(true));
            case "2-buckets": return adds(a -> a.staticDelta(true).bucketCount(2));
            case "no-local": return adds(a -> a.localRounds(false));
            default:
                if (s.startsWith("buckets=")) {
                    int buckets;
                    try {
                        buckets = Integer.parseInt(s.substring(8));
                    } catch (NumberFormatException e) {
                        throw new IllegalArgumentException("adds:buckets=N wants an integer, got '" + s + "'");
                    }
                    AddsParams.builder().bucketCount(buckets);   // refuses a bad count now, not mid-run
                    return adds(a -> a.bucketCount(buckets));
                }
                throw new IllegalArgumentException("unknown adds switch '" + s + "'; known: static-delta, 2-buckets, no-local, "
                        + "buckets=N, c=C, delta=D");
        }
    }

    private static UnaryOperator<Options.Builder> switchFor(Algorithm algorithm, String s) {
        switch (algorithm) {
            case HBF:
                return hbfSwitch(s);
            case ADDS:
                return addsSwitch(s);
            case NEAR_FAR: {
                UnaryOperator<Options.Builder> delta = deltaSwitch(s);
                if (delta != null) {
                    return delta;
                }
                throw new IllegalArgumentException("unknown near-far switch '" + s + "'; known: c=C, delta=D "
                        + "(ablation switches exist for hbf and adds only)");
            }
            case DA2CF_F:
            case DA2CF_U:
                if (s.equals("min=host")) return da2cf(d -> d.minimumOnDevice(false));
                if (s.equals("min=device")) return da2cf(d -> d.minimumOnDevice(true));
                throw new IllegalArgumentException("unknown da2cf switch '" + s + "'; known: min=host, min=device");
            default:
                throw new IllegalArgumentException("option switches ('" + s + "') exist for hbf, adds, near-far, "
                        + "da2cf-f and da2cf-u only");
        }
    }

    private static UnaryOperator<Options.Builder> hbfSwitch(String s) {
        switch (s) {
            case "no-classification": return hbf(h -> h.edgeClassification(false));
            case "no-dedup": return hbf(h -> h.duplicateRemoval(false));
            case "no-coalesced": return hbf(h -> h.coalescedEnqueue(false));
            case "no-vwarps": return hbf(h -> h.dynamicVirtualWarps(false));
            case "dp=off": return hbf(h -> h.dynamicParallelism(HbfParams.DynamicParallelism.OFF));
            case "dp=launch": return hbf(h -> h.dynamicParallelism(HbfParams.DynamicParallelism.DEVICE_LAUNCH));
            case "dp=block": return hbf(h -> h.dynamicParallelism(HbfParams.DynamicParallelism.BLOCK_PER_VERTEX));
            case "all-off": return hbf(h -> h.edgeClassification(false).duplicateRemoval(false)
                    .coalescedEnqueue(false).dynamicVirtualWarps(false)
                    .dynamicParallelism(HbfParams.DynamicParallelism.OFF));
            default:
                if (s.startsWith("tdp=")) {
                    int tdp = Integer.parseInt(s.substring(4));
                    return hbf(h -> h.dpThreshold(tdp));
                }
                throw new IllegalArgumentException("unknown hbf switch '" + s + "'; known: no-classification, no-dedup, "
                        + "no-coalesced, no-vwarps, dp=off|launch|block, tdp=N, all-off");
        }
    }
}
