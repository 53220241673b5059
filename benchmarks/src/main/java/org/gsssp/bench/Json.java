package org.gsssp.bench;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Just enough JSON output for the results: maps, lists, strings, numbers, booleans, null. */
final class Json {
    private Json() {}

    static String write(Object value) {
        StringBuilder s = new StringBuilder();
        write(s, value, 0);
        return s.append('\n').toString();
    }

    private static void write(StringBuilder s, Object value, int indent) {
        switch (value) {
            case null -> s.append("null");
            case String str -> quote(s, str);
            case Boolean b -> s.append(b);
            case Double d -> number(s, d);
            case Float f -> number(s, f);
            case Number n -> s.append(n);
            case double[] array -> {
                s.append('[');
                for (int i = 0; i < array.length; i++) {
                    s.append(i == 0 ? "" : ", ");
                    number(s, array[i]);
                }
                s.append(']');
            }
            case Map<?, ?> map -> {
                if (map.isEmpty()) {
                    s.append("{}");
                    return;
                }
                s.append("{\n");
                int i = 0;
                for (Map.Entry<?, ?> e : map.entrySet()) {
                    pad(s, indent + 1);
                    quote(s, String.valueOf(e.getKey()));
                    s.append(": ");
                    write(s, e.getValue(), indent + 1);
                    s.append(++i < map.size() ? ",\n" : "\n");
                }
                pad(s, indent);
                s.append('}');
            }
            case List<?> list -> {
                if (list.isEmpty()) {
                    s.append("[]");
                    return;
                }
                s.append("[\n");
                for (int i = 0; i < list.size(); i++) {
                    pad(s, indent + 1);
                    write(s, list.get(i), indent + 1);
                    s.append(i + 1 < list.size() ? ",\n" : "\n");
                }
                pad(s, indent);
                s.append(']');
            }
            default -> quote(s, value.toString());
        }
    }

    /** NaN and infinities are not JSON numbers: they become null. */
    private static void number(StringBuilder s, double d) {
        if (!Double.isFinite(d)) {
            s.append("null");
        } else if (d == Math.rint(d) && Math.abs(d) < 1e15) {
            s.append((long) d);
        } else {
            s.append(d);   // Java's shortest repr, e.g. 1.5E-5, is valid JSON
        }
    }

    private static void quote(StringBuilder s, String str) {
        s.append('"');
        for (int i = 0; i < str.length(); i++) {
            char c = str.charAt(i);
            switch (c) {
                case '"' -> s.append("\\\"");
                case '\\' -> s.append("\\\\");
                case '\n' -> s.append("\\n");
                case '\r' -> s.append("\\r");
                case '\t' -> s.append("\\t");
                default -> {
                    if (c < 0x20) {
                        s.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        s.append(c);
                    }
                }
            }
        }
        s.append('"');
    }

    private static void pad(StringBuilder s, int indent) {
        s.append("  ".repeat(indent));
    }
}
