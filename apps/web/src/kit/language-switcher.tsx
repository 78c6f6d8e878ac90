import { SegmentedControl } from "@mantine/core";
import { LANGUAGES, type Language } from "@palco/shared/constants";
import { useTranslation } from "react-i18next";
import { changeLanguage, currentLanguage } from "@/lib/i18n.ts";

/** English/Spanish switch; the choice is kept in localStorage (`palco.language`) and sets <html lang>. */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  return (
    <SegmentedControl
      size="xs"
      radius="md"
      aria-label={t("TOP_BAR.LANGUAGE")}
      value={currentLanguage()}
      onChange={(value) => void changeLanguage(value as Language)}
      data={LANGUAGES.map((language) => ({ value: language, label: t(`LANGUAGES.${language}`) }))}
    />
  );
}
