package org.gsssp.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Algorithm X against algorithm Y over the graphs where both ran cleanly. */
public record Comparison(String x, String y) {

    /** One graph's ratio. */
    public record Point(String graph, double averageDegree, double value) {}

    /**
     * Parses {@code X:Y} ("X over Y"). Variants have colons of their own ({@code adds:static-delta:near-far}),
     * so with several colons the split is the one colon where both sides name an algorithm or variant.
     */
    public static Comparison parse(String text) {
        String usage = "a comparison is X:Y (X over Y), got '" + text + "'";
        List<Integer> colons = new ArrayList<>();
        for (int i = text.indexOf(':'); i >= 0; i = text.indexOf(':', i + 1)) {
            colons.add(i);
        }
        if (colons.size() == 1) {
            String x = text.substring(0, colons.get(0));
            String y = text.substring(colons.get(0) + 1);
            if (x.isBlank() || y.isBlank()) {
                throw new IllegalArgumentException(usage);
            }
            return new Comparison(x.strip(), y.strip());
        }
        List<Comparison> splits = new ArrayList<>();
        for (int i : colons) {
            String x = text.substring(0, i).strip();
            String y = text.substring(i + 1).strip();
            if (isAlgorithm(x) && isAlgorithm(y)) {
                splits.add(new Comparison(x, y));
            }
        }
        if (splits.size() != 1) {
            throw new IllegalArgumentException(usage + (splits.isEmpty() ? "" : "; it splits into " + splits.stream()
                    .map(Comparison::label).collect(java.util.stream.Collectors.joining(" or "))));
        }
        return splits.get(0);
    }

    private static boolean isAlgorithm(String name) {
        if (name.isEmpty()) {
            return false;
        }
        if (isPeer(name)) {
            return true;
        }
        if (name.equalsIgnoreCase(ExperimentRunner.JGRAPHT)) {
            return true;
        }
        try {
            AlgorithmVariant.parse(name);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** An external program's row ({@link Peer#label()}: {@code peer:NAME}). */
    public static boolean isPeer(String name) {
        return name.startsWith(Peer.PREFIX) && name.length() > Peer.PREFIX.length();
    }

    /**
     * {@link #allPairs}, then every gsssp algorithm over every peer (the ADDS paper's Table 3 is ADDS over
     * LonestarGPU's Near-Far: with peers in the run, "adds over peer:nf" stands beside "adds over near-far").
     */
    public static List<Comparison> allPairs(List<String> algorithms, List<Peer> peers) {
        List<Comparison> pairs = allPairs(algorithms);
        for (String a : algorithms) {
            if (a.equalsIgnoreCase(ExperimentRunner.JGRAPHT)) {
                continue;
            }
            for (Peer p : peers) {
                pairs.add(new Comparison(a, p.label()));
            }
        }
        return pairs;
    }

    /** Every later algorithm over every earlier one: with the baselines listed first, speedups over them. */
    public static List<Comparison> allPairs(List<String> algorithms) {
        List<Comparison> pairs = new ArrayList<>();
        for (int j = 1; j < algorithms.size(); j++) {
            for (int i = 0; i < j; i++) {
                pairs.add(new Comparison(algorithms.get(j), algorithms.get(i)));
            }
        }
        return pairs;
    }

    public String label() {
        return x + " over " + y;
    }

    /** Y's median time over X's, per graph; only where both are ok, matched (or unchecked) and timed above 0. */
    public List<Point> speedups(List<Measurement> measurements) {
        return ratios(measurements, (mx, my) -> mx.medianMs() > 0 && my.medianMs() > 0
                ? my.medianMs() / mx.medianMs() : Double.NaN);
    }

    /** X's vertex visits over Y's, per graph; only where both algorithms count work. */
    public List<Point> workRatios(List<Measurement> measurements) {
        return ratios(measurements, (mx, my) -> mx.vertexVisits() > 0 && my.vertexVisits() > 0
                ? mx.vertexVisits() / (double) my.vertexVisits() : Double.NaN);
    }

    private interface Ratio {
        double of(Measurement x, Measurement y);
    }

    private List<Point> ratios(List<Measurement> measurements, Ratio ratio) {
        Map<String, Measurement> xs = new LinkedHashMap<>();
        Map<String, Measurement> ys = new LinkedHashMap<>();
        for (Measurement m : measurements) {
            if (m.ok() && !Boolean.FALSE.equals(m.matched())) {
                if (m.algorithm().equals(x)) {
                    xs.put(m.graph(), m);
                } else if (m.algorithm().equals(y)) {
                    ys.put(m.graph(), m);
                }
            }
        }
        List<Point> points = new ArrayList<>();
        for (Map.Entry<String, Measurement> e : xs.entrySet()) {
            Measurement my = ys.get(e.getKey());
            if (my != null) {
                double r = ratio.of(e.getValue(), my);
                if (r > 0 && Double.isFinite(r)) {
                    points.add(new Point(e.getKey(), e.getValue().averageDegree(), r));
                }
            }
        }
        return points;
    }

    static List<Double> values(List<Point> points) {
        return points.stream().map(Point::value).toList();
    }
}
