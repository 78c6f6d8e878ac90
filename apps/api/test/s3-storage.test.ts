import { Readable } from "node:stream";
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand } from "@aws-sdk/client-s3";
import { category } from "@palco/shared";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/platform/config.ts";
import type { S3Sender } from "../src/platform/file-store.ts";
import { bearer, call, createTestApp, expectErrorShape, type TestApp } from "./helpers.ts";
import { images } from "./images.ts";

/**
 * No S3-compatible server can be installed here, so the bucket is a stand-in at the SDK boundary: it receives the
 * SDK's own command objects (PutObject, GetObject, DeleteObject) and keeps the objects in memory, as a bucket would.
 */
class FakeBucket implements S3Sender {
  readonly objects = new Map<
    string,
    { body: Buffer; contentType?: string | undefined; cacheControl?: string | undefined }
  >();
  readonly calls: string[] = [];

  send = (async (command: unknown) => {
    if (command instanceof PutObjectCommand) {
      const { Bucket, Key, Body, ContentType, CacheControl } = command.input;
      this.calls.push(`put ${Bucket}/${Key}`);
      this.objects.set(Key!, {
        body: Buffer.from(Body as Buffer),
        contentType: ContentType,
        cacheControl: CacheControl,
      });
      return {};
    }
    if (command instanceof DeleteObjectCommand) {
      this.calls.push(`delete ${command.input.Bucket}/${command.input.Key}`);
      this.objects.delete(command.input.Key!);
      return {};
    }
    if (command instanceof GetObjectCommand) {
      const object = this.objects.get(command.input.Key!);
      if (!object) throw new NoSuchKey({ message: "The specified key does not exist.", $metadata: {} });
      return { Body: Readable.from([object.body]), ContentType: object.contentType, ContentLength: object.body.length };
    }
    throw new Error(`Unexpected command ${String(command)}`);
  }) as S3Sender["send"];
}

let t: TestApp;
let admin: { authorization: string };
const bucket = new FakeBucket();
beforeAll(async () => {
  t = await createTestApp({
    env: { S3_URL: "https://KEY:SECRET@s3.example.test/palco-uploads?region=mx-central-1" },
    build: { s3Sender: bucket },
  });
  admin = bearer(await t.adminToken());
});
afterAll(async () => {
  await t?.close();
});

const iconForm = async (name: string) => {
  const form = new FormData();
  form.append("name", name);
  form.append("order", "1");
  form.append("picture", new Blob([new Uint8Array(await images.png(400, 400))], { type: "image/png" }), "i.png");
  return form;
};

describe("uploads in an S3-compatible bucket (S3_URL)", () => {
  it("stores both variants in the bucket, serves them at /uploads, and deletes them with their record", async () => {
    const created = await call(t.app, {
      method: "POST",
      url: "/api/categories",
      headers: admin,
      payload: await iconForm("Bucket"),
    });
    expect(created.statusCode, created.body).toBe(201);
    const icon = category.parse(created.json());
    const keys = [icon.iconUrl!, icon.iconSmallUrl!].map((url) => url.replace("/uploads/", ""));
    expect([...bucket.objects.keys()].sort()).toEqual([...keys].sort());
    expect(bucket.calls.filter((entry) => entry.startsWith("put palco-uploads/categories/"))).toHaveLength(2);
    expect(bucket.objects.get(keys[0]!)).toMatchObject({
      contentType: "image/webp",
      cacheControl: "public, max-age=31536000, immutable",
    });

    const served = await call(t.app, { method: "GET", url: icon.iconUrl! });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect((await sharp(served.rawPayload).metadata()).width).toBe(400);
    expectErrorShape(
      await call(t.app, { method: "GET", url: "/uploads/categories/0123456789abcdef0123456789abcdef.webp" }),
      404,
    );
    expectErrorShape(await call(t.app, { method: "GET", url: "/uploads/categories/..%2F..%2Fjwt-secret" }), 404);

    const deleted = await call(t.app, { method: "DELETE", url: `/api/categories/${icon.id}`, headers: admin });
    expect(deleted.statusCode).toBe(204);
    expect(bucket.objects.size).toBe(0);
  });

  it("refuses an S3_URL without a bucket, and reads credentials and region from the URL", async () => {
    expect(() => loadConfig({ S3_URL: "https://s3.example.test/" })).toThrow(/S3_URL must name the bucket/);
    expect(() => loadConfig({ S3_URL: "ftp://s3.example.test/b" })).toThrow(/S3_URL must be a URL/);
    expect(loadConfig({ S3_URL: "https://KEY:SECRET@s3.example.test/b" }).s3Url).toBe(
      "https://KEY:SECRET@s3.example.test/b",
    );
    const { parseS3Url } = await import("../src/platform/file-store.ts");
    expect(parseS3Url("https://K%2B1:S%2F2@minio.local:9000/palco?region=mx-central-1")).toEqual({
      bucket: "palco",
      client: {
        endpoint: "https://minio.local:9000",
        region: "mx-central-1",
        forcePathStyle: true,
        credentials: { accessKeyId: "K+1", secretAccessKey: "S/2" },
      },
    });
  });
});
