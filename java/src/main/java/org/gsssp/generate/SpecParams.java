package org.gsssp.generate;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The comma-separated {@code key=value} / flag list after the kind. */
final class SpecParams {
    private final String text;
    private final Map<String, String> values = new LinkedHashMap<>();
    private final List<String> flags = new ArrayList<>();
    private final List<String> used = new ArrayList<>();
    private String positional;

    private SpecParams(String text) {
        this.text = text;
    }

    static SpecParams parse(String text, String body) {
        SpecParams p = new SpecParams(text);
        if (body.isBlank()) {
            return p;
        }
        for (String part : body.split(",", -1)) {
            String s = part.strip();
            if (s.isEmpty()) {
                throw new IllegalArgumentException("empty item in graph spec '" + text + "'");
            }
            int eq = s.indexOf('=');
            if (eq >= 0) {
                String key = s.substring(0, eq).strip().toLowerCase(Locale.ROOT);
                if (p.values.put(key, s.substring(eq + 1).strip()) != null) {
                    throw new IllegalArgumentException("'" + key + "' given twice in graph spec '" + text + "'");
                }
            } else if (Character.isDigit(s.charAt(0)) && p.positional == null && p.values.isEmpty()) {
                p.positional = s;
            } else {
                p.flags.add(s.toLowerCase(Locale.ROOT));
            }
        }
        return p;
    }

    String positional() {
        return positional;
    }

    private String take(String key) {
        used.add(key);
        return values.get(key);
    }

    int intValue(String key, int fallback) {
        String v = take(key);
        if (v == null) {
            if (fallback < 0) {
                throw new IllegalArgumentException("graph spec '" + text + "' needs " + key + "=...");
            }
            return fallback;
        }
        return parseInt(text, key, v);
    }

    long longValue(String key, long fallback) {
        String v = take(key);
        try {
            return v == null ? fallback : Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + "=" + v + " in graph spec '" + text + "' is not an integer");
        }
    }

    double doubleValue(String key, double fallback) {
        String v = take(key);
        try {
            return v == null ? fallback : Double.parseDouble(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + "=" + v + " in graph spec '" + text + "' is not a number");
        }
    }

    WeightSpec weights(long defaultLo, long defaultHi) {
        double lo = defaultLo;
        double hi = defaultHi;
        String w = take("w");
        if (w != null) {
            int dots = w.indexOf("..");
            if (dots < 0) {
                throw new IllegalArgumentException("w=" + w + " in graph spec '" + text + "' must be LO..HI");
            }
            try {
                lo = Double.parseDouble(w.substring(0, dots));
                hi = Double.parseDouble(w.substring(dots + 2));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("w=" + w + " in graph spec '" + text + "' must be LO..HI");
            }
        }
        boolean floating = flags.remove("float");
        double neg = doubleValue("neg", 0);
        try {
            return new WeightSpec(lo, hi, floating, neg);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(e.getMessage() + " in graph spec '" + text + "'", e);
        }
    }

    void checkAllUsed(String kind, String kindKeys) {
        List<String> unknown = new ArrayList<>(flags);
        for (String key : values.keySet()) {
            if (!used.contains(key)) {
                unknown.add(key);
            }
        }
        if (positional != null && !kind.equals("grid") && !kind.equals("mesh") && !kind.equals("road")
                && !kind.equals("roadnet")) {
            unknown.add(positional);
        }
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException("unknown " + String.join(", ", unknown) + " in graph spec '" + text
                    + "'; " + kind + " takes " + kindKeys + ", seed, w=LO..HI, float, neg=SHARE");
        }
    }

    static int parseInt(String text, String key, String v) {
        try {
            return Integer.parseInt(v.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + "=" + v + " in graph spec '" + text + "' is not an int");
        }
    }
}
