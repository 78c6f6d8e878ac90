import type { AppRouter } from "@/app/router.tsx";
import { followStoredLanguage } from "./i18n.ts";
import { keepPrerenderedInput } from "./prerendered.ts";

// Loaded only over the prerendered sign-in page (main.tsx): the other pages' first load does not carry it.

/** Resolves once the router holds the first page's route (its lazy chunks loaded). */
export function firstRouteLoaded(router: AppRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * Just before React renders over the prerendered page: the language the member switched it to (public/boot.js
 * keeps the choice where the app reads it) while the app was loading, and what they typed.
 */
export async function takeOver(root: HTMLElement) {
  await followStoredLanguage();
  keepPrerenderedInput(root);
}
