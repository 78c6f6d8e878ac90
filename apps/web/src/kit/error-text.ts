import type { ReactNode } from "react";
import type { FieldError } from "react-hook-form";
import { useTranslation } from "react-i18next";

/** Client messages are translation keys; server messages (type "server") arrive already translated. */
export function useErrorText() {
  const { t } = useTranslation();
  return (error: FieldError | undefined): ReactNode =>
    error?.message ? (error.type === "server" ? error.message : t(error.message)) : undefined;
}
