package org.gsssp.testing;

import java.util.concurrent.atomic.AtomicBoolean;
import org.gsssp.Devices;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;

/** Disables GPU tests on machines without a CUDA device, saying so once on stderr. */
public final class RequiresGpu implements ExecutionCondition {
    private static final AtomicBoolean ANNOUNCED = new AtomicBoolean();
    private static volatile Boolean present;

    public static boolean gpuPresent() {
        if (present == null) {
            present = Devices.count() > 0;
        }
        return present;
    }

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        if (gpuPresent()) {
            return ConditionEvaluationResult.enabled("CUDA device present: " + Devices.info(0).describe());
        }
        String reason = "no CUDA device (no NVIDIA GPU or driver): GPU test skipped";
        if (ANNOUNCED.compareAndSet(false, true)) {
            System.err.println("[gsssp] no CUDA device (no NVIDIA GPU or driver): GPU tests are skipped; run them on a GPU host (scripts/bundle_gpu_tests.sh)");
        }
        return ConditionEvaluationResult.disabled(reason);
    }
}
