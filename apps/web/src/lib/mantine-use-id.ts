import { useId as useReactId } from "react";

/**
 * Mantine's `useId` (from @mantine/hooks) as the build hands it to Mantine (vite.config.ts, `stableMantineIds`):
 * React's own id, the same from the first render on. Mantine's own starts from React's id and swaps it for a random
 * one in a layout effect, so every input, popover, menu and tooltip rendered a second time right after it mounted,
 * synchronously inside React's commit (which also ran the page's passive effects there): on a phone, one of the
 * longest tasks of a page's start. React's id is unique within the app and already what Mantine renders first.
 */
export function useId(staticId?: string): string {
  const reactId = useReactId();
  return typeof staticId === "string" ? staticId : `mantine-${reactId.replace(/:/g, "")}`;
}
