import { Box, Skeleton } from "@mantine/core";

export const ROW_BORDER = "1px solid var(--mantine-color-default-border)";

/**
 * The phone's cards while the rows load (list-cards.tsx), and while the cards' code does (list-page.tsx loads it
 * only on phones).
 */
export function ListCardsSkeleton({ count }: { count: number }) {
  return (
    <Box aria-hidden>
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cards have no identity
        <Box key={index} p="md" style={{ borderBottom: ROW_BORDER }}>
          <Skeleton height={20} width="60%" radius="sm" mb={8} />
          <Skeleton height={14} width="80%" radius="sm" />
        </Box>
      ))}
    </Box>
  );
}
