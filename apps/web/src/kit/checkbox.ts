// The lazily loaded part of select-checkbox.tsx.
export { Checkbox } from "@mantine/core";
