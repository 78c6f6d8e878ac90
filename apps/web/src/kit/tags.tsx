import { Badge, Group } from "@mantine/core";

/** A list value: strings, or objects with a name. */
export function namesOf(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value
    .map((item) =>
      typeof item === "string" ? item : item && typeof item === "object" && "name" in item ? String(item.name) : "",
    )
    .filter(Boolean);
}

/** Names as small badges (a user's roles); a dash when there are none. */
export function Tags({ value }: { value: unknown }) {
  const names = namesOf(value);
  if (names.length === 0) return "—";
  return (
    <Group gap={6} component="span">
      {names.map((name) => (
        <Badge key={name} variant="light" radius="sm" tt="none" fw={600}>
          {name}
        </Badge>
      ))}
    </Group>
  );
}
