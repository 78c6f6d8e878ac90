import { useEffect } from "react";
import { useTranslation } from "react-i18next";

/** The page's own title, and the unread count the tab shows in front of it: "(3) Countries · Palco Admin". */
let pageTitle = "";
let unread = 0;

/** The tab's title for a page title and an unread count (none at zero). */
export function tabTitle(title: string, count: number): string {
  return count > 0 ? `(${count}) ${title}` : title;
}

function apply() {
  if (typeof document !== "undefined" && pageTitle) document.title = tabTitle(pageTitle, unread);
}

/** The unread notifications, shown in front of every page's title until they are read. */
export function setTitleCount(count: number) {
  unread = count;
  apply();
}

/** Sets document.title from a translation key (or an already translated text), e.g. "Countries · Palco Admin". */
export function usePageTitle(key: string, options?: { translated?: boolean }) {
  const { t } = useTranslation();
  const text = options?.translated ? key : t(key);
  const app = t("APP.NAME");
  useEffect(() => {
    pageTitle = text && text !== app ? `${text} · ${app}` : app;
    apply();
  }, [text, app]);
  return text;
}
