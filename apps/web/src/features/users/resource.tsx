import type { User, UserFormValues } from "@palco/shared";
import { IMAGE_MIME_TYPES, USER_PICTURE_MAX_BYTES } from "@palco/shared/resources/users-values";
import { useQuery } from "@tanstack/react-query";
import { AvatarLabel, PictureAvatar } from "@/kit/avatar.tsx";
import { emptyImage, type ImageValue, imageParts, toFormData } from "@/kit/multipart.ts";
import { type ChoicesState, defineResource } from "@/kit/resource.ts";
import { roleOptionsQuery, useRoleSelectOptions } from "@/lib/lookups.ts";
import { usersApi } from "./api.ts";
import { usersMeta } from "./meta.ts";
import { userRefusals } from "./refusals.ts";
import { ResetTwoStep, UserSessions } from "./security-sections.tsx";
import { syncSignedInUser } from "./session-sync.ts";

const F = "USERS.FIELDS";

type UserFormState = UserFormValues & { picture: ImageValue };

const fullName = (user: Pick<User, "firstName" | "lastName">) => `${user.firstName} ${user.lastName}`.trim();

/** One switch per role (GET /roles/all). */
function useRoleChoices(): ChoicesState {
  const roles = useQuery(roleOptionsQuery);
  return {
    groups: [
      {
        key: "roles",
        items: (roles.data ?? [])
          .map((role) => ({ value: String(role.id), label: role.name }))
          .sort((a, b) => a.label.localeCompare(b.label)),
      },
    ],
    isLoading: roles.isPending,
    isError: roles.isError,
  };
}

export default defineResource({
  meta: usersMeta,
  api: usersApi,
  recordLabel: (user: User) => fullName(user) || user.email,
  list: {
    columns: [
      { key: "id", label: `${F}.NUMBER`, width: 80 },
      {
        key: "name",
        label: `${F}.NAME`,
        link: true,
        sort: "firstName",
        value: (user) => <AvatarLabel src={user.pictureSmallUrl} name={fullName(user)} />,
      },
      { key: "email", label: `${F}.EMAIL` },
      { key: "phone", label: `${F}.PHONE`, nowrap: true },
      { key: "roles", label: `${F}.ROLES`, kind: "tags" },
      { key: "isActive", label: `${F}.ACTIVE`, kind: "boolean", width: 110 },
    ],
    filters: [{ name: "role", label: "USERS.FILTERS.ROLE", kind: "select", useOptions: useRoleSelectOptions }],
    phone: { primary: "name", secondary: ["email", "phone", "roles"] },
  },
  detail: {
    fields: [
      {
        key: "pictureUrl",
        label: `${F}.PICTURE`,
        value: (user, t) => (
          <PictureAvatar
            src={user.pictureUrl}
            name={fullName(user)}
            alt={t("USERS.PICTURE_OF", { name: fullName(user) })}
            size={96}
          />
        ),
      },
      { key: "firstName", label: `${F}.FIRST_NAME` },
      { key: "lastName", label: `${F}.LAST_NAME` },
      { key: "email", label: `${F}.EMAIL` },
      { key: "phone", label: `${F}.PHONE` },
      { key: "roles", label: `${F}.ROLES`, kind: "tags" },
    ],
    sections: [
      {
        key: "sessions",
        title: "USER_SECURITY.SESSIONS_TITLE",
        permission: "USERS_EDIT",
        render: (user) => <UserSessions user={user} />,
      },
      {
        key: "two-step",
        title: "USER_SECURITY.TWO_STEP_TITLE",
        permission: "USERS_EDIT",
        render: (user) => <ResetTwoStep user={user} />,
      },
    ],
  },
  form: {
    schema: () => import("@palco/shared/resources/users").then((module) => module.userForm),
    sections: [
      {
        key: "picture",
        fields: [
          {
            name: "picture",
            label: `${F}.PICTURE`,
            kind: "image",
            accept: IMAGE_MIME_TYPES,
            maxBytes: USER_PICTURE_MAX_BYTES,
            shape: "circle",
          },
        ],
      },
      {
        key: "general",
        title: "USERS.SECTIONS.GENERAL",
        columns: 2,
        fields: [
          { name: "firstName", label: `${F}.FIRST_NAME`, kind: "text", maxLength: 100, autoComplete: "off" },
          { name: "lastName", label: `${F}.LAST_NAME`, kind: "text", maxLength: 100, autoComplete: "off" },
          { name: "email", label: `${F}.EMAIL`, kind: "text", type: "email", maxLength: 254 },
          { name: "phone", label: `${F}.PHONE`, kind: "text", type: "tel", maxLength: 25, hint: "USERS.HINTS.PHONE" },
        ],
      },
      {
        key: "password",
        title: "USERS.SECTIONS.PASSWORD",
        columns: 2,
        fields: [
          {
            name: "changePassword",
            label: `${F}.CHANGE_PASSWORD`,
            kind: "switch",
            hint: "USERS.HINTS.CHANGE_PASSWORD",
            fullWidth: true,
            visible: ({ mode }) => mode === "edit",
          },
          {
            name: "password",
            label: `${F}.PASSWORD`,
            kind: "password",
            hint: "USERS.HINTS.PASSWORD",
            maxLength: 24,
            visible: ({ mode, values }) => mode === "create" || Boolean(values.changePassword),
          },
          {
            name: "confirmation",
            label: `${F}.CONFIRMATION`,
            kind: "password",
            maxLength: 24,
            visible: ({ mode, values }) => mode === "create" || Boolean(values.changePassword),
          },
        ],
      },
      {
        key: "roles",
        title: "USERS.SECTIONS.ROLES",
        description: "USERS.HINTS.ROLES",
        fields: [
          {
            name: "roles",
            label: `${F}.ROLES`,
            kind: "switchGroup",
            useChoices: useRoleChoices,
            empty: "USERS.NO_ROLES",
          },
        ],
      },
    ],
    empty: {
      picture: emptyImage(),
      firstName: "",
      lastName: "",
      email: "",
      phone: "",
      changePassword: false,
      password: "",
      confirmation: "",
      roles: [],
    } satisfies UserFormState,
    fromRecord: (user): UserFormState => ({
      picture: emptyImage(user.pictureUrl),
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      phone: user.phone,
      changePassword: false,
      password: "",
      confirmation: "",
      roles: user.roles.map((role) => String(role.id)),
    }),
    // POST/PUT /users are multipart: text parts, `roles[]` once per role, the picture file or removePicture.
    toBody: (values: UserFormState & { roles: number[] }, { mode }) =>
      toFormData({
        firstName: values.firstName,
        lastName: values.lastName,
        email: values.email,
        phone: values.phone,
        password: mode === "create" || values.changePassword ? values.password : undefined,
        "roles[]": values.roles,
        ...imageParts("picture", values.picture, "removePicture"),
      }),
    onSaved: (user, mode) => {
      if (mode === "edit") syncSignedInUser(user);
    },
    maxWidth: 840,
  },
  refuses: userRefusals,
});
