/**
 * gsssp: GPU single-source shortest paths for the JVM. The API is {@code org.gsssp}, the graph generators
 * {@code org.gsssp.generate} and the JGraphT adapter {@code org.gsssp.jgrapht} (which needs JGraphT on the module
 * path when used). The format readers ({@code org.gsssp.io}, reached through {@link org.gsssp.GraphLoader}) and the
 * native glue ({@code org.gsssp.internal}, over the generated bindings) are not exported. On the module path, run
 * with {@code --enable-native-access=org.gsssp}; on the class path (as the CLI's shaded jar does) this file is
 * ignored and {@code --enable-native-access=ALL-UNNAMED} applies.
 */
module org.gsssp {
    requires org.gsssp.bindings;
    requires static org.jgrapht.core;

    exports org.gsssp;
    exports org.gsssp.generate;
    exports org.gsssp.jgrapht;
}
