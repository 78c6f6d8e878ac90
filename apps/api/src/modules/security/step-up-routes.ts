import { errorBody, idParams, mfaStatus, stepUpBody, stepUpOptions, stepUpResult } from "@palco/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { auditContext } from "../../platform/audit.ts";
import { memberOf } from "./routes.ts";

const errors = { "4xx": errorBody };

/** Proving it is still the member (step-up), and staff reading and resetting a member's factors. */
export async function stepUpRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = () => app.security;

  r.post(
    "/api/auth/step-up/options",
    {
      config: { permission: null, enrolment: true },
      schema: {
        tags: ["Security"],
        summary: "How the member can prove it is them: their factors (or the password without one)",
        description:
          "With passkeys, WebAuthn request options for @simplewebauthn/browser's startAuthentication (good for five " +
          "minutes, once, in this session).",
        response: { 200: stepUpOptions, ...errors },
      },
    },
    async (request) => {
      const { member, sessionId } = memberOf(request);
      return security().stepUpOptions(member, sessionId);
    },
  );

  r.post(
    "/api/auth/step-up",
    {
      config: { permission: null, enrolment: true },
      schema: {
        tags: ["Security"],
        summary: "Prove it is still the member: the sensitive routes are open for STEP_UP_SECONDS",
        description:
          "The password is accepted only from a member without a factor (422 messages.method " +
          "MFA.METHOD_UNAVAILABLE otherwise). 422 messages.code / response / password for a wrong answer, which " +
          "counts on the account's sign-in throttle (429 AUTH.TOO_MANY_ATTEMPTS). TOTP codes are good once; a " +
          "recovery code is spent and e-mails the member.",
        body: stepUpBody,
        response: { 200: stepUpResult, ...errors },
      },
    },
    async (request) => {
      const { member, sessionId } = memberOf(request);
      return security().stepUp(member, sessionId, request.body, request.ip, auditContext(request));
    },
  );

  r.get(
    "/api/users/:id/mfa",
    {
      // Who may reset a member's factors sees what there is to reset.
      config: { permission: "USERS_EDIT" },
      schema: {
        tags: ["Users"],
        summary: "A member's second factors (no secrets) and whether their roles require one",
        params: idParams,
        response: { 200: mfaStatus, ...errors },
      },
    },
    async (request) => security().memberStatus(request.params.id),
  );

  r.delete(
    "/api/users/:id/mfa",
    {
      config: { permission: "USERS_EDIT", stepUp: true },
      schema: {
        tags: ["Users"],
        summary: "Reset a member's two-step sign-in: remove their passkeys, authenticator app and recovery codes",
        description:
          "Ends every session of the member and e-mails them. 409 USERS.SUPER_ADMIN_PROTECTED for a super-admin " +
          "(unless done by one) and USERS.TARGET_BEYOND_OWN for a member holding permissions the caller lacks.",
        params: idParams,
        response: { 204: z.undefined().describe("Reset"), ...errors },
      },
    },
    async (request, reply) => {
      await security().resetMember(request.sessionUser!, request.params.id, auditContext(request));
      return reply.code(204).send();
    },
  );
}
