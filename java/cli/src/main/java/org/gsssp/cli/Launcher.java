package org.gsssp.cli;

import java.lang.reflect.InvocationTargetException;

/**
 * The CLI jar's entry point. Compiled for Java 8 (the only class that is), so that an older {@code java} reaches
 * it and says which Java to install instead of a raw {@code UnsupportedClassVersionError}; on Java 22 or newer it
 * runs {@link Main}.
 */
public final class Launcher {
    /** The oldest Java gsssp runs on (FFM, finalised in Java 22). */
    static final int REQUIRED = 22;

    private Launcher() {
    }

    /**
     * Checks the Java version, then runs the CLI.
     *
     * @param args the command line
     * @throws Throwable whatever the CLI throws (it exits the JVM itself)
     */
    public static void main(String[] args) throws Throwable {
        int feature = feature(System.getProperty("java.specification.version", "0"));
        if (feature < REQUIRED) {
            System.err.println("gsssp: needs Java " + REQUIRED + " or newer, and this is Java "
                    + System.getProperty("java.version") + " (" + System.getProperty("java.home") + ").");
            System.err.println("Install a JDK " + REQUIRED + "+ (for example Temurin 25) and run "
                    + "`/path/to/jdk/bin/java -jar gsssp.jar`, or set JAVA_HOME and PATH to it.");
            System.exit(1);
        }
        try {
            Class.forName("org.gsssp.cli.Main").getMethod("main", String[].class).invoke(null, (Object) args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    /** "1.8" is 8, "17" is 17; anything unreadable 0. */
    static int feature(String specificationVersion) {
        String v = specificationVersion.startsWith("1.") ? specificationVersion.substring(2) : specificationVersion;
        int end = 0;
        while (end < v.length() && Character.isDigit(v.charAt(end))) {
            end++;
        }
        return end == 0 ? 0 : Integer.parseInt(v.substring(0, end));
    }
}
