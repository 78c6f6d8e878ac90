import net from "node:net";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers.ts";

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await t?.close();
});

const TEXTS = {
  BAD_URL: { en: "The address is not valid", es: "La dirección no es válida" },
  INVALID_JSON: { en: "The request body is not valid JSON", es: "El cuerpo de la solicitud no es JSON válido" },
  UNSUPPORTED_MEDIA_TYPE: { en: "This content type is not supported", es: "Este tipo de contenido no es compatible" },
  PAYLOAD_TOO_LARGE: { en: "The request is too large", es: "La solicitud es demasiado grande" },
  HEADERS_TOO_LARGE: {
    en: "The request headers are too large",
    es: "Los encabezados de la solicitud son demasiado grandes",
  },
  BAD_REQUEST: { en: "The request is not valid", es: "La solicitud no es válida" },
} as const;

type Language = "en" | "es";

/** The API's error shape with exactly one general text, and nothing of Fastify's own (`code`, English text). */
function expectContract(
  status: number,
  headers: Record<string, unknown>,
  bodyText: string,
  expected: { statusCode: number; error: string; text: string },
) {
  expect(status, bodyText).toBe(expected.statusCode);
  expect(JSON.parse(bodyText)).toEqual({
    statusCode: expected.statusCode,
    error: expected.error,
    message: expected.text,
    messages: { general: expected.text },
  });
  expect(String(headers["content-type"])).toMatch(/^application\/json/);
  expect(headers["cache-control"]).toBe("no-store");
}

const expectInjected = (
  response: LightMyRequestResponse,
  statusCode: number,
  error: string,
  text: string,
  mustNotContain: string[] = [],
) => {
  expectContract(response.statusCode, response.headers, response.body, { statusCode, error, text });
  for (const fragment of mustNotContain) expect(response.body).not.toContain(fragment);
};

/** Sends bytes over a real socket and reads the whole answer (the server closes or the body is complete). */
function rawRequest(data: string | Buffer): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", (error) => {
      // The server may reset while we still write an oversized request; what it answered first still counts.
      if (chunks.length === 0) reject(error);
    });
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const split = text.indexOf("\r\n\r\n");
      if (split < 0) return reject(new Error(`No HTTP answer: ${JSON.stringify(text)}`));
      const [statusLine, ...headerLines] = text.slice(0, split).split("\r\n");
      const headers: Record<string, string> = {};
      for (const line of headerLines) {
        const colon = line.indexOf(":");
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine?.split(" ")[1]), headers, body: text.slice(split + 4) });
    });
    socket.setTimeout(10_000, () => socket.destroy(new Error("timeout")));
    socket.end(data);
  });
}

describe("Fastify's own errors answer in the API's contract", () => {
  it("a URL that does not decode: 400, translated, the input not echoed", async () => {
    for (const language of ["en", "es"] as Language[]) {
      const response = await t.app.inject({
        method: "GET",
        url: "/api/countries/%E0%A4%A",
        headers: { "accept-language": language },
      });
      expectInjected(response, 400, "Bad Request", TEXTS.BAD_URL[language], ["%E0", "FST_ERR", "code"]);
    }
  });

  it("a URL that does not decode over a real socket", async () => {
    const answer = await rawRequest(
      "GET /api/countries/%E0%A4%A HTTP/1.1\r\nHost: x\r\nAccept-Language: es-MX\r\nConnection: close\r\n\r\n",
    );
    expectContract(answer.status, answer.headers, answer.body, {
      statusCode: 400,
      error: "Bad Request",
      text: TEXTS.BAD_URL.es,
    });
    expect(answer.body).not.toContain("%E0");
  });

  it("malformed JSON: 400 'not valid JSON', whatever the parser said", async () => {
    for (const language of ["en", "es"] as Language[]) {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/auth/login",
        headers: { "content-type": "application/json", "accept-language": language },
        payload: '{"user": "secret-input-xyz", ',
      });
      expectInjected(response, 400, "Bad Request", TEXTS.INVALID_JSON[language], ["secret-input-xyz", "FST_ERR"]);
    }
    const poisoned = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json" },
      payload: '{"__proto__": {"isSuperAdmin": true}}',
    });
    expectInjected(poisoned, 400, "Bad Request", TEXTS.INVALID_JSON.en, ["__proto__"]);
  });

  it("an unsupported content type: 415", async () => {
    for (const language of ["en", "es"] as Language[]) {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/auth/login",
        headers: { "content-type": "application/x-evil", "accept-language": language },
        payload: "user=a",
      });
      expectInjected(response, 415, "Unsupported Media Type", TEXTS.UNSUPPORTED_MEDIA_TYPE[language], ["FST_ERR"]);
    }
  });

  it("a body over the limit: 413", async () => {
    for (const language of ["en", "es"] as Language[]) {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/auth/login",
        headers: { "content-type": "application/json", "accept-language": language },
        payload: JSON.stringify({ user: "x".repeat(2 * 1024 * 1024) }),
      });
      expectInjected(response, 413, "Payload Too Large", TEXTS.PAYLOAD_TOO_LARGE[language], ["FST_ERR"]);
    }
  });

  it("a body that does not match its Content-Length: 400", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json", "content-length": "50", "accept-language": "es" },
      payload: '{"user":"a"}',
    });
    expectInjected(response, 400, "Bad Request", TEXTS.BAD_REQUEST.es, ["FST_ERR"]);
    // Over a socket the connection ends mid-body: Node's parser refuses it before Fastify sees a request, so
    // the raw bytes say nothing about a language any more and the answer is English.
    const answer = await rawRequest(
      "POST /api/auth/login HTTP/1.1\r\nHost: x\r\nAccept-Language: es\r\nContent-Type: application/json\r\n" +
        'Content-Length: 50\r\nConnection: close\r\n\r\n{"user":"a"}',
    );
    expectContract(answer.status, answer.headers, answer.body, {
      statusCode: 400,
      error: "Bad Request",
      text: TEXTS.BAD_REQUEST.en,
    });
  });

  it("headers over Node's limit: 431 from the HTTP parser, in the language the raw headers ask for", async () => {
    const huge = `X-Filler: ${"a".repeat(20 * 1024)}\r\n`;
    for (const language of ["en", "es"] as Language[]) {
      const answer = await rawRequest(
        `GET /api/health HTTP/1.1\r\nHost: x\r\nAccept-Language: ${language}\r\n${huge}\r\n`,
      );
      expectContract(answer.status, answer.headers, answer.body, {
        statusCode: 431,
        error: "Request Header Fields Too Large",
        text: TEXTS.HEADERS_TOO_LARGE[language],
      });
      expect(answer.body).not.toContain("aaaa");
    }
    // Without any readable Accept-Language the answer is English.
    const bare = await rawRequest(`GET /api/health HTTP/1.1\r\n${huge}\r\n`);
    expect(JSON.parse(bare.body).message).toBe(TEXTS.HEADERS_TOO_LARGE.en);
  });

  it("a request Node cannot parse at all: 400 in the contract", async () => {
    const answer = await rawRequest("GET /api/health HTTP/1.1\r\nHost: x\r\nAccept-Language: es\r\nBad Header\r\n\r\n");
    expectContract(answer.status, answer.headers, answer.body, {
      statusCode: 400,
      error: "Bad Request",
      text: TEXTS.BAD_REQUEST.es,
    });
    // The server keeps serving after refusing the broken request.
    const ok = await rawRequest("GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    expect(ok.status).toBe(200);
  });
});
