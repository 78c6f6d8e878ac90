import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ImageRejectedError, ImageStore } from "../src/platform/images.ts";
import { images } from "./images.ts";

let root: string;
let store: ImageStore;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "palco-images-"));
  store = new ImageStore(root);
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const avatar = { folder: "avatars", maxWidth: 512, maxHeight: 512, fit: "cover" } as const;

async function rejection(input: Buffer) {
  const error = await store.store(input, avatar).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ImageRejectedError);
  return (error as ImageRejectedError).problem;
}

describe("ImageStore", () => {
  it("stores a re-encoded WebP under a random server-made name and reports both sizes", async () => {
    const stored = await store.store(await images.png(800, 600), avatar);
    expect(stored.url).toMatch(/^\/uploads\/avatars\/[0-9a-f]{32}\.webp$/);
    expect(stored).toMatchObject({ width: 512, height: 512, sourceWidth: 800, sourceHeight: 600 });
    const file = store.fileOf(stored.url)!;
    expect(path.dirname(file)).toBe(path.join(root, "avatars"));
    const metadata = await sharp(await readFile(file)).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: 512, height: 512 });
    const again = await store.store(await images.png(800, 600), avatar);
    expect(again.url).not.toBe(stored.url);
  });

  it("auto-rotates from EXIF, strips every piece of metadata, and reports the upright source size", async () => {
    const input = await images.jpegWithExif();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const stored = await store.store(input, { folder: "venues", maxWidth: 1600, maxHeight: 1600, fit: "inside" });
    // Shown upright the photo is 800 × 1200: venues will check that width.
    expect(stored).toMatchObject({ sourceWidth: 800, sourceHeight: 1200, width: 800, height: 1200 });
    const bytes = await readFile(store.fileOf(stored.url)!);
    const metadata = await sharp(bytes).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(bytes.includes(Buffer.from("Secret owner"))).toBe(false);
  });

  it("never enlarges: a small picture is cropped to the box's shape at its own scale", async () => {
    expect(await store.store(await images.png(300, 200), avatar)).toMatchObject({ width: 200, height: 200 });
    expect(await store.store(await images.png(700, 500), avatar)).toMatchObject({ width: 500, height: 500 });
    const inside = { folder: "venues", maxWidth: 1600, maxHeight: 1600, fit: "inside" } as const;
    expect(await store.store(await images.png(300, 200), inside)).toMatchObject({ width: 300, height: 200 });
    expect(await store.store(await images.png(2000, 1000), inside)).toMatchObject({ width: 1600, height: 800 });
  });

  it("accepts JPEG, PNG, WebP and GIF by content", async () => {
    for (const input of [await images.gif(), await images.webp(), await images.png(), await images.jpegWithExif()]) {
      await expect(store.prepare(input, avatar)).resolves.toMatchObject({ width: expect.any(Number) });
    }
  });

  it("rejects what is not an acceptable image: text, SVG, TIFF, empty, truncated or corrupt data", async () => {
    const png = await images.png(400, 300);
    const jpeg = await images.jpegWithExif();
    const corrupt = Buffer.from(png);
    corrupt.fill(0, 100, 4000);
    for (const input of [
      images.text(),
      images.svg(),
      await images.tiff(),
      Buffer.alloc(0),
      png.subarray(0, Math.floor(png.length / 2)),
      jpeg.subarray(0, Math.floor(jpeg.length * 0.9)),
      corrupt,
    ]) {
      expect(await rejection(input)).toBe("format");
    }
  });

  it("rejects decompression bombs from their header, without decoding them", async () => {
    const started = Date.now();
    expect(await rejection(images.bombHeader())).toBe("dimensions");
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("removes only files it could have stored", async () => {
    const stored = await store.store(await images.png(), avatar);
    await store.remove(stored.url);
    expect(await readdir(path.join(root, "avatars"))).not.toContain(path.basename(stored.url));
    await store.remove(stored.url); // already gone: no error
    await writeFile(path.join(root, "keep.txt"), "keep");
    for (const url of ["/uploads/../keep.txt", "/uploads/avatars/../../keep.txt", "keep.txt", "/etc/passwd", null]) {
      await store.remove(url);
    }
    expect(await readFile(path.join(root, "keep.txt"), "utf8")).toBe("keep");
    expect(store.fileOf("/uploads/avatars/../x.webp")).toBeUndefined();
    await expect(store.save(await store.prepare(await images.png(), avatar), "../escape")).rejects.toThrow(
      /Invalid upload folder/,
    );
  });
});
