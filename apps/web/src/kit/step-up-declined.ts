import type { TFunction } from "i18next";
import { isStepUpRefusal } from "@/lib/api.ts";

/** A message for an action's alert; `neutral` when nothing went wrong (see ErrorAlert). */
export type Notice = { text: string; at: number; neutral?: boolean };

/**
 * The one way a declined step-up is reported: the member closed "Confirm it is you", so the action was not done,
 * and that is all there is to say (no "could not be saved"). Null for any other failure.
 */
export function stepUpDeclinedNotice(error: unknown, t: TFunction): Notice | null {
  return isStepUpRefusal(error) ? { text: t("COMMON.STEP_UP_DECLINED"), at: Date.now(), neutral: true } : null;
}
