import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const SOURCE = path.resolve(import.meta.dirname, "..");

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith(".tsx") ? [full] : [];
  });
}

// A user-visible prop given a literal word (aria-label="Loading") instead of a translation.
const LITERAL_PROP =
  /\b(aria-label|aria-description|title|placeholder|alt|label|description|closeButtonLabel)="[^"]*[A-Za-z]/g;
// Text between JSX tags that starts with a letter ( >Loading< ), outside of braces (not an arrow: "=> Promise<").
const LITERAL_TEXT = /(?<!=)>\s*[A-Za-z][A-Za-z ,.!?'’-]*\s*</g;

describe("user-visible texts", () => {
  it("are translated, never written in the JSX", () => {
    const found: string[] = [];
    for (const file of sourceFiles(SOURCE)) {
      const text = readFileSync(file, "utf8");
      for (const pattern of [LITERAL_PROP, LITERAL_TEXT]) {
        for (const match of text.matchAll(pattern)) found.push(`${path.relative(SOURCE, file)}: ${match[0].trim()}`);
      }
    }
    expect(found).toEqual([]);
  });
});
