import {
  AUDIT_REDACTED,
  errorBody,
  idParams,
  paged,
  USER_PICTURE_MAX_BYTES,
  user,
  userCreateInput,
  userListQuery,
  userUpdateInput,
} from "@palco/shared";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { registerActivationRoutes } from "../../platform/activation.ts";
import { assertCurrentVersion, recordChange, recordCreate, SECRET_CHANGED } from "../../platform/audit.ts";
import { hashPassword } from "../../platform/auth.ts";
import { registerBulkRoutes } from "../../platform/bulk.ts";
import { PG_FOREIGN_KEY_VIOLATION, PG_UNIQUE_VIOLATION, pgErrorOf } from "../../platform/db.ts";
import { conflict, issueMessages, languageOf, unprocessable } from "../../platform/errors.ts";
import { requireStepUp } from "../../platform/guard.ts";
import { ImageRejectedError, type PreparedVariants, type StoredVariants } from "../../platform/images.ts";
import { fieldValue, type ParsedForm, readForm } from "../../platform/multipart.ts";
import { mfaChallenges, userRoles, users } from "../../platform/schema.ts";
import {
  AVATAR_FOLDER,
  AVATAR_VARIANTS,
  checkUserRules,
  getUser,
  guardSuperAdmin,
  guardTargetPermissions,
  listUsers,
  lockUser,
  matchingUserIds,
} from "./service.ts";

const tags = ["Users"];
const errors = { "4xx": errorBody };

const FORM_DESCRIPTION =
  "multipart/form-data (or JSON without a picture). Text parts: firstName, lastName, email, phone, password, " +
  "roles[] (repeated, role ids; `roles` is accepted too). File part: picture (at most one; JPEG, PNG or WebP " +
  `judged by its content; at most ${USER_PICTURE_MAX_BYTES} bytes), stored as a 512 × 512 WebP and a 96 × 96 one for lists, without metadata. ` +
  "422 lists every problem in `messages` (firstName, lastName, email, phone, password, roles, picture).";

/**
 * Where a write changes what a member may do, or how they sign in. Super-admin status is not writable through these
 * routes (only the seed grants it), so roles, e-mail and password are all there is to compare.
 */
const rolesStepUp = (when: string) =>
  `Sensitive ${when}: 403 with code STEP_UP_REQUIRED unless the session proved a factor (or the password) within ` +
  "STEP_UP_SECONDS; renew with POST /api/auth/step-up.";

/** Text parts plus room for the roles of a large organisation; one file. */
const FORM_LIMITS = { fileSize: USER_PICTURE_MAX_BYTES, files: 1, fields: 130 };

const NUL = /\u0000/;

type UserSchema = typeof userCreateInput | typeof userUpdateInput;

/** Validates the form like a JSON body would be, plus the picture (decoded and re-encoded here, stored later). */
async function checkForm<TSchema extends UserSchema>(
  app: FastifyInstance,
  form: ParsedForm,
  schema: TSchema,
): Promise<{ input: z.output<TSchema>; picture: PreparedVariants | undefined }> {
  if (form.tooManyFiles) throw unprocessable({ picture: "USERS.VALIDATION.PICTURE_COUNT" });
  // An empty roles[] part (how some clients say "no roles") is no role.
  const roles = [...(form.fields.get("roles[]") ?? []), ...(form.fields.get("roles") ?? [])].filter(
    (value) => typeof value !== "string" || value.trim() !== "",
  );
  const values = {
    firstName: fieldValue(form, "firstName"),
    lastName: fieldValue(form, "lastName"),
    email: fieldValue(form, "email"),
    phone: fieldValue(form, "phone"),
    password: fieldValue(form, "password"),
    roles,
  };
  const parsed = schema.safeParse(values);
  const messages: Record<string, string> = parsed.success ? {} : issueMessages(parsed.error.issues);
  for (const field of form.truncated) {
    if (field in values) messages[field] ??= "VALIDATION.TOO_LONG";
  }
  // The shared policy has no rule for NUL; a password is never stored, but it must not be typed either.
  if (typeof values.password === "string" && NUL.test(values.password)) {
    messages.password ??= "VALIDATION.INVALID_CHARACTERS";
  }

  // A browser form with an empty file input still sends an empty part: that is "no picture".
  const sent = form.files.filter((file) => file.tooLarge || file.data?.length);
  const files = sent.filter((file) => file.fieldName === "picture");
  let picture: PreparedVariants | undefined;
  if (files.length > 1) messages.picture = "USERS.VALIDATION.PICTURE_COUNT";
  else if (sent.length > files.length) messages.picture = "IMAGES.VALIDATION.PART_NAME";
  else if (files[0]?.tooLarge) messages.picture = "USERS.VALIDATION.PICTURE_TOO_LARGE";
  else if (files[0]?.data) {
    try {
      picture = await app.images.prepareVariants(files[0].data, AVATAR_VARIANTS);
    } catch (error) {
      if (!(error instanceof ImageRejectedError)) throw error;
      messages.picture =
        error.problem === "dimensions" ? "USERS.VALIDATION.PICTURE_DIMENSIONS" : "USERS.VALIDATION.PICTURE_FORMAT";
    }
  }
  if (Object.keys(messages).length > 0 || !parsed.success) throw unprocessable(messages);
  return { input: parsed.data as z.output<TSchema>, picture };
}

/** The checks run first; these map the races they cannot see to the same answers. */
function mapWriteError(error: unknown): never {
  const pgError = pgErrorOf(error);
  if (pgError?.code === PG_UNIQUE_VIOLATION && pgError.constraint === "users_email_lower_unique") {
    throw unprocessable({ email: "USERS.VALIDATION.EMAIL_TAKEN" });
  }
  if (pgError?.code === PG_FOREIGN_KEY_VIOLATION) throw unprocessable({ roles: "USERS.VALIDATION.ROLE_UNKNOWN" });
  throw error;
}

const sameIds = (a: number[], b: number[]) => {
  const left = [...new Set(a)].sort((x, y) => x - y);
  const right = [...new Set(b)].sort((x, y) => x - y);
  return left.length === right.length && left.every((value, index) => value === right[index]);
};

const actorOf = (request: FastifyRequest) => request.sessionUser!;

type Avatar = { pictureUrl: string | null; pictureSmallUrl: string | null };

/** Deletes both files of an avatar (nothing for none); never throws. */
const removeAvatar = async (app: FastifyInstance, avatar: Avatar | null | undefined) => {
  if (avatar) await Promise.all([app.images.remove(avatar.pictureUrl), app.images.remove(avatar.pictureSmallUrl)]);
};

export async function userRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.db;

  r.get(
    "/api/users",
    {
      config: { permission: "USERS_INDEX" },
      schema: {
        tags,
        summary: "List users (paged, 12 per page), ordered by first name and last name",
        description: "search matches first name, last name or e-mail (case-insensitive); role filters by role id.",
        querystring: userListQuery,
        response: { 200: paged(user), ...errors },
      },
    },
    async (request) => listUsers(db(), request.query),
  );

  r.get(
    "/api/users/:id",
    {
      // The edit form loads the user too.
      config: { permission: ["USERS_SHOW", "USERS_EDIT"] },
      schema: { tags, summary: "One user", params: idParams, response: { 200: user, ...errors } },
    },
    async (request) => getUser(db(), request.params.id),
  );

  r.post(
    "/api/users",
    {
      config: { permission: "USERS_CREATE" },
      schema: {
        tags,
        summary: "Create a user; an activation e-mail is sent (the user cannot sign in before activating)",
        description: `${FORM_DESCRIPTION}\n\n${rolesStepUp("when roles are given")}`,
        consumes: ["multipart/form-data", "application/json"],
        response: { 201: user, ...errors },
      },
    },
    async (request, reply) => {
      const form = await readForm(request, FORM_LIMITS);
      const { input, picture } = await checkForm(app, form, userCreateInput);
      const passwordHash = await hashPassword(input.password);
      const roleIds = [...new Set(input.roles)];
      let stored: StoredVariants | undefined;
      let id: number;
      try {
        id = await db().transaction(async (tx) => {
          await checkUserRules(tx, actorOf(request), { email: input.email, roles: roleIds });
          // Roles are what a member may do: granting them is sensitive (a new member without roles is not).
          if (roleIds.length > 0) requireStepUp(request);
          if (picture) stored = await app.images.saveVariants(picture, AVATAR_FOLDER);
          const [created] = await tx
            .insert(users)
            .values({
              firstName: input.firstName,
              lastName: input.lastName,
              email: input.email.toLowerCase(),
              phone: input.phone,
              passwordHash,
              pictureUrl: stored?.url ?? null,
              pictureSmallUrl: stored?.smallUrl ?? null,
              isActive: true,
              isSuperAdmin: false,
              emailVerifiedAt: null,
              // The activation e-mail (and later ones) go out in the language of the staff member who created it.
              language: languageOf(request),
            })
            .returning({ id: users.id });
          if (roleIds.length > 0) {
            await tx.insert(userRoles).values(roleIds.map((roleId) => ({ userId: created!.id, roleId })));
          }
          await recordCreate(tx, request, {
            resource: "users",
            recordId: created!.id,
            created: await getUser(tx, created!.id),
            extraChanges: { password: [null, AUDIT_REDACTED] },
          });
          return created!.id;
        });
      } catch (error) {
        await removeAvatar(app, stored && { pictureUrl: stored.url, pictureSmallUrl: stored.smallUrl });
        mapWriteError(error);
      }
      app.background.run("activation e-mail", () => app.auth.sendActivationMail(id));
      return reply.code(201).send(await getUser(db(), id));
    },
  );

  r.put(
    "/api/users/:id",
    {
      config: { permission: "USERS_EDIT" },
      schema: {
        tags,
        summary: "Update a user",
        description:
          `${FORM_DESCRIPTION} The password is optional (empty or absent: unchanged). A new picture replaces the ` +
          'old one; the text part removePicture = "true" clears it. Changing the roles or the password ends the ' +
          "user's other sessions (their refresh tokens).\n\n" +
          rolesStepUp(
            "when the roles, the e-mail or the password change (the same roles in another order are no change)",
          ),
        params: idParams,
        consumes: ["multipart/form-data", "application/json"],
        response: { 200: user, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const actor = actorOf(request);
      const form = await readForm(request, FORM_LIMITS);
      const removePicture = [true, "true"].includes(fieldValue(form, "removePicture") as string | boolean);
      const { input, picture } = await checkForm(app, form, userUpdateInput);
      const passwordHash = input.password ? await hashPassword(input.password) : undefined;
      const roleIds = [...new Set(input.roles)];
      let stored: StoredVariants | undefined;
      let replaced: Avatar | null = null;
      try {
        replaced = await app.sessions.change(async (tx, sessions) => {
          const locked = await lockUser(tx, id);
          const before = await getUser(tx, id);
          await assertCurrentVersion(tx, request, { resource: "users", recordId: id, current: before });
          guardSuperAdmin(locked, actor, "edit");
          await guardTargetPermissions(tx, id, actor);
          await checkUserRules(tx, actor, { email: input.email, roles: roleIds }, id);
          const current = await tx.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, id));
          const rolesChanged = !sameIds(
            current.map((row) => row.roleId),
            roleIds,
          );
          // Changing what a member may do, or what signs them in (whoever sets another's e-mail or password can take
          // the account over), is sensitive; a name, phone or picture edit is not. Asked before writing.
          const signInChanged = passwordHash !== undefined || before.email.toLowerCase() !== input.email.toLowerCase();
          if (rolesChanged || signInChanged) requireStepUp(request);
          if (picture) stored = await app.images.saveVariants(picture, AVATAR_FOLDER);
          const previous = { pictureUrl: locked.target.pictureUrl, pictureSmallUrl: locked.target.pictureSmallUrl };
          const next = stored
            ? { pictureUrl: stored.url, pictureSmallUrl: stored.smallUrl }
            : removePicture
              ? { pictureUrl: null, pictureSmallUrl: null }
              : previous;
          await tx
            .update(users)
            .set({
              firstName: input.firstName,
              lastName: input.lastName,
              email: input.email.toLowerCase(),
              phone: input.phone,
              ...next,
              ...(passwordHash ? { passwordHash } : {}),
              updatedAt: new Date(),
            })
            .where(eq(users.id, id));
          if (rolesChanged) {
            await tx.delete(userRoles).where(eq(userRoles.userId, id));
            if (roleIds.length > 0)
              await tx.insert(userRoles).values(roleIds.map((roleId) => ({ userId: id, roleId })));
          }
          if (passwordHash) {
            // A second step won with the old password must not be finished.
            await tx
              .delete(mfaChallenges)
              .where(and(eq(mfaChallenges.userId, id), eq(mfaChallenges.purpose, "sign-in")));
          }
          if (rolesChanged || passwordHash) {
            // Editing oneself keeps the session doing it; every other session of the user ends.
            await sessions.end({ userId: id, except: id === actor.id ? request.sessionId : undefined });
          }
          // Name, e-mail, picture or permissions: the kept sessions see them on their next request.
          sessions.accessChanged({ userId: id });
          await recordChange(tx, request, {
            action: "update",
            resource: "users",
            recordId: id,
            before,
            after: await getUser(tx, id),
            extraChanges: passwordHash ? { password: SECRET_CHANGED } : {},
          });
          return next.pictureUrl !== previous.pictureUrl ? previous : null;
        });
      } catch (error) {
        await removeAvatar(app, stored && { pictureUrl: stored.url, pictureSmallUrl: stored.smallUrl });
        mapWriteError(error);
      }
      // Only once the new state is committed: a failed update keeps the old picture.
      await removeAvatar(app, replaced);
      return getUser(db(), id);
    },
  );

  r.delete(
    "/api/users/:id",
    {
      config: { permission: "USERS_DELETE" },
      schema: {
        tags,
        summary: "Delete a user (not oneself, not the last active super-admin)",
        params: idParams,
        response: { 204: z.undefined().describe("Deleted"), ...errors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const actor = actorOf(request);
      if (id === actor.id) throw conflict("USERS.CANNOT_DELETE_SELF");
      const avatar = await app.sessions
        .change(async (tx, sessions) => {
          const locked = await lockUser(tx, id);
          const before = await getUser(tx, id);
          await assertCurrentVersion(tx, request, { resource: "users", recordId: id, current: before });
          guardSuperAdmin(locked, actor, "delete");
          await guardTargetPermissions(tx, id, actor);
          // Before the rows go (their refresh tokens with them), so the open sockets are closed as well.
          await sessions.end({ userId: id });
          await tx.delete(users).where(eq(users.id, id));
          await recordChange(tx, request, { action: "delete", resource: "users", recordId: id, before, after: null });
          return { pictureUrl: locked.target.pictureUrl, pictureSmallUrl: locked.target.pictureSmallUrl };
        })
        .catch((error: unknown) => {
          // Rows of other resources that must keep their author (later issues) refuse the delete.
          if (pgErrorOf(error)?.code === PG_FOREIGN_KEY_VIOLATION) throw conflict("USERS.IN_USE");
          throw error;
        });
      await removeAvatar(app, avatar);
      return reply.code(204).send();
    },
  );

  registerActivationRoutes(app, {
    base: "/api/users",
    tags,
    permission: "USERS_ACTIVATE",
    summary: {
      activate: "Unblock a user",
      deactivate:
        "Block a user: their next request is refused and their sessions end (not oneself, not the last active super-admin)",
    },
    response: user,
    resource: "users",
    load: getUser,
    async change(_, id, isActive, request) {
      const actor = actorOf(request);
      if (!isActive && id === actor.id) throw conflict("USERS.CANNOT_BLOCK_SELF");
      await app.sessions.change(async (tx, sessions) => {
        const locked = await lockUser(tx, id);
        const before = await getUser(tx, id);
        await assertCurrentVersion(tx, request, { resource: "users", recordId: id, current: before });
        guardSuperAdmin(locked, actor, isActive ? "activate" : "deactivate");
        await guardTargetPermissions(tx, id, actor);
        await tx.update(users).set({ isActive, updatedAt: new Date() }).where(eq(users.id, id));
        // Blocking ends every session, open sockets included (on every instance with Redis).
        if (!isActive) await sessions.end({ userId: id });
        else sessions.accessChanged({ userId: id });
        await recordChange(tx, request, {
          action: isActive ? "activate" : "deactivate",
          resource: "users",
          recordId: id,
          before,
          after: await getUser(tx, id),
        });
      });
    },
  });

  // Each id runs the routes above (not oneself, not the last super-admin, sessions ended…).
  registerBulkRoutes(app, {
    base: "/api/users",
    tags,
    plural: "users",
    actions: { activate: "USERS_ACTIVATE", deactivate: "USERS_ACTIVATE", delete: "USERS_DELETE" },
    ids: {
      permission: "USERS_INDEX",
      querystring: userListQuery,
      find: (request) => matchingUserIds(db(), request.query as Parameters<typeof matchingUserIds>[1]),
    },
  });
}
