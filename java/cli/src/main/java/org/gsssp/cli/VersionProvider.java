package org.gsssp.cli;

import org.gsssp.internal.NativeLibrary;
import picocli.CommandLine.IVersionProvider;

final class VersionProvider implements IVersionProvider {
    @Override
    public String[] getVersion() {
        return new String[] {"gsssp " + NativeLibrary.jarVersion()};
    }
}
