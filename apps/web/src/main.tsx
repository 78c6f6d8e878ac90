import "@mantine/core/styles.css";
import "./styles.css";
import { MantineProvider } from "@mantine/core";
import { StrictMode } from "react";
import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { router } from "./app/router.tsx";
import { cssVariablesResolver, theme } from "./app/theme.ts";
import { initI18n } from "./lib/i18n.ts";
import { isPrerendered, keepPrerenderedInput } from "./lib/prerendered.ts";

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");

/** Resolves once the router holds the first page's route (its lazy chunks loaded). */
function firstRouteLoaded(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

// The sign-in page may already be on screen, prerendered: React's first render replaces it, so it must be that
// page, not the loader shown while the route's chunks arrive.
const prerendered = isPrerendered(root);

// The first paint is in the user's language: render once its texts are here. A promise, not a top-level await:
// with one, the bundler splits the entry into many small chunks so lazy chunks cannot wait on it.
void Promise.all([initI18n(), prerendered ? firstRouteLoaded() : undefined]).then(() => {
  if (prerendered) keepPrerenderedInput(root);
  const app = (
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
        {/* The query cache is provided by the signed-in layout (router.tsx): the public pages do not load it. */}
        <RouterProvider router={router} />
      </MantineProvider>
    </StrictMode>
  );
  const reactRoot = createRoot(root);
  // Over the prerendered page, at once: a key pressed between reading its fields and React's first commit is lost.
  if (prerendered) flushSync(() => reactRoot.render(app));
  else reactRoot.render(app);
});
