import { useCallback, useState } from "react";

/**
 * The props that keep a closed Mantine Select or MultiSelect out of the page until the member comes near it.
 *
 * Mantine keeps every closed combobox's option list in the page, hidden, so that the first ArrowDown can highlight
 * an option at once. Each hidden list is still positioned by floating-ui as it mounts, which makes the browser work
 * out the styles and layout of the whole page there and then: with five filters above the bookings list that was
 * about 55 ms of the list's first render on a laptop (four times that on a phone), for lists nobody had opened.
 *
 * Here the list is kept in the page from the moment the pointer reaches the field or the field takes focus, so the
 * keyboard behaves as before (Tab, then ArrowDown highlights the first option) and a click opens it as always.
 */
export function useDropdownOnApproach() {
  const [approached, setApproached] = useState(false);
  const approach = useCallback(() => setApproached(true), []);
  return {
    comboboxProps: { keepMounted: approached },
    onPointerEnter: approach,
    onFocusCapture: approach,
  };
}
