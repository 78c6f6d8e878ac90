// Build-time only (scripts/prerender.mjs): the sign-in page's markup in each language, so the HTML the server sends
// for /login paints the page before any script has run, and the signed-in area's frame with the page's title for
// every other address (and a list's search box, the dashboard's greeting). The browser then renders the same page
// over it (main.tsx).
import { Box, Burger, MantineProvider, Stack } from "@mantine/core";
import { LANGUAGES, type Language } from "@palco/shared/constants";
import { REPORT_PERMISSIONS } from "@palco/shared/resources/reports";
import i18next from "i18next";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { initReactI18next, useTranslation } from "react-i18next";
import { MemoryRouter } from "react-router";
import { SECURITY_PATH } from "./app/guards.tsx";
import { AppFrame } from "./app/layout/app-frame.tsx";
import { RESOURCES, SETTINGS_NAV } from "./app/resources.ts";
import { cssVariablesResolver, theme } from "./app/theme.ts";
import LoginPage from "./features/auth/login-page.tsx";
import { EXPORTS_PATH } from "./features/exports/paths.ts";
import { SavedViewBarStandIn } from "./features/views/view-bar.tsx";
import { Brand } from "./kit/brand.tsx";
import { ListCard, ListToolbar } from "./kit/list-card.tsx";
import { PageHeader } from "./kit/page-header.tsx";
import { type ResourceMeta, resourcePath } from "./kit/resource.ts";
import { SearchInput } from "./kit/search-input.tsx";
import { loadMessages } from "./lib/i18n.ts";

/** Every language's texts, the features' included, once. */
async function startTexts() {
  if (i18next.isInitialized) return;
  const resources = Object.fromEntries(
    await Promise.all(
      LANGUAGES.map(
        async (language) => [language, { translation: await loadMessages(language, { withFeatures: true }) }] as const,
      ),
    ),
  );
  await i18next.use(initReactI18next).init({
    resources,
    lng: LANGUAGES[0],
    interpolation: { escapeValue: false },
    initAsync: false,
    returnEmptyString: false,
  });
}

/**
 * `page` rendered in each language, as the body of #root would hold it. Both languages' pages sit in one document:
 * their elements' ids (and the labels' `for`) are prefixed with the language so they differ.
 */
async function inEachLanguage(path: string, page: ReactNode): Promise<Record<Language, string>> {
  await startTexts();
  const pages = {} as Record<Language, string>;
  for (const language of LANGUAGES) {
    await i18next.changeLanguage(language);
    pages[language] = renderToString(
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
        <MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>
      </MantineProvider>,
      { identifierPrefix: `${language}-` },
    );
  }
  return pages;
}

/** The sign-in page in each language. */
export const renderLoginPage = () => inEachLanguage("/login", <LoginPage />);

/**
 * The signed-in pages whose title the shell shows, by path: every list, the dashboard and the other top pages.
 * `actions`: the page's header has buttons (a list's Export or New), which set the title's line.
 */
export const SHELL_PAGES: { path: string; title: string; actions?: boolean; list?: ResourceMeta; greeting?: true }[] = [
  { path: "/", title: "DASHBOARD.TITLE", greeting: true },
  ...RESOURCES.filter((meta) => meta.load).map((meta) => ({
    path: resourcePath(meta),
    title: `${meta.ns}.TITLE`,
    actions: true,
    list: meta,
  })),
  { path: SETTINGS_NAV.path, title: "FEE_SETTINGS.TITLE" },
  { path: SECURITY_PATH, title: "SECURITY.TITLE" },
  { path: EXPORTS_PATH, title: "EXPORTS.TITLE" },
];

/** Where the member's name goes in the greeting's text. */
const NAME_MARK = "\u0000";
/** Who sees the dashboard's reports (and so its greeting): anyone who may read one of them. */
const REPORT_READERS = [...new Set(Object.values(REPORT_PERMISSIONS).flat())].join(" ");

/**
 * The dashboard's greeting, as `features/dashboard/dashboard-page.tsx` writes it under the title, with a slot for
 * the member's name. It stays invisible (its room kept) until public/boot.js has put the stored member's name in
 * and found they may read a report; a member who may not gets the shortcuts page instead, without a greeting.
 */
function ShellGreeting() {
  const { t } = useTranslation();
  const [before, after] = t("REPORTS_PAGE.GREETING", { name: NAME_MARK }).split(NAME_MARK);
  return (
    <span data-shell-greeting={REPORT_READERS}>
      {before}
      <span data-member-name />
      {after}
    </span>
  );
}

/** Height of a Mantine button at the default size, as the list headers' Export and New are. */
const BUTTON_HEIGHT = 36;

/**
 * The signed-in area's frame as the app paints it (layout/app-frame.tsx) with, for each page of SHELL_PAGES, its
 * title in a `data-shell-page` wrapper: public/boot.js names the page being opened and CSS shows only its title.
 * Nothing in it depends on the member but the dashboard's greeting, which boot.js completes from the stored session;
 * their menu and rights arrive with the app.
 */
function SignedInShell({ searchable }: { searchable: ReadonlySet<ResourceMeta> }) {
  const { t } = useTranslation();
  return (
    <AppFrame
      collapsed={{ mobile: true, desktop: false }}
      headerStart={
        <>
          <Burger hiddenFrom="sm" size="sm" aria-label={t("NAV.TOGGLE")} aria-expanded={false} />
          <Burger opened visibleFrom="sm" size="sm" aria-label={t("NAV.TOGGLE")} aria-expanded />
          <Brand collapse />
        </>
      }
      headerEnd={null}
      navbar={null}
      navbarLabel={t("NAV.MAIN")}
    >
      {SHELL_PAGES.map(({ path, title, actions, list, greeting }) => (
        <div key={path} data-shell-page={path}>
          {/* The buttons' height, kept free: the title then sits where the page's own will. */}
          <PageHeader
            title={t(title)}
            description={greeting && <ShellGreeting />}
            actions={actions ? <Box h={BUTTON_HEIGHT} aria-hidden /> : undefined}
          />
          {list && searchable.has(list) && (
            // A list's search box, where kit/list-page.tsx draws it: the first thing a member looks for on a list,
            // and on a phone the widest text of the page's first screen until the rows come.
            <Stack gap="md">
              <SavedViewBarStandIn resource={list.name} />
              <ListCard>
                <ListToolbar>
                  <SearchInput
                    value=""
                    onSearch={() => {}}
                    label={t("COMMON.SEARCH")}
                    placeholder={t(`${list.ns}.SEARCH`)}
                  />
                </ListToolbar>
              </ListCard>
            </Stack>
          )}
        </div>
      ))}
    </AppFrame>
  );
}

/** The lists with a search box: their declarations say so (each is loaded here, at build time, to be asked). */
async function searchableLists(): Promise<Set<ResourceMeta>> {
  const lists = SHELL_PAGES.flatMap(({ list }) => (list?.load ? [{ meta: list, load: list.load }] : []));
  const declared = await Promise.all(lists.map(async ({ meta, load }) => ({ meta, resource: (await load()).default })));
  return new Set(declared.filter(({ resource }) => resource.list.searchable !== false).map(({ meta }) => meta));
}

/** The signed-in shell in each language. */
export async function renderSignedInShell() {
  return inEachLanguage("/", <SignedInShell searchable={await searchableLists()} />);
}
