// `npm run simulate`: simulated marketplace activity on the running app, live — members signing up, owners and
// boxes sent for review, bookings made and paid, guests and owners writing — so whoever watches the back-office sees
// notifications, badges and threads move. The API runs it in its own process through the marketplace's domain
// services (POST /api/simulation, super-admins only, on a server with SIMULATION=true or the demo data); this
// script signs in, starts a run, prints each event as it happens and stops by itself (or on Ctrl+C).
//
//   npm run simulate                                   30 events, one a second, on http://localhost:3000
//   npm run simulate -- --rate 2 --duration 60         two a second for a minute
//   npm run simulate -- --count 100 --rate 0.5 --url http://palco.example.com --email me@example.com
//
// The password comes from --password, ADMIN_PASSWORD or a prompt.
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";

const HELP = `Usage: npm run simulate -- [options]

  --count N       stop after N events (default 30; with --duration alone, the duration decides)
  --rate R        events per second, decimals allowed (default 1)
  --interval MS   milliseconds between events (instead of --rate)
  --duration S    stop after S seconds at the latest (at most 3600)
  --url URL       the running app (default PUBLIC_URL, else http://localhost:$PORT or :3000)
  --email E       a super-admin's e-mail (default ADMIN_EMAIL, else admin@palco.local)
  --password P    its password (default ADMIN_PASSWORD, else asked)
  --help          this text`;

function fail(message) {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

let args;
try {
  args = parseArgs({
    options: {
      count: { type: "string" },
      rate: { type: "string" },
      interval: { type: "string" },
      duration: { type: "string" },
      url: { type: "string" },
      email: { type: "string" },
      password: { type: "string" },
      help: { type: "boolean" },
    },
  }).values;
} catch (error) {
  fail(`${error.message}\n\n${HELP}`);
}
if (args.help) {
  console.log(HELP);
  process.exit(0);
}

const number = (name, text) => {
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) fail(`--${name} must be a positive number`);
  return value;
};
const body = {};
if (args.count !== undefined) body.count = Math.round(number("count", args.count));
if (args.rate !== undefined && args.interval !== undefined) fail("Give --rate or --interval, not both");
if (args.rate !== undefined) body.intervalMs = Math.round(1000 / number("rate", args.rate));
if (args.interval !== undefined) body.intervalMs = Math.round(Number(args.interval));
if (args.duration !== undefined) body.durationMs = Math.round(number("duration", args.duration) * 1000);

const base = (args.url ?? process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT || 3000}`).replace(/\/+$/, "");
const email = args.email ?? process.env.ADMIN_EMAIL ?? "admin@palco.local";

/** Asks for the password without echoing it (a terminal only). */
function askPassword() {
  if (!process.stdin.isTTY) fail("No password: pass --password or set ADMIN_PASSWORD");
  return new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    rl._writeToOutput = (text) => {
      if (text.startsWith("Password")) process.stdout.write(text);
    };
    rl.question(`Password for ${email}: `, (answer) => {
      rl.close();
      process.stdout.write("\n");
      resolve(answer);
    });
  });
}

async function api(path, options = {}) {
  try {
    return await fetch(`${base}${path}`, {
      ...options,
      headers: { "content-type": "application/json", "accept-language": "en", ...options.headers },
    });
  } catch (error) {
    if (error.name === "AbortError") throw error;
    fail(`Cannot reach ${base} (${error.cause?.code ?? error.message}): is the app running? (npm start)`);
  }
}

async function errorText(response) {
  try {
    const answer = await response.json();
    return answer.message ?? JSON.stringify(answer);
  } catch {
    return `HTTP ${response.status}`;
  }
}

const password = args.password ?? process.env.ADMIN_PASSWORD ?? (await askPassword());
const login = await api("/api/auth/login", {
  method: "POST",
  body: JSON.stringify({ provider: "email", user: email, secret: password }),
});
if (!login.ok) fail(`Sign-in as ${email} failed: ${await errorText(login)}`);
const { data: session } = await login.json();
const authorization = `Bearer ${session.token}`;

async function signOut() {
  await api("/api/auth/logout", {
    method: "POST",
    headers: { authorization },
    body: JSON.stringify({ refreshToken: session.refreshToken }),
  }).catch(() => {});
}

const controller = new AbortController();
let interrupted = false;
process.once("SIGINT", () => {
  interrupted = true;
  controller.abort();
});

const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
const time = (iso) => new Date(iso).toLocaleTimeString("en-GB");
let events = 0;
let width = 2;
function print(line) {
  switch (line.type) {
    case "start": {
      const bounds = [];
      if (body.count !== undefined || body.durationMs === undefined) bounds.push(plural(line.count, "event"));
      if (body.durationMs !== undefined) bounds.push(`${Math.round(line.durationMs / 1000)} s`);
      const pace = line.intervalMs > 0 ? `one event every ${line.intervalMs} ms` : "as fast as it goes";
      width = String(body.count ?? (body.durationMs === undefined ? line.count : 9999)).length;
      console.log(`Simulating on ${base}: ${pace}, for ${bounds.join(" or ")} (Ctrl+C stops it)`);
      break;
    }
    case "event":
      events = line.n;
      console.log(
        `[${String(line.n).padStart(width)}] ${time(line.at)}  ${line.kind.padEnd(16)} ${line.summary}` +
          (line.notified > 0 ? `  · ${line.notified} staff notified` : ""),
      );
      break;
    case "end":
      events = line.events;
      console.log(
        line.reason === "error"
          ? `Stopped after ${plural(line.events, "event")}: ${line.summary}`
          : `Done: ${plural(line.events, "event")} (${{ count: "count reached", duration: "time is up", stopped: "stopped" }[line.reason]}).`,
      );
      if (line.reason === "error") process.exitCode = 1;
      break;
  }
}

try {
  const response = await api("/api/simulation", {
    method: "POST",
    headers: { authorization },
    body: JSON.stringify(body),
    signal: controller.signal,
  });
  if (!response.ok) {
    process.exitCode = 1;
    process.stderr.write(`The server refused the simulation: ${await errorText(response)}\n`);
  } else {
    const decoder = new TextDecoder();
    let pending = "";
    for await (const chunk of response.body) {
      pending += decoder.decode(chunk, { stream: true });
      let newline = pending.indexOf("\n");
      while (newline >= 0) {
        const text = pending.slice(0, newline).trim();
        pending = pending.slice(newline + 1);
        if (text) print(JSON.parse(text));
        newline = pending.indexOf("\n");
      }
    }
  }
} catch (error) {
  if (!interrupted) throw error;
  // Closing the connection stops the run on the server.
  console.log(`\nInterrupted after ${plural(events, "event")}.`);
} finally {
  await signOut();
}
