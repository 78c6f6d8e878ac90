export function chromiumExecutable(): string | undefined;
export const CHROMIUM_ARGS: string[];
