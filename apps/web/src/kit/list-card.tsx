import { Card, Group } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * The card that holds a list: its toolbar (search and filters) on top, then the rows. The list page draws it, and so
 * does the prerendered frame (src/prerender.tsx), with the search box alone, where the page will have it.
 */
export function ListCard({ children }: { children: ReactNode }) {
  return (
    <Card withBorder radius="md" p={0}>
      {children}
    </Card>
  );
}

/** The card's first row: the search box, the filters and their reset, wrapping on narrow screens. */
export function ListToolbar({ children }: { children: ReactNode }) {
  return (
    <Group p="md" gap="sm" wrap="wrap" style={{ borderBottom: "1px solid var(--mantine-color-default-border)" }}>
      {children}
    </Group>
  );
}
