package org.gsssp.bench.routing;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import org.gsssp.DistanceMatrix;
import org.gsssp.Graph;
import org.gsssp.ShortestPath;

/**
 * gsssp's contraction hierarchy, {@code org.gsssp.ContractionHierarchy} (build with ChParams.threads, distance,
 * path, matrix, info().memoryBytes()). Reached through method handles so that this harness builds before that
 * class is in the library; once it is, these handles can become plain calls. {@link #available()} says whether
 * the class is there.
 */
final class GssspChRouter implements Router {
    private static final String CLASS = "org.gsssp.ContractionHierarchy";
    private final MethodHandle build;
    private final MethodHandle distance;
    private final MethodHandle path;
    private final MethodHandle matrix;
    private final MethodHandle info;
    private final MethodHandle close;
    private final MethodHandle paramsBuilder;
    private final MethodHandle builderThreads;
    private final MethodHandle builderBuild;
    private Object ch;
    private String notes = "";

    /** Null when {@code org.gsssp.ContractionHierarchy} is in this build, else why it cannot run. */
    static String unavailableReason() {
        try {
            Class.forName(CLASS);
            return null;
        } catch (ClassNotFoundException e) {
            return CLASS + " is not in this build of the library";
        }
    }

    GssspChRouter() throws ReflectiveOperationException {
        MethodHandles.Lookup l = MethodHandles.publicLookup();
        Class<?> c = Class.forName(CLASS);
        Class<?> params = Class.forName("org.gsssp.ChParams");
        Class<?> builder = Class.forName("org.gsssp.ChParams$Builder");
        build = l.findStatic(c, "build", MethodType.methodType(c, Graph.class, params));
        distance = l.findVirtual(c, "distance", MethodType.methodType(long.class, int.class, int.class));
        path = l.findVirtual(c, "path", MethodType.methodType(ShortestPath.class, int.class, int.class));
        matrix = l.findVirtual(c, "matrix", MethodType.methodType(DistanceMatrix.class, int[].class, int[].class, int.class));
        info = l.findVirtual(c, "info", MethodType.methodType(Class.forName(CLASS + "$Info")));
        close = l.findVirtual(c, "close", MethodType.methodType(void.class));
        paramsBuilder = l.findStatic(params, "builder", MethodType.methodType(builder));
        builderThreads = l.findVirtual(builder, "threads", MethodType.methodType(builder, int.class));
        builderBuild = l.findVirtual(builder, "build", MethodType.methodType(params));
    }

    @Override
    public String name() {
        return "gsssp-ch";
    }

    @Override
    public long prepare(Graph graph, int threads) throws Exception {
        try {
            Object p = builderBuild.invoke(builderThreads.invoke(paramsBuilder.invoke(), threads));
            ch = build.invoke(graph, p);
            Object i = info.invoke(ch);
            notes = String.valueOf(i);
            return (long) i.getClass().getMethod("memoryBytes").invoke(i);
        } catch (Throwable e) {
            throw checked(e);
        }
    }

    @Override
    public String notes() {
        return notes;
    }

    @Override
    public Query newQuery() {
        return new Query() {
            @Override
            public long distance(int s, int t) {
                try {
                    return (long) distance.invoke(ch, s, t);
                } catch (Throwable e) {
                    throw rethrow(e);
                }
            }

            @Override
            public Route route(int s, int t) {
                try {
                    ShortestPath p = (ShortestPath) path.invoke(ch, s, t);
                    // the route's length from its own edge weights (int32 graph: exact in a double below 2^53)
                    return p.exists() ? new Route(Math.round(p.weight()), p.vertices()) : new Route(UNREACHABLE, new int[0]);
                } catch (Throwable e) {
                    throw rethrow(e);
                }
            }
        };
    }

    @Override
    public long[] matrix(int[] sources, int[] targets, int threads) throws Exception {
        DistanceMatrix answer;
        try {
            answer = (DistanceMatrix) matrix.invoke(ch, sources, targets, threads);
        } catch (Throwable e) {
            throw checked(e);
        }
        try (DistanceMatrix m = answer) {
            long[] out = new long[sources.length * targets.length];
            for (int i = 0; i < sources.length; i++) {
                for (int j = 0; j < targets.length; j++) {
                    out[i * targets.length + j] = m.getAsLong(i, j);
                }
            }
            return out;
        }
    }

    @Override
    public String matrixMethod() {
        return "RPHAST many-to-many (ContractionHierarchy.matrix) over the threads";
    }

    @Override
    public void close() throws Exception {
        if (ch != null) {
            try {
                close.invoke(ch);
            } catch (Throwable e) {
                throw checked(e);
            }
        }
    }

    private static Exception checked(Throwable e) {
        return e instanceof Exception x ? x : new IllegalStateException(e);
    }

    private static RuntimeException rethrow(Throwable e) {
        return e instanceof RuntimeException r ? r : new IllegalStateException(e);
    }
}
