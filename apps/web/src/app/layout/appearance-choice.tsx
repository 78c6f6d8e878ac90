import { type MantineColorScheme, Menu, useMantineColorScheme } from "@mantine/core";
import { IconCheck } from "@tabler/icons-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";

const SCHEMES: { value: MantineColorScheme; label: string }[] = [
  { value: "auto", label: "TOP_BAR.SCHEME_AUTO" },
  { value: "light", label: "TOP_BAR.SCHEME_LIGHT" },
  { value: "dark", label: "TOP_BAR.SCHEME_DARK" },
];

/**
 * Light, dark or the system's choice (the default), kept in this browser by Mantine's colour-scheme manager. A group
 * of radio items: the chosen one is announced as checked and marked with a tick.
 */
export default function AppearanceChoice() {
  const { t } = useTranslation();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const labelId = useId();
  return (
    <>
      <Menu.Label id={labelId}>{t("TOP_BAR.APPEARANCE")}</Menu.Label>
      {/* biome-ignore lint/a11y/useSemanticElements: inside role="menu" only a group of menu items is allowed, not a fieldset. */}
      <div role="group" aria-labelledby={labelId}>
        {SCHEMES.map((scheme) => (
          <Menu.Item
            key={scheme.value}
            // Mantine names every item "menuitem"; a choice of one among several is a "menuitemradio".
            renderRoot={(props) => (
              <button type="button" {...props} role="menuitemradio" aria-checked={colorScheme === scheme.value} />
            )}
            closeMenuOnClick={false}
            leftSection={
              <IconCheck
                size={16}
                aria-hidden
                style={{ visibility: colorScheme === scheme.value ? "visible" : "hidden" }}
              />
            }
            onClick={() => setColorScheme(scheme.value)}
          >
            {t(scheme.label)}
          </Menu.Item>
        ))}
      </div>
      <Menu.Divider />
    </>
  );
}
