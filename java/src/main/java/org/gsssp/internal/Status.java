package org.gsssp.internal;

import org.gsssp.CertificateException;
import org.gsssp.CudaException;
import org.gsssp.DeviceMemoryException;
import org.gsssp.DistanceOverflowException;
import org.gsssp.GraphClosedException;
import org.gsssp.GssspException;
import org.gsssp.InvalidGraphException;
import org.gsssp.NegativeCycleException;
import org.gsssp.NoGpuException;
import org.gsssp.NotConvergedException;
import org.gsssp.UnsupportedInputException;
import org.gsssp.internal.ffi.GssspNative;

/** Turns gsssp.h status codes into the matching Java exceptions, with the native thread's error text. */
public final class Status {
    private Status() {}

    /**
     * Throws for any status but success. Must run on the thread that made the native call.
     *
     * @param status    the gsssp.h status the call returned
     * @param operation what was being done, the start of the exception's message
     * @throws IllegalArgumentException for an invalid argument
     * @throws org.gsssp.GssspException the subclass matching any other failure status
     */
    public static void check(int status, String operation) {
        if (status == GssspNative.GSSSP_SUCCESS()) {
            return;
        }
        String text = GssspNative.gsssp_last_error().getString(0);
        String message = operation + ": " + (text.isEmpty() ? "status " + status : text);
        throw toException(status, message);
    }

    /**
     * As {@link #check}, for a query: a negative cycle names the vertex the native side reported.
     *
     * @param status    the gsssp.h status the query returned
     * @param operation what was being done, the start of the exception's message
     * @param stats     the gsssp_stats struct the query filled
     * @throws NegativeCycleException if the query found a negative cycle
     * @throws IllegalArgumentException for an invalid argument
     * @throws org.gsssp.GssspException the subclass matching any other failure status
     */
    public static void checkQuery(int status, String operation, java.lang.foreign.MemorySegment stats) {
        if (status == GssspNative.GSSSP_ERROR_NEGATIVE_CYCLE()) {
            String text = GssspNative.gsssp_last_error().getString(0);
            throw new NegativeCycleException(operation + ": " + text, NativeGraph.negativeCycleVertex(stats));
        }
        check(status, operation);
    }

    static RuntimeException toException(int status, String message) {
        return switch (status) {
            case 1 -> new IllegalArgumentException(message);
            case 2 -> new InvalidGraphException(message);
            case 3 -> new NoGpuException(message);
            case 4 -> new CudaException(message);
            case 5 -> new DeviceMemoryException(message);
            case 6 -> new NegativeCycleException(message);
            case 7 -> new GraphClosedException(message);
            case 9 -> new UnsupportedInputException(message);
            case 10 -> new DistanceOverflowException(message);
            case 11 -> new NotConvergedException(message);
            case 12 -> new CertificateException(message);
            default -> new GssspException("internal error in the gsssp native library (status " + status + "): " + message);
        };
    }
}
