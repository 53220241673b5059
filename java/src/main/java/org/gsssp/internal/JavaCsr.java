package org.gsssp.internal;

/**
 * A graph's CSR in Java arrays, for the pure-Java searches.
 *
 * @param n            the vertex count
 * @param offsets      n + 1 edge offsets
 * @param targets      the edges' targets
 * @param intWeights   the int32 weights, or null for a float32 graph
 * @param floatWeights the float32 weights, or null for an int32 graph
 * @param maxIntWeight the largest int32 weight (0 for float32)
 */
record JavaCsr(int n, int[] offsets, int[] targets, int[] intWeights, float[] floatWeights, long maxIntWeight) {}
