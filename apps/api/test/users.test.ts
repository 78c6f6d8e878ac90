import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { type Language, PAGE_SIZE, paged, translate, USER_PICTURE_MAX_BYTES, user } from "@palco/shared";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { MAX_INPUT_PIXELS, type StoredVariants } from "../src/platform/images.ts";
import { rolePermissions, roles, userRoles, users } from "../src/platform/schema.ts";
import {
  ADMIN_EMAIL,
  backend,
  bearer,
  call,
  expectErrorShape,
  login,
  readOutbox,
  type TestApp,
  tokenFromLink,
  withTestApp,
} from "./helpers.ts";
import { images } from "./images.ts";

type User = z.infer<typeof user>;
type Fields = Record<string, string | string[] | undefined>;
interface FilePart {
  name?: string;
  data: Buffer;
  filename: string;
  type: string;
}

let t: TestApp;
let admin: { authorization: string };
let adminId: number;
withTestApp(async (app, header) => {
  t = app;
  admin = header;
  const [row] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.email, ADMIN_EMAIL));
  adminId = row!.id;
});

const uploads = () => path.join(t.dataDir, "uploads", "users");
const storedFiles = async () => (await readdir(uploads()).catch(() => [] as string[])).sort();
const fileOf = (url: string) => path.join(t.dataDir, url);

function form(fields: Fields, files: FilePart[] = []): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) data.append(name, item);
  }
  for (const file of files) {
    data.append(file.name ?? "picture", new Blob([new Uint8Array(file.data)], { type: file.type }), file.filename);
  }
  return data;
}

let sequence = 0;
const validFields = (overrides: Fields = {}): Fields => {
  sequence += 1;
  return {
    firstName: "Ana",
    lastName: "López",
    email: `ana.lopez${sequence}@palco.test`,
    phone: "+52 33 1234 5678",
    password: "Secreto2026",
    ...overrides,
  };
};

/** A full PUT form for an existing user that leaves the password alone. */
const updateFields = (email: string, overrides: Fields = {}): Fields => ({
  ...validFields(),
  email,
  password: "",
  ...overrides,
});

const headersFor = (auth: { authorization: string }, language?: Language) => ({
  ...auth,
  ...(language ? { "accept-language": language } : {}),
});

const postUser = (payload: FormData | Record<string, unknown>, language?: Language, auth = admin) =>
  call(t.app, { method: "POST", url: "/api/users", headers: headersFor(auth, language), payload });
const putUser = (id: number, payload: FormData | Record<string, unknown>, language?: Language, auth = admin) =>
  call(t.app, { method: "PUT", url: `/api/users/${id}`, headers: headersFor(auth, language), payload });
const getUser = (id: number, auth = admin) => call(t.app, { method: "GET", url: `/api/users/${id}`, headers: auth });

async function createUser(fields: Fields = {}, files: FilePart[] = []): Promise<User> {
  const response = await postUser(form(validFields(fields), files));
  expect(response.statusCode, response.body).toBe(201);
  return user.parse(response.json());
}

async function createRole(name: string, codes: string[] = []): Promise<number> {
  const response = await call(t.app, {
    method: "POST",
    url: "/api/roles",
    headers: admin,
    payload: { name, permissions: codes },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

/** Activates through the e-mailed link, as the user would. */
async function activate(email: string) {
  await t.app.background.flush();
  const mail = [...(await readOutbox(t.dataDir))].reverse().find((message) => message.to === email);
  expect(mail, `activation e-mail for ${email}`).toBeDefined();
  const token = tokenFromLink(mail!, "activate-account");
  const verified = await call(t.app, { method: "POST", url: "/api/auth/email-verification", payload: { token } });
  expect(verified.statusCode).toBe(200);
}

const png = (filename = "avatar.png", type = "image/png") =>
  images.png(800, 600).then((data) => ({ data, filename, type }));

describe("POST /api/users", () => {
  it("creates an unverified, active user with roles and a picture (201) that reads back the same", async () => {
    const viewers = await createRole("Lectores de usuarios", ["USERS_INDEX"]);
    const auditors = await createRole("Auditores", ["ROLES_INDEX"]);
    const before = await storedFiles();
    const response = await postUser(
      form(validFields({ email: "Nueva.Persona@Palco.TEST", "roles[]": [String(viewers), String(auditors)] }), [
        await png("my holiday photo.png"),
      ]),
    );
    expect(response.statusCode, response.body).toBe(201);
    const created = user.parse(response.json());
    expect(created).toMatchObject({
      firstName: "Ana",
      lastName: "López",
      email: "nueva.persona@palco.test",
      phone: "+52 33 1234 5678",
      isActive: true,
      isSuperAdmin: false,
      emailVerifiedAt: null,
      roles: [
        { id: auditors, name: "Auditores" },
        { id: viewers, name: "Lectores de usuarios" },
      ],
    });
    expect(new Date(created.createdAt).toISOString()).toBe(created.createdAt);
    // The stored name is the server's, not "my holiday photo.png".
    expect(created.pictureUrl).toMatch(/^\/uploads\/users\/[0-9a-f]{32}\.webp$/);
    // Two variants: the picture (512 px) and the small one for lists and the top bar (96 px).
    expect(created.pictureSmallUrl).toMatch(/^\/uploads\/users\/[0-9a-f]{32}\.webp$/);
    expect(await storedFiles()).toEqual(
      [...before, path.basename(created.pictureUrl!), path.basename(created.pictureSmallUrl!)].sort(),
    );
    const small = await call(t.app, { method: "GET", url: created.pictureSmallUrl! });
    expect(await sharp(small.rawPayload).metadata()).toMatchObject({ width: 96, height: 96 });
    expect((await getUser(created.id)).json()).toEqual(created);

    const picture = await call(t.app, { method: "GET", url: created.pictureUrl! });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers["content-type"]).toBe("image/webp");
    expect(picture.headers["x-content-type-options"]).toBe("nosniff");
    const metadata = await sharp(picture.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: 512, height: 512 });
  });

  it("e-mails an activation link in the request language; the user signs in only after activating", async () => {
    for (const [language, subject] of [
      ["en", "Activate your Palco Admin account"],
      ["es", "Activa tu cuenta de Palco Admin"],
    ] as const) {
      const fields = validFields();
      const response = await postUser(form(fields), language);
      expect(response.statusCode, response.body).toBe(201);
      await t.app.background.flush();
      const mail = (await readOutbox(t.dataDir)).find((message) => message.to === fields.email);
      expect(mail?.subject).toBe(subject);
      const signIn = () =>
        call(t.app, {
          method: "POST",
          url: "/api/auth/login",
          payload: { provider: "email", user: fields.email, secret: fields.password },
        });
      expect(expectErrorShape(await signIn(), 403).message).toBe(translate("en", "AUTH.ACCOUNT_INACTIVE"));
      await activate(fields.email as string);
      expect((await signIn()).statusCode).toBe(200);
      const verified = user.parse((await getUser(response.json().id)).json());
      expect(verified.emailVerifiedAt).not.toBeNull();
    }
  });

  it("accepts `roles` as well as `roles[]`, and a JSON body without a picture", async () => {
    const role = await createRole("Equipo JSON");
    const viaRoles = await postUser(form(validFields({ roles: String(role) })));
    expect(viaRoles.statusCode, viaRoles.body).toBe(201);
    expect(viaRoles.json().roles).toEqual([{ id: role, name: "Equipo JSON" }]);
    const json = await postUser({ ...validFields(), roles: [role] });
    expect(json.statusCode, json.body).toBe(201);
    expect(json.json()).toMatchObject({ roles: [{ id: role }], pictureUrl: null });
    const noRoles = await postUser(form(validFields({ "roles[]": "" })));
    expect(noRoles.json().roles).toEqual([]);
    // JSON keeps its types: objects, numbers or arrays where text is expected are refused, not stringified.
    const typed = expectErrorShape(
      await postUser({
        ...validFields(),
        firstName: { name: "Ana" },
        phone: 3312345678,
        lastName: ["A", "B"],
        roles: [{}],
      }),
      422,
    );
    expect(typed.messages).toEqual({
      firstName: "The first name is required",
      lastName: "The last name is required",
      phone: "The phone is required",
      roles: "Choose roles from the list",
    });
    const created = json.json() as User;
    const cleared = await putUser(created.id, { ...validFields(), email: created.email, password: "", roles: [] });
    expect(cleared.json().roles).toEqual([]);
  });

  it("lists every missing field at once, in English and Spanish, joined by line breaks", async () => {
    for (const language of ["en", "es"] as const) {
      const body = expectErrorShape(await postUser(form({}), language), 422);
      const expected = {
        firstName: translate(language, "USERS.VALIDATION.FIRST_NAME_MISSING"),
        lastName: translate(language, "USERS.VALIDATION.LAST_NAME_MISSING"),
        email: translate(language, "VALIDATION.EMAIL_MISSING"),
        phone: translate(language, "USERS.VALIDATION.PHONE_MISSING"),
        password: translate(language, "VALIDATION.PASSWORD_MISSING"),
      };
      expect(body.messages).toEqual(expected);
      expect(body.message.split("\n").sort()).toEqual(Object.values(expected).sort());
    }
    const spanish = expectErrorShape(await postUser(form({}), "es"), 422);
    expect(spanish.messages!.firstName).toBe("El nombre es obligatorio");
    // Blank values are missing values.
    const blanks = expectErrorShape(
      await postUser(form({ firstName: "   ", lastName: "", email: " ", phone: "", password: "" })),
      422,
    );
    expect(Object.keys(blanks.messages!).sort()).toEqual(["email", "firstName", "lastName", "password", "phone"]);
  });

  it("validates each field with its own message (spec 01 §5), in both languages", async () => {
    const cases: [Fields, string, string][] = [
      [{ email: "not-an-email" }, "email", "VALIDATION.EMAIL_FORMAT"],
      [{ email: `${"a".repeat(250)}@palco.test` }, "email", "VALIDATION.TOO_LONG"],
      [{ firstName: "x".repeat(101) }, "firstName", "VALIDATION.TOO_LONG"],
      [{ lastName: "x".repeat(101) }, "lastName", "VALIDATION.TOO_LONG"],
      // Longer than the multipart field limit: cut by the parser, still answered as too long.
      [{ firstName: "x".repeat(20_000) }, "firstName", "VALIDATION.TOO_LONG"],
      [{ firstName: "Ana\u0000" }, "firstName", "VALIDATION.INVALID_CHARACTERS"],
      [{ lastName: "\u0000" }, "lastName", "VALIDATION.INVALID_CHARACTERS"],
      [{ phone: "12345" }, "phone", "USERS.VALIDATION.PHONE_FORMAT"],
      [{ phone: "33 1234 567" }, "phone", "USERS.VALIDATION.PHONE_FORMAT"],
      [{ phone: "331234567890" }, "phone", "USERS.VALIDATION.PHONE_FORMAT"],
      [{ phone: "abcdefghij" }, "phone", "USERS.VALIDATION.PHONE_FORMAT"],
      [{ phone: "++52 3312345678" }, "phone", "USERS.VALIDATION.PHONE_FORMAT"],
      [{ phone: "+52 33 1234 5678 ext 9" }, "phone", "USERS.VALIDATION.PHONE_FORMAT"],
      [{ phone: "1".repeat(26) }, "phone", "VALIDATION.TOO_LONG"],
      [{ password: "Short1" }, "password", "VALIDATION.PASSWORD_LENGTH"],
      [{ password: "Abcdefgh1234567890123456x" }, "password", "VALIDATION.PASSWORD_LENGTH"],
      [{ password: "alllowercase1" }, "password", "VALIDATION.PASSWORD_UPPERCASE"],
      [{ password: "ALLUPPERCASE1" }, "password", "VALIDATION.PASSWORD_LOWERCASE"],
      [{ password: "NoDigitsHere" }, "password", "VALIDATION.PASSWORD_DIGIT"],
      [{ password: "Has Space1" }, "password", "VALIDATION.PASSWORD_WHITESPACE"],
      [{ password: "Valid2026\u0000x" }, "password", "VALIDATION.INVALID_CHARACTERS"],
      [{ "roles[]": "abc" }, "roles", "USERS.VALIDATION.ROLES_FORMAT"],
      [{ "roles[]": "0" }, "roles", "USERS.VALIDATION.ROLES_FORMAT"],
      [{ "roles[]": "-3" }, "roles", "USERS.VALIDATION.ROLES_FORMAT"],
      [{ "roles[]": "1.5" }, "roles", "USERS.VALIDATION.ROLES_FORMAT"],
      [{ "roles[]": "99999999999" }, "roles", "USERS.VALIDATION.ROLES_FORMAT"],
      [{ "roles[]": Array.from({ length: 101 }, (_, i) => String(i + 1)) }, "roles", "USERS.VALIDATION.ROLES_FORMAT"],
      [{ "roles[]": "2147483647" }, "roles", "USERS.VALIDATION.ROLE_UNKNOWN"],
      [{ firstName: ["Ana", "Eva"] }, "firstName", "USERS.VALIDATION.FIRST_NAME_MISSING"],
    ];
    for (const language of ["en", "es"] as const) {
      for (const [overrides, field, key] of cases) {
        const label = `${language} ${JSON.stringify(overrides).slice(0, 80)}`;
        const body = expectErrorShape(await postUser(form(validFields(overrides)), language), 422);
        expect(body.messages, label).toEqual({ [field]: translate(language, key) });
      }
    }
    expect(expectErrorShape(await postUser(form(validFields({ phone: "12" })), "es"), 422).messages!.phone).toBe(
      "Escribe un teléfono de 10 dígitos, opcionalmente con +código de país",
    );
  });

  it("accepts the phone formats of spec 01 §5 (optional +country code, 10 digits, optional separators)", async () => {
    for (const phone of [
      "3312345678",
      "33 1234 5678",
      "331-234-5678",
      "331.234.5678",
      "+52 33 1234 5678",
      "+523312345678",
      "+52-33-1234-5678",
      "+1 555 123 4567",
      "  +52 55 1234 5678  ",
    ]) {
      const response = await postUser(form(validFields({ phone })));
      expect(response.statusCode, `${phone}: ${response.body}`).toBe(201);
      expect(response.json().phone).toBe(phone.trim());
    }
  });

  it("refuses an e-mail already used, whatever its case, in both languages", async () => {
    const existing = await createUser();
    for (const language of ["en", "es"] as const) {
      const body = expectErrorShape(
        await postUser(form(validFields({ email: existing.email.toUpperCase() })), language),
        422,
      );
      expect(body.messages).toEqual({ email: translate(language, "USERS.VALIDATION.EMAIL_TAKEN") });
    }
    const both = expectErrorShape(
      await postUser(form(validFields({ email: ADMIN_EMAIL, "roles[]": "2147483647" }))),
      422,
    );
    expect(both.messages).toEqual({
      email: "Another user already uses this e-mail",
      roles: "One of the chosen roles does not exist",
    });
    expect(both.message).toBe("Another user already uses this e-mail\nOne of the chosen roles does not exist");
  });

  it("never makes a super-admin (the flag is not an input)", async () => {
    const response = await postUser(form(validFields({ isSuperAdmin: "true" })));
    expect(response.json().isSuperAdmin).toBe(false);
    const json = await postUser({ ...validFields(), isSuperAdmin: true, isActive: false });
    expect(json.json()).toMatchObject({ isSuperAdmin: false, isActive: true });
  });
});

describe("user pictures", () => {
  const pictureError = async (files: FilePart[], language?: Language) => {
    const before = await storedFiles();
    const body = expectErrorShape(await postUser(form(validFields(), files), language), 422);
    expect(await storedFiles()).toEqual(before);
    return body;
  };

  it("no file: no picture", async () => {
    expect((await createUser()).pictureUrl).toBeNull();
    // A browser form with an empty file input sends an empty part.
    expect(
      (await createUser({}, [{ data: Buffer.alloc(0), filename: "", type: "application/octet-stream" }])).pictureUrl,
    ).toBeNull();
  });

  it("refuses two files with PICTURE_COUNT", async () => {
    const two = [await png("a.png"), await png("b.png")];
    expect((await pictureError(two)).messages).toEqual({ picture: "Only one picture is allowed" });
    expect((await pictureError(two, "es")).messages).toEqual({ picture: "Solo se permite una imagen" });
    const otherName = [await png("a.png"), { ...(await png("b.png")), name: "avatar" }];
    expect((await pictureError(otherName)).messages).toEqual({ picture: "Only one picture is allowed" });
  });

  it("judges by content: a text file named .png is refused, a PNG named .txt is accepted", async () => {
    for (const language of ["en", "es"] as const) {
      const body = await pictureError([{ data: images.text(), filename: "photo.png", type: "image/png" }], language);
      expect(body.messages).toEqual({ picture: translate(language, "USERS.VALIDATION.PICTURE_FORMAT") });
    }
    const accepted = await createUser({}, [{ data: await images.png(), filename: "notes.txt", type: "text/plain" }]);
    expect(accepted.pictureUrl).toMatch(/^\/uploads\/users\/[0-9a-f]{32}\.webp$/);
  });

  it("refuses truncated, corrupt, SVG, TIFF and GIF files; accepts WebP", async () => {
    const pngData = await images.png();
    const jpeg = await images.jpegWithExif();
    for (const data of [
      pngData.subarray(0, Math.floor(pngData.length / 2)),
      jpeg.subarray(0, Math.floor(jpeg.length * 0.8)),
      Buffer.concat([pngData.subarray(0, 64), Buffer.alloc(4096, 0xff)]),
      images.svg(),
      await images.tiff(),
      await images.gif(),
    ]) {
      const body = await pictureError([{ data, filename: "picture.jpg", type: "image/jpeg" }]);
      expect(body.messages).toEqual({ picture: "The picture must be a JPEG, PNG or WebP image" });
    }
    for (const data of [await images.webp()]) {
      expect(
        (await createUser({}, [{ data, filename: "x", type: "application/octet-stream" }])).pictureUrl,
      ).toBeTruthy();
    }
  });

  it(`refuses files over ${USER_PICTURE_MAX_BYTES} bytes (cut off while uploading) with PICTURE_TOO_LARGE`, async () => {
    const big = await images.oversized(USER_PICTURE_MAX_BYTES);
    for (const language of ["en", "es"] as const) {
      const body = await pictureError([{ data: big, filename: "big.png", type: "image/png" }], language);
      expect(body.messages).toEqual({ picture: translate(language, "USERS.VALIDATION.PICTURE_TOO_LARGE") });
    }
  });

  it("refuses a small file declaring more pixels than the limit with PICTURE_DIMENSIONS, not the byte limit", async () => {
    const bomb = images.bombHeader();
    expect(bomb.length).toBeLessThan(1024);
    const megapixels = MAX_INPUT_PIXELS / 1_000_000;
    const en = await pictureError([{ data: bomb, filename: "bomb.png", type: "image/png" }]);
    expect(en.messages).toEqual({
      picture: `The picture's dimensions are too large (at most ${megapixels} megapixels)`,
    });
    const es = await pictureError([{ data: bomb, filename: "bomb.png", type: "image/png" }], "es");
    expect(es.messages).toEqual({
      picture: `Las dimensiones de la imagen son demasiado grandes (como máximo ${megapixels} megapíxeles)`,
    });
  });

  it("reports a bad picture together with the other fields' problems", async () => {
    const body = expectErrorShape(
      await postUser(
        form({ ...validFields(), phone: "1" }, [{ data: images.text(), filename: "a.png", type: "image/png" }]),
      ),
      422,
    );
    expect(body.messages).toEqual({
      phone: "Enter a 10-digit phone number, optionally with a +country code",
      picture: "The picture must be a JPEG, PNG or WebP image",
    });
  });

  it("stores an upright, metadata-free WebP (EXIF, GPS, copyright all dropped)", async () => {
    const created = await createUser({}, [
      { data: await images.jpegWithExif(), filename: "phone.jpg", type: "image/jpeg" },
    ]);
    const bytes = await readFile(fileOf(created.pictureUrl!));
    const metadata = await sharp(bytes).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: 512, height: 512 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(bytes.includes(Buffer.from("Secret owner"))).toBe(false);
  });

  it("answers 400 to a malformed multipart body and never 500", async () => {
    for (const [contentType, payload] of [
      ["multipart/form-data", "no boundary here"],
      ["multipart/form-data; boundary=XYZ", '--XYZ\r\nContent-Disposition: form-data; name="firstName"\r\n\r\nAna'],
      ["multipart/form-data; boundary=XYZ", "--XYZ\r\nbroken header\r\n\r\nvalue\r\n--XYZ--\r\n"],
    ] as const) {
      const response = await call(t.app, {
        method: "POST",
        url: "/api/users",
        headers: { ...admin, "content-type": contentType },
        payload,
      });
      expect([400, 422], `${payload}: ${response.body}`).toContain(response.statusCode);
      expectErrorShape(response, response.statusCode);
    }
    const proto = await call(t.app, {
      method: "POST",
      url: "/api/users",
      headers: { ...admin, "content-type": "multipart/form-data; boundary=XYZ" },
      payload: '--XYZ\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\nx\r\n--XYZ--\r\n',
    });
    expectErrorShape(proto, 400);
  });

  it("saves nothing when the user is refused: no row, no file", async () => {
    const existing = await createUser();
    const before = await storedFiles();
    const duplicate = await postUser(
      form(validFields({ firstName: "Duplicada", email: existing.email.toUpperCase() }), [await png()]),
    );
    expect(expectErrorShape(duplicate, 422).messages).toEqual({ email: "Another user already uses this e-mail" });
    const unknownRole = await postUser(
      form(validFields({ firstName: "Duplicada", "roles[]": "2147483000" }), [await png()]),
    );
    expect(expectErrorShape(unknownRole, 422).messages).toEqual({ roles: "One of the chosen roles does not exist" });
    expect(await storedFiles()).toEqual(before);
    expect(await t.app.db.select().from(users).where(eq(users.firstName, "Duplicada"))).toEqual([]);
  });

  it.skipIf(backend !== "postgres")(
    "removes the stored file again when the transaction fails after it was written (race on the e-mail)",
    async () => {
      const before = await storedFiles();
      const email = `race${Date.now()}@palco.test`;
      const images = t.app.images;
      const original = images.saveVariants.bind(images);
      let written: StoredVariants | undefined;
      // Another request takes the e-mail between the checks and the insert (separate connection, committed).
      images.saveVariants = async (...args) => {
        written = await original(...args);
        const other = new pg.Client({ connectionString: t.databaseUrl });
        await other.connect();
        await other.query(
          "insert into users (first_name, last_name, email, password_hash) values ('Other', 'Racer', $1, 'x')",
          [email],
        );
        await other.end();
        return written;
      };
      try {
        const body = expectErrorShape(await postUser(form(validFields({ email }), [await png()])), 422);
        expect(body.messages).toEqual({ email: "Another user already uses this e-mail" });
      } finally {
        images.saveVariants = original;
      }
      expect(written).toBeDefined();
      expect(await storedFiles()).toEqual(before);
      const rows = await t.app.db.select().from(users).where(eq(users.email, email));
      expect(rows.map((row) => row.firstName)).toEqual(["Other"]);
    },
  );
});

describe("PUT /api/users/:id", () => {
  it("replaces the fields, keeps the password when none is sent, and deletes a replaced picture", async () => {
    const created = await createUser({}, [await png()]);
    const oldFile = fileOf(created.pictureUrl!);
    await readFile(oldFile);
    const role = await createRole("Editores de prueba");
    const updated = await putUser(
      created.id,
      form(
        {
          firstName: "Ana María",
          lastName: "López Pérez",
          email: created.email.toUpperCase(),
          phone: "331-234-5678",
          password: "",
          "roles[]": String(role),
        },
        [await png("new.png")],
      ),
    );
    expect(updated.statusCode, updated.body).toBe(200);
    const body = user.parse(updated.json());
    expect(body).toMatchObject({
      id: created.id,
      firstName: "Ana María",
      lastName: "López Pérez",
      email: created.email,
      phone: "331-234-5678",
      roles: [{ id: role, name: "Editores de prueba" }],
      emailVerifiedAt: null,
    });
    expect(body.pictureUrl).not.toBe(created.pictureUrl);
    await expect(readFile(oldFile)).rejects.toThrow(/ENOENT/);
    expect((await call(t.app, { method: "GET", url: created.pictureUrl! })).statusCode).toBe(404);
    expect((await call(t.app, { method: "GET", url: body.pictureUrl! })).statusCode).toBe(200);
    expect(new Date(body.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(created.updatedAt).getTime());

    // No picture part: the picture stays. removePicture=true: it goes, file included.
    const kept = await putUser(created.id, form(updateFields(created.email)));
    expect(kept.json().pictureUrl).toBe(body.pictureUrl);
    const removed = await putUser(created.id, form(updateFields(created.email, { removePicture: "true" })));
    expect(removed.json().pictureUrl).toBeNull();
    await expect(readFile(fileOf(body.pictureUrl!))).rejects.toThrow(/ENOENT/);
  });

  it("changes the password only when one is sent, without changing the verification state", async () => {
    const created = await createUser();
    await putUser(created.id, form(updateFields(created.email, { password: "Cambiada2026" })));
    expect(user.parse((await getUser(created.id)).json()).emailVerifiedAt).toBeNull();
    await activate(created.email);
    await login(t.app, created.email, "Cambiada2026");
    await putUser(created.id, form(updateFields(created.email, { password: undefined })));
    await login(t.app, created.email, "Cambiada2026");
    const weak = expectErrorShape(
      await putUser(created.id, form(updateFields(created.email, { password: "weak" })), "es"),
      422,
    );
    expect(weak.messages).toEqual({ password: translate("es", "VALIDATION.PASSWORD_LENGTH") });
  });

  it("validates like create: every message, e-mail of another user, unknown roles, pictures", async () => {
    const created = await createUser();
    const other = await createUser();
    const empty = expectErrorShape(await putUser(created.id, form({})), 422);
    expect(Object.keys(empty.messages!).sort()).toEqual(["email", "firstName", "lastName", "phone"]);
    const taken = expectErrorShape(await putUser(created.id, form(updateFields(other.email))), 422);
    expect(taken.messages).toEqual({ email: "Another user already uses this e-mail" });
    const role = expectErrorShape(
      await putUser(created.id, form(updateFields(created.email, { "roles[]": "2147483647" }))),
      422,
    );
    expect(role.messages).toEqual({ roles: "One of the chosen roles does not exist" });
    const picture = expectErrorShape(
      await putUser(
        created.id,
        form(updateFields(created.email), [{ data: images.text(), filename: "a.gif", type: "image/gif" }]),
      ),
      422,
    );
    expect(picture.messages).toEqual({ picture: "The picture must be a JPEG, PNG or WebP image" });
    expect((await getUser(created.id)).json()).toEqual(created);
  });

  it("answers 404 for unknown ids and 400 for malformed ones", async () => {
    expectErrorShape(await putUser(2147483647, form(validFields())), 404);
    for (const id of ["abc", "0", "-1", "1.5", "99999999999", "%00"]) {
      for (const method of ["GET", "PUT", "DELETE"] as const) {
        const body = expectErrorShape(
          await call(t.app, {
            method,
            url: `/api/users/${id}`,
            headers: admin,
            ...(method === "PUT" ? { payload: form(validFields()) } : {}),
          }),
          400,
        );
        expect(body.messages, `${method} ${id}`).toEqual({ id: "This value is not valid" });
      }
      expectErrorShape(await call(t.app, { method: "PUT", url: `/api/users/${id}/deactivate`, headers: admin }), 400);
    }
    expectErrorShape(await getUser(2147483647), 404);
  });
});

describe("GET /api/users", () => {
  it("pages 12 at a time ordered by first name, last name and id; searches names and e-mail; filters by role", async () => {
    const marker = `zq${Date.now().toString(36)}`;
    const role = await createRole(`Filtro ${marker}`);
    const firstNames = [
      "Beatriz",
      "Adrián",
      "Adrián",
      "Carlos",
      "Elena",
      "Diego",
      "Fernanda",
      "Gabriel",
      "Hilda",
      "Iván",
      "Julia",
      "Karla",
      "Luis",
      "Mónica",
    ];
    for (const [index, firstName] of firstNames.entries()) {
      await createUser({
        firstName,
        lastName: `${marker} ${index % 2 === 0 ? "Zamora" : "Alvarez"}`,
        ...(index < 3 ? { "roles[]": String(role) } : {}),
      });
    }
    const list = (query: string) =>
      call(t.app, { method: "GET", url: `/api/users?${query}`, headers: admin }).then((response) => {
        expect(response.statusCode, response.body).toBe(200);
        return paged(user).parse(response.json());
      });
    const page1 = await list(`search=${marker}`);
    expect(page1).toMatchObject({ page: 1, pageSize: PAGE_SIZE, total: 14, pageCount: 2 });
    expect(page1.items).toHaveLength(12);
    const names = page1.items.map((item) => `${item.firstName} ${item.lastName}`);
    expect(names.slice(0, 2)).toEqual([`Adrián ${marker} Alvarez`, `Adrián ${marker} Zamora`]);
    const page2 = await list(`search=${marker}&page=2`);
    expect(page2.items.map((item) => item.firstName)).toEqual(["Luis", "Mónica"]);
    expect((await list(`search=${marker}&page=3`)).items).toEqual([]);

    expect((await list(`search=${marker.toUpperCase()}%20zamora`)).total).toBe(7);
    expect((await list(`search=${encodeURIComponent(`Hilda ${marker}`)}`)).total).toBe(1);
    const byEmail = await list(`search=${encodeURIComponent(page1.items[0]!.email.toUpperCase())}`);
    expect(byEmail.items.map((item) => item.id)).toEqual([page1.items[0]!.id]);
    const byRole = await list(`role=${role}`);
    expect(byRole.total).toBe(3);
    expect(byRole.items.every((item) => item.roles.some((r) => r.id === role))).toBe(true);
    expect((await list(`role=${role}&search=Beatriz`)).total).toBe(1);
    expect((await list("role=2147483647")).total).toBe(0);
    expect((await list("role=")).total).toBeGreaterThan(14);
  });

  it("treats % and _ literally and refuses bad query strings with 400", async () => {
    const special = await createUser({ lastName: "Cien_100%" });
    const byPercent = await call(t.app, {
      method: "GET",
      url: `/api/users?search=${encodeURIComponent("_100%")}`,
      headers: admin,
    });
    expect(byPercent.json().items.map((item: User) => item.id)).toEqual([special.id]);
    for (const [query, field] of [
      ["page=0", "page"],
      ["page=abc", "page"],
      ["role=abc", "role"],
      ["role=0", "role"],
      ["role=99999999999", "role"],
      ["search=%00", "search"],
      [`search=${"x".repeat(101)}`, "search"],
    ] as const) {
      const body = expectErrorShape(
        await call(t.app, { method: "GET", url: `/api/users?${query}`, headers: admin }),
        400,
      );
      expect(Object.keys(body.messages!), query).toEqual([field]);
    }
  });
});

describe("DELETE /api/users/:id", () => {
  it("deletes the user and their picture (204); then 404", async () => {
    const created = await createUser({}, [await png()]);
    const response = await call(t.app, { method: "DELETE", url: `/api/users/${created.id}`, headers: admin });
    expect(response.statusCode).toBe(204);
    await expect(readFile(fileOf(created.pictureUrl!))).rejects.toThrow(/ENOENT/);
    expectErrorShape(await getUser(created.id), 404);
    expectErrorShape(await call(t.app, { method: "DELETE", url: `/api/users/${created.id}`, headers: admin }), 404);
  });

  it("refuses to delete or block oneself (409), in both languages", async () => {
    for (const language of ["en", "es"] as const) {
      const headers = headersFor(admin, language);
      const deleted = expectErrorShape(
        await call(t.app, { method: "DELETE", url: `/api/users/${adminId}`, headers }),
        409,
      );
      expect(deleted.message).toBe(translate(language, "USERS.CANNOT_DELETE_SELF"));
      expect(deleted.messages).toEqual({ general: deleted.message });
      const blocked = expectErrorShape(
        await call(t.app, { method: "PUT", url: `/api/users/${adminId}/deactivate`, headers }),
        409,
      );
      expect(blocked.message).toBe(translate(language, "USERS.CANNOT_BLOCK_SELF"));
    }
    const staff = await t.createUser({ permissions: ["USERS_DELETE", "USERS_ACTIVATE"] });
    const staffAuth = bearer((await login(t.app, staff.email, staff.password)).token);
    expectErrorShape(await call(t.app, { method: "DELETE", url: `/api/users/${staff.id}`, headers: staffAuth }), 409);
    expect((await getUser(adminId)).json().isActive).toBe(true);
  });
});

describe("super-admins", () => {
  it("the last active super-admin can be neither blocked nor deleted; a second one can, while another remains", async () => {
    const staff = await t.createUser({ permissions: ["USERS_DELETE", "USERS_ACTIVATE", "USERS_EDIT"] });
    const staffAuth = bearer((await login(t.app, staff.email, staff.password)).token);
    for (const [method, suffix] of [
      ["PUT", "/deactivate"],
      ["DELETE", ""],
    ] as const) {
      const body = expectErrorShape(
        await call(t.app, { method, url: `/api/users/${adminId}${suffix}`, headers: staffAuth }),
        409,
      );
      expect(body.message).toBe("This is the last active super-admin; it cannot be blocked or deleted");
    }
    const spanish = expectErrorShape(
      await call(t.app, {
        method: "PUT",
        url: `/api/users/${adminId}/deactivate`,
        headers: { ...staffAuth, "accept-language": "es" },
      }),
      409,
    );
    expect(spanish.message).toBe("Es el último superadministrador activo; no se puede bloquear ni eliminar");

    const second = await t.createUser({ superAdmin: true });
    // Only a super-admin may change a super-admin account.
    for (const [method, suffix, payload] of [
      ["PUT", "/deactivate", undefined],
      ["DELETE", "", undefined],
      ["PUT", "", form(updateFields(second.email))],
    ] as const) {
      const body = expectErrorShape(
        await call(t.app, {
          method,
          url: `/api/users/${second.id}${suffix}`,
          headers: staffAuth,
          ...(payload ? { payload } : {}),
        }),
        409,
      );
      expect(body.message).toBe("Only a super-admin can change a super-admin account");
    }
    const blocked = await call(t.app, { method: "PUT", url: `/api/users/${second.id}/deactivate`, headers: admin });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json()).toMatchObject({ isActive: false, isSuperAdmin: true });
    // With the second one blocked, the first is again the last active one.
    expectErrorShape(
      await call(t.app, { method: "PUT", url: `/api/users/${adminId}/deactivate`, headers: staffAuth }),
      409,
    );
    expect(
      (await call(t.app, { method: "PUT", url: `/api/users/${second.id}/activate`, headers: admin })).json().isActive,
    ).toBe(true);
    const renamed = await putUser(second.id, form({ ...validFields({ firstName: "Segunda" }), email: second.email }));
    expect(renamed.json()).toMatchObject({ firstName: "Segunda", isSuperAdmin: true });
    expect((await call(t.app, { method: "DELETE", url: `/api/users/${second.id}`, headers: admin })).statusCode).toBe(
      204,
    );
    expect((await getUser(adminId)).json()).toMatchObject({ isActive: true, isSuperAdmin: true });
  });
});

describe("sessions follow changes at once", () => {
  const refresh = (refreshToken: string) =>
    call(t.app, { method: "POST", url: "/api/auth/refresh", payload: { refreshToken } });

  it("blocking refuses the very next request and ends every session; unblocking lets the user sign in again", async () => {
    const target = await t.createUser({ permissions: ["USERS_INDEX"] });
    const session = await login(t.app, target.email, target.password);
    const other = await login(t.app, target.email, target.password);
    const me = () => call(t.app, { method: "GET", url: "/api/users", headers: bearer(session.token) });
    expect((await me()).statusCode).toBe(200);

    const blocked = await call(t.app, { method: "PUT", url: `/api/users/${target.id}/deactivate`, headers: admin });
    expect(blocked.json().isActive).toBe(false);
    expectErrorShape(await me(), 401);
    expectErrorShape(await refresh(session.refreshToken), 401);
    expectErrorShape(await refresh(other.refreshToken), 401);

    const unblocked = await call(t.app, { method: "PUT", url: `/api/users/${target.id}/activate`, headers: admin });
    expect(unblocked.json().isActive).toBe(true);
    // Old sessions stay ended; a new sign-in works.
    expectErrorShape(await refresh(other.refreshToken), 401);
    const again = await login(t.app, target.email, target.password);
    expect((await call(t.app, { method: "GET", url: "/api/users", headers: bearer(again.token) })).statusCode).toBe(
      200,
    );
  });

  it("changing a user's roles acts on their next request and ends their sessions", async () => {
    const listers = await createRole("Listan usuarios", ["USERS_INDEX"]);
    const roleReaders = await createRole("Listan roles", ["ROLES_INDEX"]);
    const created = await createUser({ "roles[]": String(listers) });
    await activate(created.email);
    const session = await login(t.app, created.email, "Secreto2026");
    const auth = bearer(session.token);
    expect((await call(t.app, { method: "GET", url: "/api/users", headers: auth })).statusCode).toBe(200);
    expectErrorShape(await call(t.app, { method: "GET", url: "/api/roles", headers: auth }), 403);

    // Same roles again: nothing changes, sessions survive.
    await putUser(created.id, form(updateFields(created.email, { "roles[]": String(listers) })));
    const rotated = await refresh(session.refreshToken);
    expect(rotated.statusCode).toBe(200);
    const current = rotated.json().data as { token: string; refreshToken: string };

    await putUser(created.id, form(updateFields(created.email, { "roles[]": String(roleReaders) })));
    // The session ended with the change: its access token is refused at once, not only its refresh token.
    expectErrorShape(await call(t.app, { method: "GET", url: "/api/roles", headers: bearer(current.token) }), 401);
    expectErrorShape(await refresh(current.refreshToken), 401);
    const fresh = bearer((await login(t.app, created.email, "Secreto2026")).token);
    expectErrorShape(await call(t.app, { method: "GET", url: "/api/users", headers: fresh }), 403);
    expect((await call(t.app, { method: "GET", url: "/api/roles", headers: fresh })).statusCode).toBe(200);
    const me = await call(t.app, { method: "GET", url: "/api/auth/me", headers: fresh });
    expect(me.json().permissions).toEqual(["ROLES_INDEX"]);
  });

  it("setting someone's password ends their sessions; changing one's own keeps the session that did it", async () => {
    const target = await t.createUser({ permissions: ["USERS_EDIT", "USERS_SHOW"] });
    const first = await login(t.app, target.email, target.password);
    const second = await login(t.app, target.email, target.password);
    const self = form(updateFields(target.email, { password: "MiNueva2026" }));
    expect((await putUser(target.id, self, undefined, bearer(first.token))).statusCode).toBe(200);
    expect((await refresh(first.refreshToken)).statusCode).toBe(200);
    expectErrorShape(await refresh(second.refreshToken), 401);
    await login(t.app, target.email, "MiNueva2026");

    const third = await login(t.app, target.email, "MiNueva2026");
    await putUser(target.id, form(updateFields(target.email, { password: "DelAdmin2026" })));
    expectErrorShape(await refresh(third.refreshToken), 401);
    await login(t.app, target.email, "DelAdmin2026");
  });

  it("a changed own picture is what the session user reads", async () => {
    const target = await t.createUser({ permissions: ["USERS_EDIT"] });
    const session = await login(t.app, target.email, target.password);
    const updated = await putUser(
      target.id,
      form(updateFields(target.email), [await png()]),
      undefined,
      bearer(session.token),
    );
    expect(updated.statusCode, updated.body).toBe(200);
    const me = await call(t.app, { method: "GET", url: "/api/auth/me", headers: bearer(session.token) });
    expect(me.json().pictureUrl).toBe(updated.json().pictureUrl);
  });
});

describe("data integrity", () => {
  it("keeps role links consistent and the lower(email) index in place", async () => {
    const role = await createRole("Integridad");
    const created = await createUser({ "roles[]": [String(role), String(role)] });
    expect(created.roles).toEqual([{ id: role, name: "Integridad" }]);
    const links = await t.app.db.select().from(userRoles).where(eq(userRoles.userId, created.id));
    expect(links).toHaveLength(1);
    await expect(
      t.app.db
        .insert(users)
        .values({ firstName: "x", lastName: "y", email: created.email.toUpperCase(), passwordHash: "x" }),
    ).rejects.toThrow();
    const grants = await t.app.db
      .select({ total: sql<number>`count(*)` })
      .from(rolePermissions)
      .where(eq(rolePermissions.roleId, role));
    expect(Number(grants[0]!.total)).toBe(0);
    expect(await t.app.db.select().from(roles).where(eq(roles.id, role))).toHaveLength(1);
  });
});

describe("no escalation through user management", () => {
  it("a non-super-admin can assign only roles within their own permissions (422 on roles), in both languages", async () => {
    const editor = await t.createUser({ permissions: ["USERS_CREATE", "USERS_EDIT", "USERS_INDEX"] });
    const auth = bearer((await login(t.app, editor.email, editor.password)).token);
    const within = await createRole("Dentro de lo propio", ["USERS_INDEX"]);
    const beyond = await createRole("Más allá de lo propio", ["USERS_INDEX", "ROLES_EDIT"]);

    const refused = expectErrorShape(await postUser(form(validFields({ "roles[]": String(beyond) })), "en", auth), 422);
    expect(refused.messages).toEqual({ roles: "You cannot assign a role with permissions you do not have" });
    const refusedEs = expectErrorShape(
      await postUser(form(validFields({ "roles[]": [String(within), String(beyond)] })), "es", auth),
      422,
    );
    expect(refusedEs.messages).toEqual({ roles: "No puedes asignar un rol con permisos que tú no tienes" });
    expect((await postUser(form(validFields({ "roles[]": String(within) })), undefined, auth)).statusCode).toBe(201);

    // Not to someone else, nor to oneself.
    const target = await t.createUser();
    const other = expectErrorShape(
      await putUser(target.id, form(updateFields(target.email, { "roles[]": String(beyond) })), "en", auth),
      422,
    );
    expect(other.messages?.roles).toBe("You cannot assign a role with permissions you do not have");
    const self = expectErrorShape(
      await putUser(editor.id, form(updateFields(editor.email, { "roles[]": String(beyond) })), "en", auth),
      422,
    );
    expect(self.messages?.roles).toBe("You cannot assign a role with permissions you do not have");
    const stillOwn = await t.app.db.select().from(userRoles).where(eq(userRoles.userId, editor.id));
    expect(stillOwn.map((row) => row.roleId)).not.toContain(beyond);

    // The super-admin is exempt.
    expect((await putUser(target.id, form(updateFields(target.email, { "roles[]": String(beyond) })))).statusCode).toBe(
      200,
    );
  });

  it("a non-super-admin cannot edit, block, unblock or delete a user holding permissions they lack (409)", async () => {
    const staff = await t.createUser({ permissions: ["USERS_EDIT", "USERS_DELETE", "USERS_ACTIVATE", "USERS_INDEX"] });
    const auth = bearer((await login(t.app, staff.email, staff.password)).token);
    const stronger = await t.createUser({ permissions: ["USERS_EDIT", "ROLES_EDIT"] });
    const weaker = await t.createUser({ permissions: ["USERS_INDEX"] });

    const edit = expectErrorShape(await putUser(stronger.id, form(updateFields(stronger.email)), "en", auth), 409);
    expect(edit.messages).toEqual({ general: "You cannot change a user who has permissions you do not have" });
    const editEs = expectErrorShape(await putUser(stronger.id, form(updateFields(stronger.email)), "es", auth), 409);
    expect(editEs.message).toBe("No puedes modificar a un usuario que tiene permisos que tú no tienes");
    for (const [method, url] of [
      ["PUT", `/api/users/${stronger.id}/deactivate`],
      ["PUT", `/api/users/${stronger.id}/activate`],
      ["DELETE", `/api/users/${stronger.id}`],
    ] as const) {
      const refused = expectErrorShape(await call(t.app, { method, url, headers: auth }), 409);
      expect(refused.message, `${method} ${url}`).toBe("You cannot change a user who has permissions you do not have");
    }
    const [still] = await t.app.db.select().from(users).where(eq(users.id, stronger.id));
    expect(still?.isActive).toBe(true);

    // Someone within their reach: allowed.
    expect((await putUser(weaker.id, form(updateFields(weaker.email)), undefined, auth)).statusCode).toBe(200);
    expect(
      (await call(t.app, { method: "PUT", url: `/api/users/${weaker.id}/deactivate`, headers: auth })).statusCode,
    ).toBe(200);
    expect((await call(t.app, { method: "DELETE", url: `/api/users/${weaker.id}`, headers: auth })).statusCode).toBe(
      204,
    );
    // The super-admin is exempt.
    expect((await putUser(stronger.id, form(updateFields(stronger.email)))).statusCode).toBe(200);
  });
});
