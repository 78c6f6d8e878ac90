import { randomBytes } from "node:crypto";
import { mkdir, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import sharp from "sharp";

// libvips keeps recent operations for re-use (up to 50 MB); uploads are each processed once, so it only holds memory.
sharp.cache(false);

/** Formats accepted from uploads, as sharp names them after reading the bytes (file names and client types are ignored). */
export const ACCEPTED_IMAGE_FORMATS = ["jpeg", "png", "webp", "gif"] as const;

/**
 * Decompression bombs: a few megabytes of PNG can claim billions of pixels. 40 megapixels is far above any photo
 * a back-office needs (an 8000 × 5000 venue picture) and keeps decoding within a few hundred megabytes.
 */
export const MAX_INPUT_PIXELS = 40_000_000; // USERS.VALIDATION.PICTURE_DIMENSIONS names this limit in megapixels.

export type ImageProblem = "format" | "dimensions";

/** The upload is not an image we accept: undecodable, truncated, another format, or absurdly large in pixels. */
export class ImageRejectedError extends Error {
  constructor(
    readonly problem: ImageProblem,
    options?: { cause?: unknown },
  ) {
    super(`Image rejected (${problem})`, options);
    this.name = "ImageRejectedError";
  }
}

export interface ImageOptions {
  /** Folder under /uploads (letters, digits, - and _), e.g. "users". */
  folder: string;
  maxWidth: number;
  maxHeight: number;
  /**
   * How the image fits the box: "cover" crops to the box's shape (shrunk, never enlarged, when the picture is
   * smaller), "inside" keeps the whole picture within the box.
   */
  fit: "cover" | "inside";
}

/** An upload decoded and re-encoded, ready to be written. */
export interface PreparedImage {
  data: Buffer;
  width: number;
  height: number;
  /** The uploaded picture's own size, after EXIF orientation (venues require a minimum width). */
  sourceWidth: number;
  sourceHeight: number;
  sourceFormat: (typeof ACCEPTED_IMAGE_FORMATS)[number];
}

export interface StoredImage {
  /** Public URL, "/uploads/<folder>/<name>.webp". */
  url: string;
  width: number;
  height: number;
  sourceWidth: number;
  sourceHeight: number;
}

const FOLDER_PATTERN = /^[a-z0-9_-]+$/i;
/** What a stored name looks like; anything else is never deleted (a URL from the database is still checked). */
const STORED_URL = /^\/uploads\/([a-z0-9_-]+)\/([0-9a-f]{32,})\.webp$/i;

/**
 * Images kept under DATA_DIR/uploads and served at /uploads. The bytes decide: sharp decodes the whole picture
 * (a truncated or corrupt file fails), the format must be one of ACCEPTED_IMAGE_FORMATS, and what is stored is a
 * new WebP — auto-rotated from EXIF, resized, with every piece of metadata (EXIF, GPS, XMP, ICC) dropped — under a
 * random name the server makes.
 */
export class ImageStore {
  constructor(
    readonly root: string,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** Decodes, checks and re-encodes; throws ImageRejectedError for anything that is not an acceptable image. */
  async prepare(input: Buffer, options: Omit<ImageOptions, "folder">): Promise<PreparedImage> {
    let format: string | undefined;
    let sourceWidth: number;
    let sourceHeight: number;
    try {
      const metadata = await sharp(input, { limitInputPixels: false }).metadata();
      format = metadata.format;
      sourceWidth = metadata.autoOrient?.width ?? metadata.width;
      sourceHeight = metadata.autoOrient?.height ?? metadata.height;
    } catch (error) {
      throw new ImageRejectedError("format", { cause: error });
    }
    if (!(ACCEPTED_IMAGE_FORMATS as readonly string[]).includes(format ?? "")) throw new ImageRejectedError("format");
    if (!sourceWidth || !sourceHeight) throw new ImageRejectedError("format");
    if (sourceWidth * sourceHeight > MAX_INPUT_PIXELS) throw new ImageRejectedError("dimensions");
    // Never enlarge. "cover" keeps the box's shape (a square avatar stays square), shrunk to fit the source.
    let width = options.maxWidth;
    let height = options.maxHeight;
    if (options.fit === "cover") {
      const factor = Math.min(1, sourceWidth / width, sourceHeight / height);
      width = Math.max(1, Math.round(width * factor));
      height = Math.max(1, Math.round(height * factor));
    }
    try {
      const { data, info } = await sharp(input, { failOn: "warning", limitInputPixels: MAX_INPUT_PIXELS })
        .autoOrient()
        .resize({ width, height, fit: options.fit, withoutEnlargement: options.fit !== "cover" })
        .webp({ quality: 82 })
        .toBuffer({ resolveWithObject: true });
      return {
        data,
        width: info.width,
        height: info.height,
        sourceWidth,
        sourceHeight,
        sourceFormat: format as PreparedImage["sourceFormat"],
      };
    } catch (error) {
      throw new ImageRejectedError("format", { cause: error });
    }
  }

  /** Writes a prepared image under a fresh random name; returns its public URL. */
  async save(image: PreparedImage, folder: string): Promise<StoredImage> {
    if (!FOLDER_PATTERN.test(folder)) throw new Error(`Invalid upload folder ${folder}`);
    const directory = path.join(this.root, folder);
    await mkdir(directory, { recursive: true });
    const name = `${randomBytes(16).toString("hex")}.webp`;
    const file = path.join(directory, name);
    try {
      // "wx": never overwrite, even in the astronomically unlikely case of a repeated name.
      await writeFile(file, image.data, { flag: "wx" });
    } catch (error) {
      // A disk that filled up mid-write leaves a partial file behind.
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") await unlink(file).catch(() => {});
      throw error;
    }
    return {
      url: `/uploads/${folder}/${name}`,
      width: image.width,
      height: image.height,
      sourceWidth: image.sourceWidth,
      sourceHeight: image.sourceHeight,
    };
  }

  /** prepare + save: the whole upload in one call. */
  async store(input: Buffer, options: ImageOptions): Promise<StoredImage> {
    return this.save(await this.prepare(input, options), options.folder);
  }

  /** The file behind a stored URL, or undefined for anything that is not one of ours. */
  fileOf(url: string | null | undefined): string | undefined {
    const match = url ? STORED_URL.exec(url) : null;
    return match ? path.join(this.root, match[1]!, `${match[2]!}.webp`) : undefined;
  }

  /** Deletes a stored image; never throws (a file left behind is logged, not an error for the caller). */
  async remove(url: string | null | undefined): Promise<void> {
    const file = this.fileOf(url);
    if (!file) return;
    try {
      await unlink(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT")
        this.log?.warn({ err: error, url }, "could not delete image");
    }
  }
}
