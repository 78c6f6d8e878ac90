import {
  emailVerificationBody,
  errorBody,
  forgotBody,
  loginBody,
  loginMfaBody,
  loginResponse,
  logoutBody,
  messagesBody,
  refreshBody,
  resetBody,
  sessionResponse,
  translate,
} from "@palco/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { auditContext } from "../../platform/audit.ts";
import { explicitLanguageOf, languageOf, tooManyAttempts } from "../../platform/errors.ts";
import { bearerToken } from "../../platform/guard.ts";

const tags = ["Auth"];
const errors = { "4xx": errorBody };

export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = () => app.auth;

  r.post(
    "/api/auth/login",
    {
      config: { permission: "public" },
      schema: {
        tags,
        summary: "Sign in with e-mail and password",
        description:
          "401 AUTH.INVALID_CREDENTIALS for a wrong e-mail or password, 403 AUTH.ACCOUNT_INACTIVE for a blocked or " +
          "not yet activated account (only once the password is right).\n\n" +
          "429 AUTH.TOO_MANY_ATTEMPTS, decided before the password is checked, counting failed attempts in a " +
          "15-minute window that starts at the first failure: after 5 failures from one IP against one account, " +
          "that IP may not try that account; after 30 failures from one IP (any accounts), that IP may not sign in; " +
          "after 10 failures against one account from any IPs, the account is under attack and only IPs with no " +
          "failure in their window may try it (one guess per attacking IP, while its owner signing in from a clean " +
          "address still gets in). A successful sign-in clears that IP's failures against that account. Nobody can " +
          "lock an account by failing on purpose.\n\n" +
          "A member with a second factor (passkey or authenticator app) gets no token here: the answer is " +
          "{data: {mfaRequired: true, challenge, methods, passkeyOptions?}}, to finish with POST /api/auth/login/mfa. " +
          "The right password then does not clear the throttle: only the second step's outcome does.",
        body: loginBody,
        response: { 200: loginResponse, ...errors },
      },
    },
    async (request) => {
      const { user, secret } = request.body;
      return { data: await auth().login(user, secret, request.ip, explicitLanguageOf(request), auditContext(request)) };
    },
  );

  r.post(
    "/api/auth/login/mfa",
    {
      config: { permission: "public" },
      schema: {
        tags,
        summary: "Finish a two-step sign-in with a passkey, an authenticator code or a recovery code",
        description:
          "Answers the session exactly as a one-step sign-in does. 401 MFA.CHALLENGE_EXPIRED when the challenge is " +
          "unknown, used, older than five minutes or was answered wrongly five times; 422 with messages.code " +
          "(MFA.CODE_INVALID) or messages.response (MFA.PASSKEY_INVALID) for a wrong answer, which counts on the " +
          "challenge and on the sign-in throttle (429 AUTH.TOO_MANY_ATTEMPTS, as for the password). A recovery code " +
          "is spent and e-mails the member.",
        body: loginMfaBody,
        response: { 200: sessionResponse, ...errors },
      },
    },
    async (request) => {
      const { challenge, ...proof } = request.body;
      return { data: await app.security.completeSignIn(challenge, proof, request.ip, auditContext(request)) };
    },
  );

  r.post(
    "/api/auth/refresh",
    {
      config: { permission: "public" },
      schema: {
        tags,
        summary: "Exchange a refresh token for a new session (the token is rotated)",
        description: "Reusing an already rotated token revokes its whole family and answers 401.",
        body: refreshBody,
        response: { 200: sessionResponse, ...errors },
      },
    },
    async (request) => ({ data: await auth().refresh(request.body.refreshToken, auditContext(request)) }),
  );

  r.post(
    "/api/auth/logout",
    {
      config: { permission: "public" },
      schema: {
        tags,
        summary: "End the session of the bearer token and of the refresh token",
        description:
          "Needs no valid sign-in (a client whose access token expired can still send its refresh token). A valid " +
          "bearer token ends its own session (its refresh-token family); a refresh token in the body ends its " +
          "family. Either way the session's access tokens are refused at once and its sockets are closed. Always " +
          "204, also for unknown, expired or missing tokens.",
        body: logoutBody,
        response: { 204: z.undefined().describe("Signed out"), ...errors },
      },
    },
    async (request, reply) => {
      await auth().logout(
        { refreshToken: request.body?.refreshToken, accessToken: bearerToken(request) },
        auditContext(request),
      );
      return reply.code(204).send();
    },
  );

  r.post(
    "/api/auth/forgot",
    {
      config: { permission: "public" },
      schema: {
        tags,
        summary: "E-mail a password reset link",
        description: "Always answers the same, whether or not the address belongs to an account.",
        body: forgotBody,
        response: { 200: messagesBody, ...errors },
      },
    },
    async (request) => {
      if (!(await app.forgotIpLimiter.take(request.ip))) throw tooManyAttempts("ERRORS.TOO_MANY_REQUESTS");
      auth().forgot(request.body.email, explicitLanguageOf(request), auditContext(request));
      return { messages: { general: translate(languageOf(request), "AUTH.FORGOT_SENT") } };
    },
  );

  r.post(
    "/api/auth/reset",
    {
      config: { permission: "public" },
      schema: {
        tags,
        summary: "Set a new password with a reset token",
        description: "422 with messages.token when the token is unknown, used or expired; ends every session.",
        body: resetBody,
        response: { 200: messagesBody, ...errors },
      },
    },
    async (request) => {
      await auth().resetPassword(request.body.token, request.body.password, auditContext(request));
      return { messages: { general: translate(languageOf(request), "AUTH.RESET_DONE") } };
    },
  );

  r.post(
    "/api/auth/email-verification",
    {
      config: { permission: "public" },
      schema: {
        tags,
        summary: "Verify the e-mail address (account activation) with the e-mailed token",
        body: emailVerificationBody,
        response: { 200: messagesBody, ...errors },
      },
    },
    async (request) => {
      await auth().verifyEmail(request.body.token, auditContext(request));
      return { messages: { general: translate(languageOf(request), "AUTH.EMAIL_VERIFIED") } };
    },
  );
}
