import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { likePattern } from "../src/platform/crud.ts";
import { ApiError, installErrorHandling } from "../src/platform/errors.ts";

/** Database errors that reach the generic handler must become client errors, never a 500 with a stack. */
describe("error handler", () => {
  const wrapped = (code: string) =>
    Object.assign(new Error("Failed query"), { cause: Object.assign(new Error("pg"), { code }) });

  it("maps PostgreSQL errors: unique and foreign-key violations → 409, bad input → 400", async () => {
    const app = Fastify();
    installErrorHandling(app);
    for (const code of ["23505", "23503", "22021", "22P02", "22003"]) {
      app.get(`/${code}`, async () => {
        throw wrapped(code);
      });
    }
    app.get("/boom", async () => {
      throw new Error("secret detail");
    });
    app.get("/api-error", async () => {
      throw new ApiError(422, { code: "COUNTRIES.VALIDATION.CODE_TAKEN" });
    });
    const status = async (url: string) => (await app.inject({ method: "GET", url })).statusCode;
    expect(await status("/23505")).toBe(409);
    expect(await status("/23503")).toBe(409);
    expect(await status("/22021")).toBe(400);
    expect(await status("/22P02")).toBe(400);
    expect(await status("/22003")).toBe(400);
    const boom = await app.inject({ method: "GET", url: "/boom", headers: { "accept-language": "es" } });
    expect(boom.statusCode).toBe(500);
    expect(boom.json()).toEqual({
      statusCode: 500,
      error: "Internal Server Error",
      message: "Ocurrió un error inesperado, inténtalo más tarde",
      messages: { general: "Ocurrió un error inesperado, inténtalo más tarde" },
    });
    const apiError = await app.inject({ method: "GET", url: "/api-error", headers: { "accept-language": "es" } });
    expect(apiError.json()).toEqual({
      statusCode: 422,
      error: "Unprocessable Entity",
      message: "Otro país ya usa este código",
      messages: { code: "Otro país ya usa este código" },
    });
    await app.close();
  });

  it("escapes LIKE wildcards typed by the user", () => {
    expect(likePattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
  });
});
