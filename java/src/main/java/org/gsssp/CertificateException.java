package org.gsssp;

/** An answer failed its optimality certificate ({@link Options.Builder#certify(boolean)}): a bug in gsssp. */
public class CertificateException extends GssspException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message the query and the certificate's first violation
     */
    public CertificateException(String message) {
        super(message);
    }
}
