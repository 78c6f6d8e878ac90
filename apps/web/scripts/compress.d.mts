export function writeCompressed(file: string, original: Buffer): Promise<void>;
