import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test as setup } from "@playwright/test";
import { STEP_UP_SESSIONS, signInForStepUp } from "./totp.ts";

// Runs before every spec (playwright.config.ts, project "sign-ins ahead"): the step-up test needs sign-ins older than
// the step-up window, and signing them in here lets the window run out while the other specs run.
setup("sign in the step-up test's members ahead of time", async ({ request }) => {
  const sessions = await signInForStepUp(request);
  mkdirSync(path.dirname(STEP_UP_SESSIONS), { recursive: true });
  writeFileSync(STEP_UP_SESSIONS, JSON.stringify(sessions));
});
