package org.gsssp;

/** Element type of a graph's edge weights; the numeric codes match gsssp.h's gsssp_weight_type. */
public enum WeightType {
    INT32(0),
    FLOAT32(1);

    private final int code;

    WeightType(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }
}
