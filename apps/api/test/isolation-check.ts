import { afterAll, expect, vi } from "vitest";

// The "api" project's files share each worker's modules and globals (vitest.config.ts, isolate: false), so a file
// must leave the clock as it found it: a fake one would stop the next file's timers and throttling windows.
afterAll(() => {
  const leftFake = vi.isFakeTimers();
  vi.useRealTimers();
  expect(leftFake, "fake timers left on: undo vi.useFakeTimers where the test sets it").toBe(false);
});
