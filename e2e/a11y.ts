import { AxeBuilder } from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** The WCAG 2.1 A and AA rules; best-practice rules are checked by name where a spec wants them. */
export const WCAG_21_AA_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

const BLOCKING_IMPACTS = new Set(["serious", "critical"]);

type AnimationGlobals = {
  document: { getAnimations(): { playState: string; effect: { getTiming(): { iterations: number } } | null }[] };
};

/**
 * Waits for running CSS transitions and animations (a modal fading in, a badge changing colour) to end, so axe
 * measures the colours the user ends up seeing rather than a half-transparent frame. Endless ones (a busy button's
 * spinner while a dialog asks something) never end and are not waited for.
 */
export async function waitForStillPage(page: Page) {
  await page.waitForFunction(() =>
    (globalThis as unknown as AnimationGlobals).document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== "running" || animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
}

/**
 * Runs axe (WCAG 2.1 A and AA) over the whole page and fails on any serious or critical violation. The failure lists
 * each violation's rule, impact, help text and its nodes (CSS target, the start of their HTML and axe's reason, such
 * as the measured contrast ratio), so a failure says what to fix and where.
 */
export async function expectNoSeriousA11yViolations(page: Page, where = page.url()) {
  await waitForStillPage(page);
  const results = await new AxeBuilder({ page }).withTags(WCAG_21_AA_TAGS).analyze();
  const blocking = results.violations
    .filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ""))
    .map((violation) => ({
      rule: `${violation.id} (${violation.impact}): ${violation.help}`,
      nodes: violation.nodes.map((node) => {
        const reason = node.failureSummary?.split("\n").slice(1).join(" ").trim();
        const html = node.html.replace(/\s+/g, " ").slice(0, 160);
        return `${node.target.join(" ")} ${html}${reason ? ` — ${reason}` : ""}`;
      }),
    }));
  expect(blocking, `serious or critical axe violations on ${where}`).toEqual([]);
}
