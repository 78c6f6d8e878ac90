import { randomBytes } from "node:crypto";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import sharp from "sharp";
import { type FileStore, LocalFileStore } from "./file-store.ts";

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
  /** Formats accepted (default ACCEPTED_IMAGE_FORMATS); the catalogue takes JPEG, PNG and WebP only. */
  formats?: readonly string[];
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

export interface ImageVariants {
  large: Omit<ImageOptions, "folder">;
  small: Omit<ImageOptions, "folder">;
}

export interface PreparedVariants {
  large: PreparedImage;
  small: PreparedImage;
}

export interface StoredVariants extends StoredImage {
  smallUrl: string;
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
  readonly files: FileStore;
  constructor(
    readonly root: string,
    private readonly log?: FastifyBaseLogger,
    /** Where the bytes go: the folder `root` by default, a bucket when S3_URL is set. */
    files?: FileStore,
  ) {
    this.files = files ?? new LocalFileStore(root);
  }

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
    const accepted: readonly string[] = options.formats ?? ACCEPTED_IMAGE_FORMATS;
    if (!accepted.includes(format ?? "")) throw new ImageRejectedError("format");
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
    const name = `${randomBytes(16).toString("hex")}.webp`;
    await this.files.put(`${folder}/${name}`, image.data, "image/webp");
    return {
      url: `/uploads/${folder}/${name}`,
      width: image.width,
      height: image.height,
      sourceWidth: image.sourceWidth,
      sourceHeight: image.sourceHeight,
    };
  }

  /**
   * The two variants a catalogue image keeps: `large` for detail pages and `small` for lists, the small one made
   * from the large one (already decoded, rotated and stripped). The source size is the upload's own.
   */
  async prepareVariants(input: Buffer, variants: ImageVariants): Promise<PreparedVariants> {
    const large = await this.prepare(input, variants.large);
    const small = await this.prepare(large.data, { ...variants.small, formats: ["webp"] });
    return { large, small: { ...small, sourceWidth: large.sourceWidth, sourceHeight: large.sourceHeight } };
  }

  /** Writes both variants; if the second write fails the first is removed, so nothing is left half-stored. */
  async saveVariants(prepared: PreparedVariants, folder: string): Promise<StoredVariants> {
    const large = await this.save(prepared.large, folder);
    try {
      const small = await this.save(prepared.small, folder);
      return { ...large, smallUrl: small.url };
    } catch (error) {
      await this.remove(large.url);
      throw error;
    }
  }

  /** prepare + save: the whole upload in one call. */
  async store(input: Buffer, options: ImageOptions): Promise<StoredImage> {
    return this.save(await this.prepare(input, options), options.folder);
  }

  /** The key ("<folder>/<name>.webp") behind a stored URL, or undefined for anything that is not one of ours. */
  keyOf(url: string | null | undefined): string | undefined {
    const match = url ? STORED_URL.exec(url) : null;
    return match ? `${match[1]!}/${match[2]!}.webp` : undefined;
  }

  /** The local file behind a stored URL (the default store), or undefined for anything that is not one of ours. */
  fileOf(url: string | null | undefined): string | undefined {
    const key = this.keyOf(url);
    return key ? path.join(this.root, key) : undefined;
  }

  /** Deletes a stored image; never throws (a file left behind is logged, not an error for the caller). */
  async remove(url: string | null | undefined): Promise<void> {
    const key = this.keyOf(url);
    if (!key) return;
    try {
      await this.files.delete(key);
    } catch (error) {
      this.log?.warn({ err: error, url }, "could not delete image");
    }
  }
}

/** The catalogue (venues, categories, services, events) takes the three formats every browser shows. */
const CATALOGUE_FORMATS = ["jpeg", "png", "webp"] as const;

/** Category and service icons: up to 512 px, and 96 px for list rows. */
export const ICON_VARIANTS: ImageVariants = {
  large: { maxWidth: 512, maxHeight: 512, fit: "inside", formats: CATALOGUE_FORMATS },
  small: { maxWidth: 96, maxHeight: 96, fit: "inside" },
};

/** Venue and event pictures: up to 1920 px, and 480 px for lists and cards. */
export const PICTURE_VARIANTS: ImageVariants = {
  large: { maxWidth: 1920, maxHeight: 1920, fit: "inside", formats: CATALOGUE_FORMATS },
  small: { maxWidth: 480, maxHeight: 480, fit: "inside" },
};
