// `npm run dev`: the API with reload on :3000 and the Vite dev server on :5173 (which proxies /api to it).
import { spawn } from "node:child_process";

const children = [
  spawn("npm", ["run", "dev", "-w", "@palco/api"], { stdio: "inherit" }),
  spawn("npm", ["run", "dev", "-w", "@palco/web"], { stdio: "inherit" }),
];
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) child.on("exit", (code) => code && stop());
