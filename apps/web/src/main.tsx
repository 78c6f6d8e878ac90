import "@mantine/core/styles.css";
import "./styles.css";
import { MantineProvider } from "@mantine/core";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { router } from "./app/router.tsx";
import { cssVariablesResolver, theme } from "./app/theme.ts";
import { initI18n } from "./lib/i18n.ts";

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");

// The first paint is in the user's language: render once its texts are here. A promise, not a top-level await:
// with one, the bundler splits the entry into many small chunks so lazy chunks cannot wait on it.
void initI18n().then(() =>
  createRoot(root).render(
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
        {/* The query cache is provided by the signed-in layout (router.tsx): the public pages do not load it. */}
        <RouterProvider router={router} />
      </MantineProvider>
    </StrictMode>,
  ),
);
