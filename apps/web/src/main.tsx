import "@mantine/core/styles.css";
import "./styles.css";
import { MantineProvider } from "@mantine/core";
import { StrictMode, startTransition } from "react";
import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { type AppRouter, createAppRouter } from "./app/router.tsx";
import { cssVariablesResolver, theme } from "./app/theme.ts";
import { initI18n } from "./lib/i18n.ts";

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");

// The sign-in page may already be on screen, prerendered (apps/web/scripts/prerender.mjs): React's first render
// replaces it, so it must be that page, not the loader shown while the route's chunks arrive.
const handOff = root.querySelector("[data-prerendered]") ? import("./lib/prerender-handoff.ts") : null;

// Evaluating the app's modules is one long task on a phone, and building the router (ranking every route, matching
// the address, starting the page's code and data) a long one of its own: a task apart, so the browser gets a turn
// between them.
const routerBuilt = new Promise<AppRouter>((resolve) => setTimeout(() => resolve(createAppRouter()), 0));

// The first paint is in the user's language: render once its texts are here. A promise, not a top-level await:
// with one, the bundler splits the entry into many small chunks so lazy chunks cannot wait on it.
void Promise.all([
  routerBuilt,
  initI18n(),
  handOff && routerBuilt.then(async (router) => (await handOff).firstRouteLoaded(router)),
]).then(async ([router]) => {
  if (handOff) await (await handOff).takeOver(root);
  const app = (
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
        {/* The query cache is provided by the signed-in layout (router.tsx): the public pages do not load it. */}
        <RouterProvider router={router} />
      </MantineProvider>
    </StrictMode>
  );
  const reactRoot = createRoot(root);
  // Over the prerendered sign-in page, at once: a key pressed between reading its fields and React's first commit
  // is lost. Over the signed-in frame (nothing to type into), as a transition: React yields to the browser while it
  // renders the page, which stays on screen meanwhile, so a tap is not held up behind one long task.
  if (root.querySelector("[data-shell-page]")) startTransition(() => reactRoot.render(app));
  else if (handOff) flushSync(() => reactRoot.render(app));
  else reactRoot.render(app);
});
