import { crc32 } from "node:zlib";
import sharp from "sharp";

/** Test pictures made on the fly (noise keeps them from compressing to nothing). */
export const images = {
  png: (width = 800, height = 600) =>
    sharp({
      create: { width, height, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 40 } },
    })
      .png()
      .toBuffer(),
  gif: () =>
    sharp({ create: { width: 64, height: 48, channels: 3, background: "#0a0" } })
      .gif()
      .toBuffer(),
  webp: () =>
    sharp({ create: { width: 640, height: 480, channels: 3, background: "#00a" } })
      .webp()
      .toBuffer(),
  tiff: () =>
    sharp({ create: { width: 64, height: 48, channels: 3, background: "#a00" } })
      .tiff()
      .toBuffer(),
  /** 1200 × 800 pixels stored sideways (EXIF orientation 6: shown as 800 × 1200), with an Artist and a Copyright. */
  jpegWithExif: () =>
    sharp({
      create: {
        width: 1200,
        height: 800,
        channels: 3,
        background: "#808080",
        noise: { type: "gaussian", mean: 128, sigma: 40 },
      },
    })
      .jpeg()
      .withExif({ IFD0: { Copyright: "Secret owner", Artist: "Somebody private" } })
      .withMetadata({ orientation: 6 })
      .toBuffer(),
  svg: () =>
    Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>'),
  text: () => Buffer.from("This is a text file, whatever its name says.\n"),
  /** A valid PNG header claiming 20000 × 20000 pixels (400 megapixels) in a few bytes: a decompression bomb. */
  bombHeader: () => {
    const chunk = (type: string, data: Buffer) => {
      const length = Buffer.alloc(4);
      length.writeUInt32BE(data.length);
      const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(crc32(body));
      return Buffer.concat([length, body, crc]);
    };
    const header = Buffer.alloc(13);
    header.writeUInt32BE(20000, 0);
    header.writeUInt32BE(20000, 4);
    header[8] = 8; // bit depth
    header[9] = 2; // RGB
    return Buffer.concat([
      Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
      chunk("IHDR", header),
      chunk("IDAT", Buffer.alloc(16)),
      chunk("IEND", Buffer.alloc(0)),
    ]);
  },
  /** More than `bytes` bytes that start like a PNG. */
  oversized: async (bytes: number) => Buffer.concat([await images.png(32, 32), Buffer.alloc(bytes + 1024, 7)]),
};

/** The multipart body of a category with a square PNG icon of `size` pixels. */
export async function categoryForm(name: string, size = 400): Promise<FormData> {
  const form = new FormData();
  form.append("name", name);
  form.append("order", "1");
  form.append("picture", new Blob([new Uint8Array(await images.png(size, size))], { type: "image/png" }), "i.png");
  return form;
}
