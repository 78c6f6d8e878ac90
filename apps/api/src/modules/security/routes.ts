import {
  errorBody,
  idParams,
  mfaStatus,
  passkey,
  passkeyRegistrationBody,
  passkeyRenameBody,
  recoveryCodes,
  totpConfirmBody,
  totpSetup,
  webAuthnOptions,
} from "@palco/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { auditContext } from "../../platform/audit.ts";

const tags = ["Security"];
const errors = { "4xx": errorBody };

/** The guard has loaded both for every route here (none is public). */
export const memberOf = (request: FastifyRequest) => ({ member: request.sessionUser!, sessionId: request.sessionId! });

/**
 * The signed-in member's own second factors. Open to a session that must enrol (`enrolment`), except removal,
 * which also needs a fresh proof (step-up).
 */
export async function securityRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = () => app.security;

  r.get(
    "/api/auth/mfa",
    {
      config: { permission: null, enrolment: true },
      schema: {
        tags,
        summary: "The member's second factors and whether their roles require one",
        response: { 200: mfaStatus, ...errors },
      },
    },
    async (request) => {
      const { member, sessionId } = memberOf(request);
      return security().status(member, sessionId);
    },
  );

  r.post(
    "/api/auth/mfa/totp",
    {
      config: { permission: null, enrolment: true, stepUp: true },
      schema: {
        tags,
        summary: "Start setting up an authenticator app: a new secret, active once a first code confirms it",
        description:
          "RFC 6238 (30 s, 6 digits, SHA-1). Replaces a set-up not yet confirmed; 409 MFA.TOTP_ALREADY_ACTIVE when " +
          "an authenticator app is already active. The secret is never answered again.",
        response: { 200: totpSetup, ...errors },
      },
    },
    async (request) => security().startTotp(memberOf(request).member),
  );

  r.post(
    "/api/auth/mfa/totp/confirm",
    {
      config: { permission: null, enrolment: true, stepUp: true },
      schema: {
        tags,
        summary: "Activate the authenticator app with its first code; answers ten recovery codes, shown once",
        description:
          "422 messages.code MFA.CODE_INVALID for a wrong code; 409 MFA.TOTP_NOT_STARTED without a set-up. The " +
          "session counts as having passed the second factor. The member is e-mailed. A fresh set of recovery " +
          "codes replaces any earlier one.",
        body: totpConfirmBody,
        response: { 200: recoveryCodes, ...errors },
      },
    },
    async (request) => {
      const { member, sessionId } = memberOf(request);
      return {
        recoveryCodes: await security().confirmTotp(member, sessionId, request.body.code, auditContext(request)),
      };
    },
  );

  r.delete(
    "/api/auth/mfa/totp",
    {
      config: { permission: null, stepUp: true },
      schema: {
        tags,
        summary: "Remove the authenticator app",
        description:
          "404 without one; 409 MFA.LAST_FACTOR_REQUIRED when it is the last factor of a member whose roles require " +
          "one. Removing the last factor also removes the recovery codes.",
        response: { 204: z.undefined().describe("Removed"), ...errors },
      },
    },
    async (request, reply) => {
      const { member, sessionId } = memberOf(request);
      await security().removeTotp(member, sessionId, auditContext(request));
      return reply.code(204).send();
    },
  );

  r.post(
    "/api/auth/mfa/recovery-codes",
    {
      config: { permission: null, stepUp: true },
      schema: {
        tags,
        summary: "Issue a fresh set of ten recovery codes (the old set stops working)",
        description: "409 MFA.NO_FACTOR for a member without a passkey or an authenticator app.",
        response: { 200: recoveryCodes, ...errors },
      },
    },
    async (request) => ({
      recoveryCodes: await security().newRecoveryCodes(memberOf(request).member, auditContext(request)),
    }),
  );

  r.post(
    "/api/auth/mfa/passkeys/options",
    {
      config: { permission: null, enrolment: true, stepUp: true },
      schema: {
        tags,
        summary: "WebAuthn creation options for a new passkey (for @simplewebauthn/browser's startRegistration)",
        description:
          "The relying party is PUBLIC_URL's host name. The challenge is good for five minutes, once, in this session.",
        response: { 200: webAuthnOptions, ...errors },
      },
    },
    async (request) => {
      const { member, sessionId } = memberOf(request);
      return (await security().passkeyRegistrationOptions(member, sessionId)) as unknown as Record<string, unknown>;
    },
  );

  r.post(
    "/api/auth/mfa/passkeys",
    {
      config: { permission: null, enrolment: true, stepUp: true },
      schema: {
        tags,
        summary: "Register a passkey with the browser's response to the creation options",
        description:
          "422 messages.response MFA.PASSKEY_INVALID when the response does not answer an open challenge of this " +
          "session on this site; 409 MFA.PASSKEY_EXISTS for a credential already registered. The session counts as " +
          "having passed the second factor. The member is e-mailed.",
        body: passkeyRegistrationBody,
        response: { 201: passkey, ...errors },
      },
    },
    async (request, reply) => {
      const { member, sessionId } = memberOf(request);
      const created = await security().registerPasskey(member, sessionId, request.body, auditContext(request));
      return reply.code(201).send(created);
    },
  );

  r.put(
    "/api/auth/mfa/passkeys/:id",
    {
      config: { permission: null },
      schema: {
        tags,
        summary: "Rename one of the member's passkeys",
        params: idParams,
        body: passkeyRenameBody,
        response: { 200: passkey, ...errors },
      },
    },
    async (request) =>
      security().renamePasskey(memberOf(request).member, request.params.id, request.body.name, auditContext(request)),
  );

  r.delete(
    "/api/auth/mfa/passkeys/:id",
    {
      config: { permission: null, stepUp: true },
      schema: {
        tags,
        summary: "Remove one of the member's passkeys",
        description:
          "404 for a passkey that is not the member's; 409 MFA.LAST_FACTOR_REQUIRED when it is the last factor of a " +
          "member whose roles require one.",
        params: idParams,
        response: { 204: z.undefined().describe("Removed"), ...errors },
      },
    },
    async (request, reply) => {
      const { member, sessionId } = memberOf(request);
      await security().removePasskey(member, sessionId, request.params.id, auditContext(request));
      return reply.code(204).send();
    },
  );
}
