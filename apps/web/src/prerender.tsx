// Build-time only (scripts/prerender.mjs): the sign-in page's markup in each language, so the HTML the server sends
// for /login paints the page before any script has run. The browser then renders the same page over it (main.tsx).
import { MantineProvider } from "@mantine/core";
import { LANGUAGES, type Language } from "@palco/shared/constants";
import i18next from "i18next";
import { renderToString } from "react-dom/server";
import { initReactI18next } from "react-i18next";
import { MemoryRouter } from "react-router";
import { cssVariablesResolver, theme } from "./app/theme.ts";
import LoginPage from "./features/auth/login-page.tsx";
import { loadMessages } from "./lib/i18n.ts";

/** The sign-in page in each language, as the body of #root would hold it. */
export async function renderLoginPage(): Promise<Record<Language, string>> {
  const resources = Object.fromEntries(
    await Promise.all(
      LANGUAGES.map(async (language) => [language, { translation: await loadMessages(language) }] as const),
    ),
  );
  await i18next.use(initReactI18next).init({
    resources,
    lng: LANGUAGES[0],
    interpolation: { escapeValue: false },
    initAsync: false,
    returnEmptyString: false,
  });
  const pages = {} as Record<Language, string>;
  for (const language of LANGUAGES) {
    await i18next.changeLanguage(language);
    pages[language] = renderToString(
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
        <MemoryRouter initialEntries={["/login"]}>
          <LoginPage />
        </MemoryRouter>
      </MantineProvider>,
      // Both languages' pages sit in one document: their fields' ids (and the labels' `for`) must differ.
      { identifierPrefix: `${language}-` },
    );
  }
  return pages;
}
