import { useDebouncedValue } from "@mantine/hooks";
import { SEARCH_DEBOUNCE_MS } from "@palco/shared/constants";
import { useEffect, useRef, useState } from "react";

/**
 * A text box that feeds the URL: local state while the user types, `onSettled` with the trimmed text once they
 * pause (300 ms, the spec's debounce), and the box follows the URL when it changes from elsewhere (back button,
 * clear filters). Returns the text to show and its setter.
 */
export function useSettledText(value: string, onSettled: (value: string) => void) {
  const [text, setText] = useState(value);
  const [settled] = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const pushed = useRef(value);

  useEffect(() => {
    if (value !== pushed.current) {
      pushed.current = value;
      setText(value);
    }
  }, [value]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled text is pushed
  useEffect(() => {
    const next = settled.trim();
    if (next !== pushed.current) {
      pushed.current = next;
      onSettled(next);
    }
  }, [settled]);

  return [text, setText] as const;
}
