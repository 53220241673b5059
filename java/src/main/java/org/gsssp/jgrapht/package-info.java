/**
 * gsssp behind JGraphT's shortest-path interface: {@link org.gsssp.jgrapht.GsssspShortestPath} answers what
 * JGraphT's {@code DijkstraShortestPath} answers, on the GPU where there is one. Needs JGraphT (jgrapht-core) on the
 * class or module path; gsssp itself does not depend on it.
 */
package org.gsssp.jgrapht;
