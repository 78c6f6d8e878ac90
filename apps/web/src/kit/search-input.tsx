import { CloseButton, TextInput } from "@mantine/core";
import { SEARCH_MAX_LENGTH } from "@palco/shared/constants";
import { IconSearch } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useSettledText } from "./settled-text.ts";

type Props = {
  /** The search in the URL. */
  value: string;
  /** Called 300 ms after the user stops typing, with the trimmed text. */
  onSearch: (value: string) => void;
  label: string;
  placeholder?: string;
};

/** Room around the placeholder text: the search icon on the left, the clear button on the right. */
const ICON_SECTIONS_WIDTH = "4.5rem";
const MIN_WIDTH = "280px";

export function SearchInput({ value, onSearch, label, placeholder }: Props) {
  const { t } = useTranslation();
  const shownPlaceholder = placeholder ?? label;
  const [text, setText] = useSettledText(value, onSearch);

  return (
    <TextInput
      type="search"
      aria-label={label}
      placeholder={shownPlaceholder}
      value={text}
      maxLength={SEARCH_MAX_LENGTH}
      onChange={(event) => setText(event.currentTarget.value)}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={
        text ? (
          <CloseButton
            size="sm"
            aria-label={t("COMMON.CLEAR_SEARCH")}
            onClick={() => {
              setText("");
            }}
          />
        ) : null
      }
      // Wide enough for the whole placeholder in every language ("1ch" is a digit's width, a little wider than the
      // average letter), never narrower than the other filters' row needs nor wider than the card.
      w={{ base: "100%", sm: `max(${MIN_WIDTH}, calc(${shownPlaceholder.length}ch + ${ICON_SECTIONS_WIDTH}))` }}
      maw="100%"
    />
  );
}
