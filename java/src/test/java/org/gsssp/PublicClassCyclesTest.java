package org.gsssp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.WildcardType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The public classes of org.gsssp form layers: no public class uses another that uses it back, unless one is a type
 * the other's public signatures name (a Result names its Graph, a GraphBuilder its KeyedGraphBuilder). Facades such
 * as {@link Sssp} and {@link DeviceGraph} call the package-private classes below them (CpuQueries, DeviceBatches,
 * ...), which never call back. Read from the compiled classes' constant pools, nested classes counting for their
 * top-level class.
 */
class PublicClassCyclesTest {
    private static final Pattern SAME_PACKAGE = Pattern.compile("org/gsssp/([A-Za-z0-9_]+)(?=[;$<]|$)");

    /** Top-level names of org.gsssp that a class file refers to (its nested classes' files included by the caller). */
    private static Set<String> references(InputStream classFile) throws IOException {
        DataInputStream in = new DataInputStream(classFile);
        in.readInt();  // magic
        in.readUnsignedShort();
        in.readUnsignedShort();
        int count = in.readUnsignedShort();
        Set<String> out = new HashSet<>();
        for (int i = 1; i < count; i++) {
            int tag = in.readUnsignedByte();
            switch (tag) {
                case 1 -> {
                    Matcher m = SAME_PACKAGE.matcher(in.readUTF());
                    while (m.find()) {
                        out.add(m.group(1));
                    }
                }
                case 3, 4 -> in.readInt();
                case 5, 6 -> {
                    in.readLong();
                    i++;  // eight-byte constants take two slots
                }
                case 7, 8, 16, 19, 20 -> in.readUnsignedShort();
                case 9, 10, 11, 12, 17, 18 -> in.readInt();
                case 15 -> {
                    in.readUnsignedByte();
                    in.readUnsignedShort();
                }
                default -> throw new IOException("constant pool tag " + tag);
            }
        }
        return out;
    }

    private static void rawTypes(Type t, Set<Class<?>> out) {
        if (t instanceof Class<?> c) {
            out.add(c.isArray() ? c.componentType() : c);
            if (c.isArray()) {
                rawTypes(c.componentType(), out);
            }
        } else if (t instanceof ParameterizedType p) {
            rawTypes(p.getRawType(), out);
            for (Type a : p.getActualTypeArguments()) {
                rawTypes(a, out);
            }
        } else if (t instanceof GenericArrayType g) {
            rawTypes(g.getGenericComponentType(), out);
        } else if (t instanceof WildcardType w) {
            for (Type b : w.getUpperBounds()) {
                rawTypes(b, out);
            }
            for (Type b : w.getLowerBounds()) {
                rawTypes(b, out);
            }
        }
    }

    /** The types a public class's public and protected API names. */
    private static Set<Class<?>> signatureTypes(Class<?> c) {
        Set<Class<?>> out = new HashSet<>();
        rawTypes(c.getGenericSuperclass(), out);
        for (Type t : c.getGenericInterfaces()) {
            rawTypes(t, out);
        }
        List<Executable> executables = new ArrayList<>(List.of(c.getDeclaredConstructors()));
        executables.addAll(List.of(c.getDeclaredMethods()));
        for (Executable e : executables) {
            if (Modifier.isPublic(e.getModifiers()) || Modifier.isProtected(e.getModifiers())) {
                for (Type t : e.getGenericParameterTypes()) {
                    rawTypes(t, out);
                }
                for (Type t : e.getGenericExceptionTypes()) {
                    rawTypes(t, out);
                }
                if (e instanceof Method m) {
                    rawTypes(m.getGenericReturnType(), out);
                }
            }
        }
        for (Field f : c.getDeclaredFields()) {
            if (Modifier.isPublic(f.getModifiers()) || Modifier.isProtected(f.getModifiers())) {
                rawTypes(f.getGenericType(), out);
            }
        }
        for (Class<?> nested : c.getDeclaredClasses()) {
            if (Modifier.isPublic(nested.getModifiers())) {
                out.add(nested);
                out.addAll(signatureTypes(nested));
            }
        }
        return out;
    }

    @Test
    void noTwoPublicClassesUseEachOtherUnlessASignatureNamesOne() throws Exception {
        Path classes = Path.of(Graph.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Path dir = classes.resolve("org/gsssp");
        assertTrue(Files.isDirectory(dir), "the library's classes are not a directory here: " + classes);
        Map<String, Set<String>> uses = new HashMap<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".class")).toList()) {
                String name = f.getFileName().toString().replace(".class", "");
                String top = name.contains("$") ? name.substring(0, name.indexOf('$')) : name;
                try (InputStream in = Files.newInputStream(f)) {
                    uses.computeIfAbsent(top, k -> new HashSet<>()).addAll(references(in));
                }
            }
        }
        Set<String> problems = new TreeSet<>();
        for (String a : uses.keySet()) {
            Class<?> ca = Class.forName("org.gsssp." + a);
            if (!Modifier.isPublic(ca.getModifiers())) {
                continue;
            }
            for (String b : uses.get(a)) {
                if (a.compareTo(b) >= 0 || !uses.getOrDefault(b, Set.of()).contains(a)) {
                    continue;
                }
                Class<?> cb = Class.forName("org.gsssp." + b);
                if (!Modifier.isPublic(cb.getModifiers())) {
                    continue;
                }
                if (!signatureTypes(ca).contains(cb) && !signatureTypes(cb).contains(ca)) {
                    problems.add(a + " <-> " + b);
                }
            }
        }
        assertEquals(Set.of(), problems, "public classes that use each other, neither naming the other in its API");
    }
}
