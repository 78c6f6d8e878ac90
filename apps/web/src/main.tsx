import "@mantine/core/styles.css";
import "./styles.css";
import "./lib/i18n.ts";
import { MantineProvider } from "@mantine/core";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { router } from "./app/router.tsx";
import { cssVariablesResolver, theme } from "./app/theme.ts";

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");

createRoot(root).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      {/* The query cache is provided by the signed-in layout (router.tsx): the public pages do not load it. */}
      <RouterProvider router={router} />
    </MantineProvider>
  </StrictMode>,
);
