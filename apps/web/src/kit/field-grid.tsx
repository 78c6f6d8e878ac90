import { Box, SimpleGrid, Skeleton, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { fieldValue } from "./field-value.tsx";
import type { Field } from "./resource.ts";

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
            {record ? fieldValue(field, record, t) : <Skeleton height={20} width="60%" radius="sm" />}
          </Box>
        </Box>
      ))}
    </SimpleGrid>
  );
}
