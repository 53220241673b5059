package org.gsssp.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The jar's native/&lt;os&gt;-&lt;arch&gt;/ folder names for what JVMs report as os.name and os.arch. */
class NativePlatformTest {
    @Test
    void folderNamesFollowTheRunningPlatform() {
        assertEquals("linux-x86_64", NativeLibrary.platform("Linux", "amd64"));
        assertEquals("linux-aarch64", NativeLibrary.platform("Linux", "aarch64"));
        assertEquals("mac-aarch64", NativeLibrary.platform("Mac OS X", "aarch64"));
        assertEquals("mac-x86_64", NativeLibrary.platform("Mac OS X", "x86_64"));
        assertEquals("windows-x86_64", NativeLibrary.platform("Windows 11", "amd64"));
        assertEquals("linux-ppc64le", NativeLibrary.platform("Linux", "ppc64le"));
    }
}
