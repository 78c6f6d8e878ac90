import { z } from "zod";
import { email as emailField, password, sessionUser } from "./auth.ts";
import { idNumber, optionalIdFilter, pageQuery, requiredText, timestamp } from "./common.ts";
import { sortParam } from "./sort.ts";
import { SORT_FIELDS } from "./sort-fields.ts";
import { PHONE_PATTERN } from "./users-values.ts";

const roleIds = z
  .array(idNumber("USERS.VALIDATION.ROLES_FORMAT"), { error: "USERS.VALIDATION.ROLES_FORMAT" })
  .max(100, "USERS.VALIDATION.ROLES_FORMAT")
  .default([]);

const userFields = {
  firstName: requiredText("USERS.VALIDATION.FIRST_NAME_MISSING", 100),
  lastName: requiredText("USERS.VALIDATION.LAST_NAME_MISSING", 100),
  email: emailField,
  phone: requiredText("USERS.VALIDATION.PHONE_MISSING", 25).regex(PHONE_PATTERN, "USERS.VALIDATION.PHONE_FORMAT"),
  roles: roleIds,
};

/**
 * The text fields of POST /users (multipart; `picture` is the file part, checked by the API on its bytes).
 * `roles[]` may come repeated; the API gathers them into `roles`.
 */
export const userCreateInput = z.object({ ...userFields, password });
export type UserCreateInput = z.input<typeof userCreateInput>;

/** PUT /users/{id}: the password is changed only when one is sent (the form's change-password switch). */
export const userUpdateInput = z.object({
  ...userFields,
  password: z.preprocess((value) => (value === "" ? undefined : value), password.optional()),
});
export type UserUpdateInput = z.input<typeof userUpdateInput>;

/** The form in the browser: the confirmation and the change-password switch never leave it. */
export const userForm = (mode: "create" | "edit") =>
  z
    .object({
      ...userFields,
      changePassword: z.boolean().default(false),
      password: z.string().default(""),
      confirmation: z.string().default(""),
    })
    .superRefine((value, context) => {
      if (mode === "edit" && !value.changePassword) return;
      const checked = password.safeParse(value.password);
      if (!checked.success) {
        context.addIssue({ code: "custom", path: ["password"], message: checked.error.issues[0]!.message });
      }
      if (value.password !== value.confirmation) {
        context.addIssue({ code: "custom", path: ["confirmation"], message: "VALIDATION.PASSWORD_CONFIRMATION" });
      }
    });
export type UserFormValues = z.input<ReturnType<typeof userForm>>;

/** A staff account as the users screens see it: the session user's fields, without the resolved permissions. */
export const user = sessionUser.omit({ permissions: true, mfaEnrollmentRequired: true }).extend({
  emailVerifiedAt: timestamp.nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type User = z.infer<typeof user>;

export const userListQuery = pageQuery.extend({ role: optionalIdFilter, sort: sortParam(SORT_FIELDS.users) });
export type UserListQuery = z.input<typeof userListQuery>;
