import { useMantineTheme } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";

/**
 * Whether the window is narrower than the `sm` breakpoint (where the sidebar becomes a drawer too). Read on the
 * first render rather than in an effect, so a phone never paints the desktop layout first and then jumps.
 */
export function usePhone(): boolean {
  const theme = useMantineTheme();
  return useMediaQuery(`not all and (min-width: ${theme.breakpoints.sm})`, false, { getInitialValueInEffect: false });
}
