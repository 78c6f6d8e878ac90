import { CloseButton, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { SEARCH_DEBOUNCE_MS, SEARCH_MAX_LENGTH } from "@palco/shared/constants";
import { IconSearch } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

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
  const [text, setText] = useState(value);
  const [debounced] = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const pushed = useRef(value);

  // The URL changed from elsewhere (back button, clear filters): show it.
  useEffect(() => {
    if (value !== pushed.current) {
      pushed.current = value;
      setText(value);
    }
  }, [value]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled text is pushed
  useEffect(() => {
    const next = debounced.trim();
    if (next !== pushed.current) {
      pushed.current = next;
      onSearch(next);
    }
  }, [debounced]);

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
