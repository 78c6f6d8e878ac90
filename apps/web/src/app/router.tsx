import type { PermissionCode } from "@palco/shared";
import type { ComponentType } from "react";
import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject } from "react-router";
import { EXPORTS_PATH } from "@/features/exports/paths.ts";
import { recordId } from "@/kit/record-id.ts";
import { type ResourceMeta, resourcePath } from "@/kit/resource.ts";
import { loadFeatureTexts } from "@/lib/i18n.ts";
import { getSession } from "@/lib/session.ts";
import { sessionCan } from "@/lib/use-can.ts";
import { RedirectIfSignedIn, RequireAuth, RequirePermission, SECURITY_PATH } from "./guards.tsx";
import { RESOURCES, SETTINGS_NAV } from "./resources.ts";
import { FullPageLoader, RootError } from "./routes/root-error.tsx";

/**
 * Runs `work` in a task of its own. The router calls every matched route's `lazy` and loader in the one task that
 * builds it (or handles a click); each of them starting its imports there (each import adds its chunks' preload
 * links to the page) made that task one of the longest of a page's start on a phone. A task apart costs the network
 * nothing measurable.
 */
const inTaskOfItsOwn = <T,>(work: () => Promise<T>): Promise<T> =>
  new Promise((resolve) => setTimeout(resolve, 0)).then(work);

/** `lazy` for a module whose default export is the page: each page is its own chunk. */
const page =
  (load: () => Promise<{ default: ComponentType }>): RouteObject["lazy"] =>
  () =>
    inTaskOfItsOwn(async () => ({ Component: (await load()).default }));

const notFound = page(() => import("./routes/not-found-page.tsx"));

/** Wraps a route in its permission guard (403 page when missing) without loading the page first. */
const guarded = (code: PermissionCode | null, route: RouteObject): RouteObject => ({
  element: <RequirePermission code={code} />,
  children: [route],
});

const comingSoon =
  (titleKey: string, icon: ResourceMeta["icon"]): RouteObject["lazy"] =>
  () =>
    inTaskOfItsOwn(async () => {
      const { ComingSoonPage } = await import("@/kit/coming-soon-page.tsx");
      return { element: <ComingSoonPage titleKey={titleKey} icon={icon} /> };
    });

/**
 * A route whose data is requested as it is entered, alongside its code, rather than once the page has rendered
 * (kit/prefetch.ts). Nothing waits for it: the loader answers at once. Only on entering the route, and only for a
 * member who may open it; within the page (another filter or page number) the page asks for itself.
 */
const prefetching = (
  code: PermissionCode | null,
  start: (args: LoaderFunctionArgs) => Promise<unknown>,
): Pick<RouteObject, "loader" | "shouldRevalidate"> => ({
  loader: (args) => {
    // A chunk that fails to load fails the route's own import as well, which shows the error.
    if (sessionCan(getSession()?.user, code)) inTaskOfItsOwn(() => start(args)).catch(() => undefined);
    return null;
  },
  shouldRevalidate: () => false,
});

/** The routes of one resource, built from its declaration: list, create, detail, edit — each guarded. */
function resourceRoutes(meta: ResourceMeta): RouteObject {
  const { permissions } = meta;
  const load = meta.load;
  if (!load) {
    const lazy = comingSoon(meta.navLabel, meta.icon);
    return {
      path: meta.name,
      children: [guarded(permissions.index, { index: true, lazy }), guarded(permissions.index, { path: "*", lazy })],
    };
  }

  const list: RouteObject["lazy"] = () =>
    inTaskOfItsOwn(async () => {
      const [{ default: resource }, { ListPage }] = await Promise.all([load(), import("@/kit/list-page.tsx")]);
      return { element: <ListPage resource={resource} /> };
    });
  const detail: RouteObject["lazy"] = () =>
    inTaskOfItsOwn(async () => {
      const [{ default: resource }, { DetailPage }] = await Promise.all([
        load(),
        import("@/kit/detail-page.tsx"),
        meta.loadDetail?.(),
      ]);
      return { element: <DetailPage resource={resource} /> };
    });
  const form =
    (mode: "create" | "edit"): RouteObject["lazy"] =>
    () =>
      inTaskOfItsOwn(async () => {
        const [{ default: resource }, { FormRoute }] = await Promise.all([load(), import("@/kit/form-page.tsx")]);
        // The router declares form routes only for resources with a form; its schema comes with the form alone.
        const schema = await resource.form!.schema();
        return { element: <FormRoute resource={resource} mode={mode} schema={schema} /> };
      });

  const prefetchList = prefetching(permissions.index, async ({ request }) => {
    const [{ default: resource }, { prefetchList }] = await Promise.all([load(), import("@/kit/prefetch.ts")]);
    prefetchList(resource, new URL(request.url).searchParams);
  });
  const prefetchRecord = (code: PermissionCode | null) =>
    prefetching(code, async ({ params }) => {
      const id = recordId(params.id);
      if (id === null) return;
      const [{ default: resource }, { prefetchRecord }] = await Promise.all([load(), import("@/kit/prefetch.ts")]);
      prefetchRecord(resource, id);
    });

  const children: RouteObject[] = [guarded(permissions.index, { index: true, lazy: list, ...prefetchList })];
  if (permissions.create) children.push(guarded(permissions.create, { path: "create", lazy: form("create") }));
  if (permissions.show) {
    children.push(guarded(permissions.show, { path: ":id", lazy: detail, ...prefetchRecord(permissions.show) }));
  }
  if (permissions.edit) {
    children.push(
      guarded(permissions.edit, { path: ":id/edit", lazy: form("edit"), ...prefetchRecord(permissions.edit) }),
    );
  }
  children.push({ path: "*", lazy: notFound });
  return { path: resourcePath(meta).slice(1), children };
}

export const routes: RouteObject[] = [
  {
    id: "root",
    HydrateFallback: FullPageLoader,
    ErrorBoundary: RootError,
    children: [
      {
        element: <RedirectIfSignedIn />,
        children: [
          { path: "login", lazy: page(() => import("@/features/auth/login-page.tsx")) },
          { path: "forgot-password", lazy: page(() => import("@/features/auth/forgot-password-page.tsx")) },
          {
            path: "password-reset-link-sent",
            lazy: page(() => import("@/features/auth/password-reset-link-sent-page.tsx")),
          },
        ],
      },
      { path: "reset-password", lazy: page(() => import("@/features/auth/reset-password-page.tsx")) },
      { path: "activate-account", lazy: page(() => import("@/features/auth/activate-account-page.tsx")) },
      {
        element: <RequireAuth />,
        children: [
          {
            lazy: page(() => import("./signed-in-layout.tsx")),
            // The menu's badges and saved views with the page's own data.
            ...prefetching(null, () => import("./layout/prefetch.ts").then((module) => module.prefetchSignedInFrame())),
            children: [
              {
                index: true,
                lazy: page(() =>
                  Promise.all([import("@/features/dashboard/dashboard-page.tsx"), loadFeatureTexts("reports")]).then(
                    ([module]) => module,
                  ),
                ),
              },
              ...RESOURCES.map(resourceRoutes),
              {
                path: SETTINGS_NAV.path.slice(1),
                children: [
                  guarded(SETTINGS_NAV.permission, {
                    index: true,
                    lazy: page(() =>
                      Promise.all([
                        import("@/features/settings/fee-settings-page.tsx"),
                        loadFeatureTexts("reports"),
                      ]).then(([module]) => module),
                    ),
                  }),
                ],
              },
              {
                // Any signed-in member: their own factors and sessions (and where enrolment happens when required).
                path: SECURITY_PATH.slice(1),
                lazy: page(() =>
                  Promise.all([import("@/features/security/security-page.tsx"), loadFeatureTexts("security")]).then(
                    ([module]) => module,
                  ),
                ),
              },
              {
                // Any signed-in member: their own exports (each list's Export menu checks its own permission).
                path: EXPORTS_PATH.slice(1),
                lazy: page(() =>
                  Promise.all([import("@/features/exports/exports-page.tsx"), loadFeatureTexts("exports")]).then(
                    ([module]) => module,
                  ),
                ),
              },
              { path: "*", lazy: notFound },
            ],
          },
        ],
      },
    ],
  },
];

/** The app's router. Building it ranks every route and starts the opened page's code and data (main.tsx). */
export const createAppRouter = () => createBrowserRouter(routes);

export type AppRouter = ReturnType<typeof createAppRouter>;
