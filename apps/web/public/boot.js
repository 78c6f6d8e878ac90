// The prerendered pages' first script (dist/login.html and dist/shell.html; classic and same-origin, so the
// Content-Security-Policy allows it). Before the first paint: the member's colour scheme and language, whether they
// are signed in, and the page being opened (the shell shows that page's title). After it: the app itself
// (`data-entry`, with `data-preload` fetched alongside), so the page shows before any of the app's script shares
// the network with it.
(() => {
  const html = document.documentElement;
  const { entry, preload = "", languages = "" } = document.currentScript?.dataset ?? {};
  // The languages the page is there in (`data-languages`, written with the page by scripts/prerender.mjs).
  const available = languages.split(" ").filter(Boolean);
  html.setAttribute("data-page", location.pathname.replace(/(.)\/+$/, "$1"));
  try {
    const chosen = localStorage.getItem("mantine-color-scheme-value");
    const scheme =
      chosen === "light" || chosen === "dark"
        ? chosen
        : matchMedia("(prefers-color-scheme: dark)").matches
          ? "dark"
          : "light";
    html.setAttribute("data-mantine-color-scheme", scheme);
    const language = localStorage.getItem("palco.language");
    if (available.includes(language)) html.lang = language;
    const stored = localStorage.getItem("palco.session");
    if (stored) {
      html.setAttribute("data-signed-in", "");
      greetOnceParsed(stored);
      // A signed-in page shows counts, amounts and dates. The page's first number or date formatter loads the
      // language's locale data (about 30 ms on a laptop, four times that on a phone), which would otherwise land in
      // the render that shows the rows; before the first paint it blocks nothing the member could use yet.
      if (entry) {
        new Intl.NumberFormat(html.lang).format(0);
        new Intl.DateTimeFormat(html.lang).format(0);
      }
    }
    // The menu folded away on a wide screen (app-layout.tsx keeps the choice as JSON).
    if (localStorage.getItem("palco.sidebar") === "false") html.setAttribute("data-menu-folded", "");
  } catch {
    // Storage unavailable: the page as prerendered, in the default language and the light scheme.
    html.setAttribute("data-mantine-color-scheme", "light");
  }

  // The frame's dashboard greeting (src/prerender.tsx): the member's first name, as the dashboard writes it, shown
  // to a member who may read one of its reports. The page below this script is parsed by then; until then the
  // greeting keeps its room, invisible.
  function greetOnceParsed(stored) {
    let user;
    try {
      user = JSON.parse(stored).user;
    } catch {
      return;
    }
    // A member who must first enrol a second factor is taken there, not to the dashboard (lib/use-can.ts).
    if (!user || user.mfaEnrollmentRequired) return;
    document.addEventListener("DOMContentLoaded", () => {
      for (const greeting of document.querySelectorAll("[data-shell-greeting]")) {
        const readers = greeting.getAttribute("data-shell-greeting").split(" ");
        if (!user.isSuperAdmin && !readers.some((code) => user.permissions?.includes(code))) continue;
        for (const name of greeting.querySelectorAll("[data-member-name]")) {
          name.textContent = user.firstName || user.email;
        }
        greeting.setAttribute("data-ready", "");
      }
    });
  }

  if (!entry) return;
  const PRELOADS_PER_TASK = 2;
  // Enter or the button before the app has started: not the browser's own submission, which would put the password
  // in the address; the app submits the form once it has taken the page over (src/lib/prerendered.ts).
  document.addEventListener(
    "submit",
    (event) => {
      const form = event.target instanceof Element ? event.target.closest("[data-prerendered] form") : null;
      if (!form) return;
      event.preventDefault();
      form.setAttribute("data-submitted", "");
    },
    true,
  );
  // The language switch before the app has started: the page is there in each language, the choice shows the other
  // at once and is kept where the app reads it.
  document.addEventListener("change", (event) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || input.type !== "radio") return;
    if (!input.closest("[data-prerendered] header") || !available.includes(input.value)) return;
    html.lang = input.value;
    for (const radio of document.querySelectorAll(`[data-prerendered] header input[value="${input.value}"]`)) {
      radio.checked = true;
    }
    try {
      localStorage.setItem("palco.language", input.value);
    } catch {
      // Storage unavailable: the app starts in the default language.
    }
  });
  // The app's entry first, then the chunks it will ask for, a few per task: each request costs the main thread a
  // few milliseconds on a phone, and all of them in one task made the longest task of the start.
  const start = () => {
    const script = document.createElement("script");
    script.type = "module";
    script.crossOrigin = "";
    script.src = entry;
    document.head.append(script);
    const pending = preload.split(" ").filter(Boolean);
    const preloadSome = () => {
      for (const href of pending.splice(0, PRELOADS_PER_TASK)) {
        const link = document.createElement("link");
        link.rel = "modulepreload";
        link.crossOrigin = "";
        link.href = href;
        document.head.append(link);
      }
      if (pending.length > 0) setTimeout(preloadSome, 0);
    };
    preloadSome();
  };
  // The page is parsed; the next frame paints it; a task queued from that frame runs after the paint.
  document.addEventListener("DOMContentLoaded", () => requestAnimationFrame(() => setTimeout(start, 0)));
})();
