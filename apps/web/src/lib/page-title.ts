import { useEffect } from "react";
import { useTranslation } from "react-i18next";

/** Sets document.title from a translation key (or an already translated text), e.g. "Countries · Palco Admin". */
export function usePageTitle(key: string, options?: { translated?: boolean }) {
  const { t } = useTranslation();
  const text = options?.translated ? key : t(key);
  const app = t("APP.NAME");
  useEffect(() => {
    document.title = text && text !== app ? `${text} · ${app}` : app;
  }, [text, app]);
  return text;
}
