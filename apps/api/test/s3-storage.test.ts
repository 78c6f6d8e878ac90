import { mkdtemp, readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { HeadObjectCommand } from "@aws-sdk/client-s3";
import { category, type ExportJob, type Owner } from "@palco/shared";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/platform/config.ts";
import { parseS3Url } from "../src/platform/file-store.ts";
import { bearer, call, createTestApp, expectErrorShape, type TestApp, testConfig } from "./helpers.ts";
import { categoryForm } from "./images.ts";
import { type S3TestServer, startS3Server } from "./s3-server.ts";
import { insertOwner } from "./supply-fixtures.ts";

// Two API instances (A and B) on one database and one bucket, served by a real S3 server over HTTP: whatever one
// instance stores, the other serves, and neither keeps a copy on its own disk.
let s3: S3TestServer;
let a: TestApp;
let b: FastifyInstance;
let bDataDir: string;
let admin: { authorization: string };

beforeAll(async () => {
  s3 = await startS3Server();
  a = await createTestApp({ env: { S3_URL: s3.url } });
  bDataDir = await mkdtemp(path.join(tmpdir(), "palco-api-test-b-"));
  b = await buildApp({
    config: testConfig(bDataDir, { ...a.databaseEnv, S3_URL: s3.url }),
    database: a.app.database,
    logger: false,
    seed: false,
    print: () => {},
  });
  admin = bearer(await a.adminToken());
}, 60_000);
afterAll(async () => {
  await b?.close();
  await a?.close();
  await s3?.close();
});

const keyOf = (url: string) => url.replace("/uploads/", "");

/** Every file under a data folder (nothing of the bucket's may end up there). */
async function filesUnder(folder: string): Promise<string[]> {
  try {
    return (await readdir(folder, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

describe("pictures in the bucket (S3_URL)", () => {
  it("stores both sizes, serves them from either instance, and replacing or deleting leaves no orphans", async () => {
    const created = await call(a.app, {
      method: "POST",
      url: "/api/categories",
      headers: admin,
      payload: await categoryForm("Bucket"),
    });
    expect(created.statusCode, created.body).toBe(201);
    const icon = category.parse(created.json());
    const first = [icon.iconUrl!, icon.iconSmallUrl!].map(keyOf).sort();
    expect(await s3.keys("categories/")).toEqual(first);
    const head = await s3.client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: keyOf(icon.iconUrl!) }));
    expect(head).toMatchObject({ ContentType: "image/webp", CacheControl: "public, max-age=31536000, immutable" });

    // Served by B, which never saw the upload: the bytes come over the wire from the bucket.
    for (const [url, width] of [
      [icon.iconUrl!, 400],
      [icon.iconSmallUrl!, 100],
    ] as const) {
      const served = await call(b, { method: "GET", url });
      expect(served.statusCode).toBe(200);
      expect(served.headers["content-type"]).toBe("image/webp");
      expect(served.headers["x-content-type-options"]).toBe("nosniff");
      expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect((await sharp(served.rawPayload).metadata()).width).toBeLessThanOrEqual(width);
    }
    expect((await sharp((await call(b, { method: "GET", url: icon.iconUrl! })).rawPayload).metadata()).width).toBe(400);
    expectErrorShape(
      await call(b, { method: "GET", url: "/uploads/categories/0123456789abcdef0123456789abcdef.webp" }),
      404,
    );
    expectErrorShape(await call(b, { method: "GET", url: "/uploads/categories/..%2F..%2Fjwt-secret" }), 404);

    // Replaced on B: the new pair is in the bucket and the old pair is gone, for A too.
    const replaced = await call(b, {
      method: "PUT",
      url: `/api/categories/${icon.id}`,
      headers: admin,
      payload: await categoryForm("Bucket", 640),
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const next = category.parse(replaced.json());
    const second = [next.iconUrl!, next.iconSmallUrl!].map(keyOf).sort();
    expect(second).not.toEqual(first);
    expect(await s3.keys("categories/")).toEqual(second);
    expectErrorShape(await call(a.app, { method: "GET", url: icon.iconUrl! }), 404);
    expect((await call(a.app, { method: "GET", url: next.iconUrl! })).statusCode).toBe(200);

    // Deleted on A: nothing of the record is left in the bucket.
    expect(
      (await call(a.app, { method: "DELETE", url: `/api/categories/${icon.id}`, headers: admin })).statusCode,
    ).toBe(204);
    expect(await s3.keys("categories/")).toEqual([]);
    expectErrorShape(await call(b, { method: "GET", url: next.iconUrl! }), 404);
    // Neither instance kept a copy on its own disk.
    expect(await filesUnder(path.join(a.dataDir, "uploads"))).toEqual([]);
    expect(await filesUnder(path.join(bDataDir, "uploads"))).toEqual([]);
  });
});

describe("private documents in the bucket", () => {
  it("live under private/, never under /uploads, and open through a link signed on one instance from the other", async () => {
    const webp = await sharp({ create: { width: 40, height: 25, channels: 3, background: "#c92a2a" } })
      .webp()
      .toBuffer();
    const front = await a.app.documents.storePrepared(webp, "owner-documents");
    expect(await s3.keys("private/")).toEqual([`private/${front}`]);
    const head = await s3.client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: `private/${front}` }));
    expect(head).toMatchObject({ ContentType: "image/webp", CacheControl: "private, no-store" });
    for (const app of [a.app, b]) {
      expectErrorShape(await call(app, { method: "GET", url: `/uploads/private/${front}` }), 404);
      expectErrorShape(await call(app, { method: "GET", url: `/uploads/${front}` }), 404);
    }

    const owner = await insertOwner(a.app.db, { owner: { idFrontKey: front, idBackKey: null } });
    const detail = (await call(a.app, { method: "GET", url: `/api/owners/${owner.id}`, headers: admin })).json<Owner>();
    const link = detail.ownerIdPictureUrl.front!;
    const opened = await call(b, { method: "GET", url: link });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers["content-type"]).toBe("image/webp");
    expect(opened.headers["cache-control"]).toBe("private, no-store");
    expect(Buffer.compare(opened.rawPayload, webp)).toBe(0);
    // The signature still decides, whichever instance checks it.
    const forged = link.replace(/signature=(.)/, (_, first: string) => `signature=${first === "A" ? "B" : "A"}`);
    expect((await call(b, { method: "GET", url: forged })).statusCode).toBe(403);

    await b.documents.remove(front);
    expect(await s3.keys("private/")).toEqual([]);
    expect((await call(a.app, { method: "GET", url: link })).statusCode).toBe(404);
  });

  it("keeps export files there too, streamed up whole and downloaded from the other instance", async () => {
    const created = await call(a.app, {
      method: "POST",
      url: "/api/exports",
      headers: admin,
      payload: { resource: "categories", format: "csv", query: {} },
    });
    expect(created.statusCode, created.body).toBe(202);
    const id = created.json<{ id: number }>().id;
    let job: ExportJob;
    for (;;) {
      job = (await call(b, { method: "GET", url: `/api/exports/${id}`, headers: admin })).json<ExportJob>();
      if (job.status === "ready" || job.status === "failed") break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(job.status).toBe("ready");
    const exportKeys = (await s3.keys("private/")).filter((key) => key.endsWith(".csv"));
    expect(exportKeys).toHaveLength(1);
    for (const app of [a.app, b]) {
      const file = await call(app, { method: "GET", url: job.url! });
      expect(file.statusCode, file.body).toBe(200);
      // The whole file, byte for byte: UTF-8 with its BOM, the header row first, no upload framing inside.
      expect(file.body.startsWith("\uFEFF")).toBe(true);
      expect(file.body).not.toMatch(/x-amz-checksum|^[0-9a-f]+\r$/m);
      expect(file.body.trimEnd().split("\r\n").length).toBe(job.rows + 1);
    }
  });
});

describe("S3_URL", () => {
  it("must name a bucket; credentials, region and path-style addressing come from the URL", () => {
    expect(() => loadConfig({ S3_URL: "https://s3.example.test/" })).toThrow(/S3_URL must name the bucket/);
    expect(() => loadConfig({ S3_URL: "ftp://s3.example.test/b" })).toThrow(/S3_URL must be a URL/);
    expect(loadConfig({ S3_URL: "https://KEY:SECRET@s3.example.test/b" }).s3Url).toBe(
      "https://KEY:SECRET@s3.example.test/b",
    );
    expect(parseS3Url("https://K%2B1:S%2F2@minio.local:9000/palco?region=mx-central-1")).toEqual({
      bucket: "palco",
      client: {
        endpoint: "https://minio.local:9000",
        region: "mx-central-1",
        forcePathStyle: true,
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
        credentials: { accessKeyId: "K+1", secretAccessKey: "S/2" },
      },
    });
  });
});
