import { Box, type CheckboxProps, Group, Text } from "@mantine/core";
import { lazy, Suspense } from "react";

// Mantine's Checkbox brings its group, card and indicator along (a few KiB): the lists load it after their first
// paint, and a box of the checkbox's size stands in until then.
const Checkbox = lazy(() => import("./checkbox.ts").then((module) => ({ default: module.Checkbox })));

/** Side of Mantine's checkbox at its default size ("sm"). */
const SIZE = 20;

/** A selection checkbox of a list (kit/bulk-actions.tsx). */
export function SelectCheckbox(props: CheckboxProps) {
  const stand = (
    <Box
      w={SIZE}
      h={SIZE}
      aria-hidden
      style={{ border: "1px solid var(--mantine-color-default-border)", borderRadius: 4, flexShrink: 0 }}
    />
  );
  return (
    <Suspense
      fallback={
        props.label ? (
          <Group gap="sm" wrap="nowrap" aria-hidden>
            {stand}
            <Text size="sm">{props.label}</Text>
          </Group>
        ) : (
          stand
        )
      }
    >
      <Checkbox {...props} />
    </Suspense>
  );
}
