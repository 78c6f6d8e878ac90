import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { setStepUpHandler } from "@/lib/api.ts";
import { loadFeatureTexts } from "@/lib/i18n.ts";

// Loaded with the first refusal, texts included, not with the shell: most sessions never see it.
const StepUpModal = lazy(() =>
  Promise.all([import("./step-up-modal.tsx"), loadFeatureTexts("secondFactor")]).then(([module]) => ({
    default: module.StepUpModal,
  })),
);

/**
 * The one step-up prompt of the signed-in app. A sensitive route refusing a call with STEP_UP_REQUIRED opens it (see
 * `api`); once the member proved it is them, the refused call is sent again and completes where it was made, so the
 * form keeps everything typed. Cancel fails that call with its refusal. Refusals arriving while it is open wait for
 * the same answer.
 */
export function StepUpHost() {
  const [asking, setAsking] = useState<number | null>(null);
  /** Settles the waiting call(s): true when the step-up passed. */
  const settle = useRef<((passed: boolean) => void) | null>(null);

  useEffect(() => {
    const remove = setStepUpHandler(
      () =>
        new Promise<boolean>((resolve) => {
          settle.current = resolve;
          setAsking(Date.now());
        }),
    );
    return () => {
      remove();
      // Signed out (or the layout left) while asking: the waiting calls fail with their refusal.
      settle.current?.(false);
      settle.current = null;
    };
  }, []);

  if (asking === null) return null;
  return (
    <Suspense fallback={null}>
      <StepUpModal
        key={asking}
        onSettle={(passed) => {
          settle.current?.(passed);
          settle.current = null;
        }}
        onClosed={() => setAsking((current) => (current === asking ? null : current))}
      />
    </Suspense>
  );
}
