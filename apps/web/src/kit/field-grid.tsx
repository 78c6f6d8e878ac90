import { Box, SimpleGrid, Skeleton, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { fieldValue } from "./field-value.tsx";
import { FIELD_LINE_GAP, type Field } from "./resource.ts";

/**
 * Label/value pairs as a description list in up to three columns: a detail page's fields. Without a record yet,
 * each value is a placeholder of the same height, so nothing moves when it arrives.
 */
export function FieldGrid<T>({ fields, record }: { fields: Field<T>[]; record: T | undefined }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 2, lg: 3 }} spacing="xl" verticalSpacing="lg" m={0}>
      {fields.map((field) => (
        <Box key={field.key}>
          <Text component="dt" size="xs" fw={600} c="dimmed" tt="uppercase" mb={4} style={{ letterSpacing: 0.3 }}>
            {t(field.label)}
          </Text>
          <Box component="dd" m={0} fz="sm">
            {record ? fieldValue(field, record, t) : <ValuePlaceholder lines={field.lines ?? 1} />}
          </Box>
        </Box>
      ))}
    </SimpleGrid>
  );
}

/** One line of a value's text (the values are `sm`): a placeholder line exactly as tall. */
const LINE_HEIGHT = "calc(var(--mantine-font-size-sm) * var(--mantine-line-height))";

/** A value's place while the record loads: a bar per line, as tall as the lines of text it stands for. */
function ValuePlaceholder({ lines }: { lines: number }) {
  return (
    <Stack gap={FIELD_LINE_GAP}>
      {Array.from({ length: lines }, (_, line) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder lines have no identity
        <Skeleton key={line} height={LINE_HEIGHT} width={line === 0 ? "60%" : "80%"} radius="sm" />
      ))}
    </Stack>
  );
}
