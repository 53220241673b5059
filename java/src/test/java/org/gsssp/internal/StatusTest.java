package org.gsssp.internal;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;

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
import org.junit.jupiter.api.Test;

/** Each gsssp.h status maps to its own exception; the constants come from the generated bindings. */
class StatusTest {
    @Test
    void everyStatusHasItsException() {
        assertInstanceOf(IllegalArgumentException.class, Status.toException(GssspNative.GSSSP_ERROR_INVALID_ARGUMENT(), "m"));
        assertInstanceOf(InvalidGraphException.class, Status.toException(GssspNative.GSSSP_ERROR_INVALID_GRAPH(), "m"));
        assertInstanceOf(NoGpuException.class, Status.toException(GssspNative.GSSSP_ERROR_NO_GPU(), "m"));
        assertInstanceOf(CudaException.class, Status.toException(GssspNative.GSSSP_ERROR_CUDA(), "m"));
        assertInstanceOf(DeviceMemoryException.class, Status.toException(GssspNative.GSSSP_ERROR_OUT_OF_DEVICE_MEMORY(), "m"));
        assertInstanceOf(NegativeCycleException.class, Status.toException(GssspNative.GSSSP_ERROR_NEGATIVE_CYCLE(), "m"));
        assertInstanceOf(GraphClosedException.class, Status.toException(GssspNative.GSSSP_ERROR_CLOSED(), "m"));
        assertInstanceOf(GssspException.class, Status.toException(GssspNative.GSSSP_ERROR_INTERNAL(), "m"));
        assertInstanceOf(UnsupportedInputException.class, Status.toException(GssspNative.GSSSP_ERROR_UNSUPPORTED(), "m"));
        assertInstanceOf(org.gsssp.CertificateException.class, Status.toException(GssspNative.GSSSP_ERROR_CERTIFICATE(), "m"));
        assertInstanceOf(DistanceOverflowException.class, Status.toException(GssspNative.GSSSP_ERROR_OVERFLOW(), "m"));
        assertInstanceOf(NotConvergedException.class, Status.toException(GssspNative.GSSSP_ERROR_NOT_CONVERGED(), "m"));
    }
}
