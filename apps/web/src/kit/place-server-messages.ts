import { asSentence } from "./format.ts";

/**
 * Sorts a 422/409 answer's messages: those of a field on screen go under it (one text per field, the distinct
 * messages as sentences when several keys such as "roles.0" and "roles.1" belong to it), the rest stay for the alert.
 */
export function placeServerMessages(
  messages: Record<string, string>,
  shownFields: ReadonlySet<string>,
): { onFields: Map<string, string>; unplaced: string[] } {
  const perField = new Map<string, string[]>();
  const unplaced: string[] = [];
  for (const [key, text] of Object.entries(messages)) {
    if (text.trim() === "") continue;
    // "roles.0" or "roles[]" belong to the roles field.
    const name = key.split(/[.[]/)[0] ?? key;
    if (!shownFields.has(name)) {
      unplaced.push(text);
      continue;
    }
    const texts = perField.get(name) ?? [];
    if (!texts.includes(text)) texts.push(text);
    perField.set(name, texts);
  }
  const onFields = new Map(
    [...perField].map(([name, texts]) => [name, texts.length === 1 ? texts[0]! : texts.map(asSentence).join(" ")]),
  );
  return { onFields, unplaced };
}
