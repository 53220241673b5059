/**
 * The jextract output for gsssp.h (generated, never edited by hand; this file is not generated). Only the library
 * module reads it.
 */
module org.gsssp.bindings {
    exports org.gsssp.internal.ffi to org.gsssp;
}
