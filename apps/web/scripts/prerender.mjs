// After `vite build`: writes dist/login.html, the SPA's index.html with the sign-in page already in it (both
// languages; boot.js shows the member's own before the first paint), so /login paints before any script runs.
// The server sends it for /login; the app then renders the same page over it (src/main.tsx).
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "vite";
import { writeCompressed } from "./compress.mjs";

const web = path.resolve(import.meta.dirname, "..");
const dist = path.join(web, "dist");
const ssrOut = path.join(web, "node_modules/.cache/prerender");

await build({
  root: web,
  logLevel: "warn",
  build: { ssr: "src/prerender.tsx", outDir: ssrOut, emptyOutDir: true, manifest: false },
});
const { renderLoginPage } = await import(pathToFileURL(path.join(ssrOut, "prerender.js")).href);
const pages = await renderLoginPage();
rmSync(ssrOut, { recursive: true, force: true });

/** The login route's own chunks and the hand-off's (static imports, transitively): fetched with the entry. */
function loginChunks() {
  const manifest = JSON.parse(readFileSync(path.join(dist, ".vite/manifest.json"), "utf8"));
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit("src/features/auth/login-page.tsx");
  // What the entry loads over the prerendered page only (src/main.tsx).
  visit("src/lib/prerender-handoff.ts");
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  // What the entry's own tags already fetch.
  files.delete(entry.file);
  for (const imported of entry.imports ?? []) files.delete(manifest[imported]?.file);
  return [...files];
}

const languages = Object.keys(pages);
// Only the member's language shows (boot.js sets <html lang> from their choice), and nothing of the sign-in page
// for a member already signed in (the app takes them on).
const visibility = [
  ...languages.map((language) => `html:not([lang="${language}"]) [data-prerendered="${language}"]`),
  "html[data-signed-in] [data-prerendered]",
].join(",\n");
const index = readFileSync(path.join(dist, "index.html"), "utf8");
// The app's scripts start after the first paint (boot.js, with the entry and what to preload in its data
// attributes): fetched alongside the page, they would share a slow link with it and hold its first paint back.
const entryTag = index.match(/<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/);
const entryPreloads = [...index.matchAll(/<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+\.js)">/g)];
if (!entryTag) throw new Error("index.html no longer has the app's entry script where this expects it");
const preload = [...entryPreloads.map(([, file]) => file), ...loginChunks().map((file) => `/${file}`)];
const boot = `<script src="/boot.js" data-entry="${entryTag[1]}" data-preload="${preload.join(" ")}" data-languages="${languages.join(" ")}"></script>`;
const root = languages.map((language) => `<div data-prerendered="${language}">${pages[language]}</div>`).join("");
const hidden = `<style>\n${visibility} { display: none; }\n</style>`;
let login = index
  .replace(entryTag[0], "")
  .replace(/\s*<link rel="modulepreload" crossorigin href="\/assets\/[^"]+\.js">/g, "")
  .replace("</title>", `</title>\n    ${boot}\n    ${hidden}`)
  .replace('<div id="root"></div>', `<div id="root">${root}</div>`);
// The stylesheet in the page: the first paint waits for nothing the network is still fetching alongside the
// scripts (on a slow link they share its bandwidth, and a linked stylesheet arrives with them).
const stylesheets = [...login.matchAll(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g)];
for (const [tag, file] of stylesheets) {
  const css = readFileSync(path.join(dist, file), "utf8");
  if (/url\(/.test(css)) throw new Error(`${file} refers to other files: inlined, their paths would break`);
  login = login.replace(tag, () => `<style>${css}</style>`);
}
if (stylesheets.length === 0 || !login.includes("data-prerendered") || !login.includes("/boot.js")) {
  throw new Error("index.html no longer has the places the sign-in page goes in");
}

const target = path.join(dist, "login.html");
writeFileSync(target, login);
// Compressed copies as for every other file of the build (vite.config.ts, precompress).
const original = Buffer.from(login);
await writeCompressed(target, original);
console.log(`dist/login.html: the sign-in page in ${languages.join(" and ")}, ${original.length} bytes`);
