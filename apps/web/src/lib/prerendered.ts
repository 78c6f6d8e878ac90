/**
 * The sign-in page arrives prerendered (apps/web/scripts/prerender.mjs): a member on a slow phone may start typing
 * into it before the app has started. The app renders the same page over it; what was typed, and which field
 * they were in, carry over.
 */
const typed = new Map<string, string>();
let focused: string | null = null;
let submitted = false;

/**
 * Keeps what was typed into the prerendered page's fields, which one has the focus and whether the member already
 * sent the form (public/boot.js holds that back), just before React renders over it.
 */
export function keepPrerenderedInput(root: HTMLElement) {
  submitted = root.querySelector("[data-prerendered] form[data-submitted]") !== null;
  for (const input of root.querySelectorAll<HTMLInputElement>("[data-prerendered] input[name]")) {
    if (input.value) typed.set(input.name, input.value);
    if (input === document.activeElement) focused = input.name;
  }
}

/** What was typed into the prerendered field `name` (once; empty when nothing was). */
export function prerenderedValue(name: string): string {
  const value = typed.get(name) ?? "";
  typed.delete(name);
  return value;
}

/** The name of the prerendered field the member was in (once; null when none). */
export function prerenderedFocus(): string | null {
  const name = focused;
  focused = null;
  return name;
}

/** Whether the member sent the prerendered form before the app started (once). */
export function prerenderedSubmit(): boolean {
  const value = submitted;
  submitted = false;
  return value;
}
