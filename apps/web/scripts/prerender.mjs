// After `vite build`: writes the SPA's index.html with a page already in it, so the first paint comes before any
// script runs. dist/login.html holds the sign-in page; dist/shell.html the signed-in area's frame with the title
// of the page being opened (boot.js names it). Both languages are in each; boot.js shows the member's own before the
// first paint. The server sends login.html for /login and shell.html for every other address of the app; the app
// then renders over it (src/main.tsx).
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "vite";
import { readBuildChunks } from "./build-chunks.mjs";
import { writeCompressed } from "./compress.mjs";

const web = path.resolve(import.meta.dirname, "..");
const dist = path.join(web, "dist");
const ssrOut = path.join(web, "node_modules/.cache/prerender");

await build({
  root: web,
  logLevel: "warn",
  build: { ssr: "src/prerender.tsx", outDir: ssrOut, emptyOutDir: true, manifest: false },
});
const { renderLoginPage, renderSignedInShell, SHELL_PAGES } = await import(
  pathToFileURL(path.join(ssrOut, "prerender.js")).href
);
const loginPages = await renderLoginPage();
const shellPages = await renderSignedInShell();
rmSync(ssrOut, { recursive: true, force: true });

const { manifest, staticChunks } = readBuildChunks(dist);
const entry = Object.values(manifest).find((chunk) => chunk.isEntry);

/** The chunks of these modules (static imports, transitively), less what the entry's own tags already fetch. */
function chunksOf(modules) {
  const files = new Set(staticChunks(modules).map((chunk) => chunk.file));
  files.delete(entry.file);
  for (const imported of entry.imports ?? []) files.delete(manifest[imported]?.file);
  return [...files];
}

const index = readFileSync(path.join(dist, "index.html"), "utf8");
// The app's scripts start after the first paint (boot.js, with the entry and what to preload in its data
// attributes): fetched alongside the page, they would share a slow link with it and hold its first paint back.
const entryTag = index.match(/<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/);
const entryPreloads = [...index.matchAll(/<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+\.js)">/g)];
if (!entryTag) throw new Error("index.html no longer has the app's entry script where this expects it");

/**
 * index.html with `pages` (by language) in #root, each in a wrapper with `attributes`, `css` (what shows which of
 * them) and boot.js starting the app after the first paint with the entry's preloads and the chunks of `modules`;
 * the stylesheet inlined.
 */
function prerendered(pages, { css, modules, attributes = "" }) {
  const languages = Object.keys(pages);
  const preload = [...entryPreloads.map(([, file]) => file), ...chunksOf(modules).map((file) => `/${file}`)];
  const boot = `<script src="/boot.js" data-entry="${entryTag[1]}" data-preload="${preload.join(" ")}" data-languages="${languages.join(" ")}"></script>`;
  const root = languages
    .map((language) => `<div data-prerendered="${language}"${attributes}>${pages[language]}</div>`)
    .join("");
  // Only the member's language shows (boot.js sets <html lang> from their choice).
  const visibility = languages.map((language) => `html:not([lang="${language}"]) [data-prerendered="${language}"]`);
  const hidden = `<style>\n${visibility.join(",\n")} { display: none; }\n${css}\n</style>`;
  let html = index
    .replace(entryTag[0], "")
    .replace(/\s*<link rel="modulepreload" crossorigin href="\/assets\/[^"]+\.js">/g, "")
    .replace("</title>", `</title>\n    ${boot}\n    ${hidden}`)
    .replace('<div id="root"></div>', `<div id="root">${root}</div>`);
  // The stylesheet in the page: the first paint waits for nothing the network is still fetching alongside the
  // scripts (on a slow link they share its bandwidth, and a linked stylesheet arrives with them).
  const stylesheets = [...html.matchAll(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g)];
  for (const [tag, file] of stylesheets) {
    const stylesheet = readFileSync(path.join(dist, file), "utf8");
    if (/url\(/.test(stylesheet)) throw new Error(`${file} refers to other files: inlined, their paths would break`);
    // The link stays, disabled (never fetched): a lazy route's import lists the entry's stylesheet among its
    // dependencies, and Vite's loader adds it to the page unless a stylesheet link to it is already there. Without
    // the link every signed-in page downloaded the stylesheet again and styled the page with each rule twice.
    const kept = `<link rel="stylesheet" href="/${file}" disabled>`;
    html = html.replace(tag, () => `<style>${stylesheet}</style>${kept}`);
  }
  if (stylesheets.length === 0 || !html.includes("data-prerendered") || !html.includes("/boot.js")) {
    throw new Error("index.html no longer has the places a prerendered page goes in");
  }
  return html;
}

async function write(name, html, what) {
  const target = path.join(dist, name);
  writeFileSync(target, html);
  // Compressed copies as for every other file of the build (vite.config.ts, precompress).
  const original = Buffer.from(html);
  await writeCompressed(target, original);
  console.log(`dist/${name}: ${what}, ${original.length} bytes`);
}

await write(
  "login.html",
  prerendered(loginPages, {
    // Nothing of the sign-in page for a member already signed in (the app takes them on).
    css: "html[data-signed-in] [data-prerendered] { display: none; }",
    // The login route's own chunks and the hand-off's (src/main.tsx loads it over a prerendered page).
    modules: ["src/features/auth/login-page.tsx", "src/lib/prerender-handoff.ts"],
  }),
  "the sign-in page",
);

// Each title shows only on its own page (boot.js puts the address in <html data-page>); the frame shows only to a
// member who is signed in (the others are taken to the sign-in page).
const titles = SHELL_PAGES.map(({ path: page }) => `html[data-page="${page}"] [data-shell-page="${page}"]`);
await write(
  "shell.html",
  prerendered(shellPages, {
    css: [
      "html:not([data-signed-in]) [data-prerendered] { display: none; }",
      "[data-shell-page] { display: none; }",
      // The dashboard's greeting waits, its room kept, for boot.js to write the member's name into it.
      "[data-shell-greeting]:not([data-ready]) { visibility: hidden; }",
      `${titles.join(",\n")} { display: block; }`,
      // The menu folded away on a wide screen, as the member left it (boot.js reads the app's stored choice): the
      // page then starts at the left edge, as the app's own frame will.
      "@media (min-width: 48em) { html[data-menu-folded] [data-prerendered] {",
      "  --app-shell-navbar-offset: 0px;",
      "  --app-shell-navbar-transform: translateX(calc(var(--app-shell-navbar-width) * -1));",
      "} }",
    ].join("\n"),
    // Every signed-in page's layout, and the hand-off.
    modules: ["src/app/signed-in-layout.tsx", "src/lib/prerender-handoff.ts"],
    // A picture of the page until the app has started: nothing in it can be used yet (its burger opens nothing),
    // so it takes no focus or click and assistive technologies meet the page once the app has rendered it.
    attributes: ' inert aria-hidden="true"',
  }),
  `the signed-in frame with the titles of ${SHELL_PAGES.length} pages`,
);
