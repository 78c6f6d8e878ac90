import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { parseS3Url } from "../src/platform/file-store.ts";

/** s3rver's fixed credentials: it checks every request's signature against them, as a real bucket would. */
const ACCESS = "S3RVER";

export interface S3TestServer {
  /** The S3_URL that points an API instance at the bucket. */
  url: string;
  /** Every key in the bucket under `prefix`, sorted. */
  keys(prefix?: string): Promise<string[]>;
  /** An SDK client for the bucket, configured exactly as the API's (for reading what it stored). */
  client: S3Client;
  bucket: string;
  close(): Promise<void>;
}

/**
 * A real S3 wire-protocol server (s3rver) on 127.0.0.1 at a free port, keeping its objects in a temporary folder:
 * requests go over HTTP with signatures, path-style addressing and the SDK's own encodings, as to MinIO or AWS.
 */
export async function startS3Server(bucket = "palco-uploads"): Promise<S3TestServer> {
  const directory = await mkdtemp(path.join(tmpdir(), "palco-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = (await server.run()) as { port: number };
  const url = `http://${ACCESS}:${ACCESS}@127.0.0.1:${port}/${bucket}`;
  const client = new S3Client(parseS3Url(url).client);
  return {
    url,
    bucket,
    client,
    async keys(prefix = "") {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
        );
        keys.push(...(page.Contents ?? []).map((object) => object.Key!));
        token = page.NextContinuationToken;
      } while (token);
      return keys.sort();
    },
    async close() {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
