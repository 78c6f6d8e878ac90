import { Text } from "@mantine/core";
import type { Role } from "@palco/shared";
import { useTranslation } from "react-i18next";
import { defineResource } from "@/kit/resource.ts";
import { SwitchGroups } from "@/kit/switch-groups.tsx";
import { rolesApi, usePermissionChoices } from "./api.ts";
import { rolesMeta } from "./meta.ts";

const F = "ROLES.FIELDS";

/** Every permission of the catalogue as a disabled switch, on for the ones the role holds. */
function RolePermissions({ role }: { role: Role }) {
  const { t } = useTranslation();
  const choices = usePermissionChoices(role.permissions);
  return (
    <>
      <Text size="sm" c="dimmed" mb="md">
        {t("ROLES.PERMISSIONS_HELD", { count: role.permissions.length })}
      </Text>
      <SwitchGroups
        groups={choices.groups}
        value={role.permissions.map((permission) => permission.code)}
        loading={choices.isLoading}
        error={choices.isError ? t("ERROR_PAGES.LOADING_DATA") : undefined}
      />
    </>
  );
}

export default defineResource({
  meta: rolesMeta,
  api: rolesApi,
  recordLabel: (role: Role) => role.name,
  list: {
    columns: [
      { key: "id", label: `${F}.NUMBER`, width: 80 },
      { key: "name", label: `${F}.NAME`, link: true },
      { key: "userCount", label: `${F}.USER_COUNT`, width: 140 },
      { key: "permissionCount", label: `${F}.PERMISSION_COUNT`, width: 160 },
      { key: "requiresMfa", label: `${F}.TWO_STEP`, kind: "boolean", width: 170 },
    ],
  },
  detail: {
    fields: [
      { key: "id", label: `${F}.ID` },
      { key: "name", label: `${F}.NAME` },
      { key: "userCount", label: `${F}.USER_COUNT` },
      { key: "requiresMfa", label: `${F}.REQUIRES_MFA`, kind: "boolean" },
    ],
    sections: [{ key: "permissions", title: `${F}.PERMISSIONS`, render: (role) => <RolePermissions role={role} /> }],
  },
  form: {
    schema: () => import("@palco/shared/resources/roles").then((module) => module.roleInput),
    sections: [
      {
        key: "general",
        fields: [
          { name: "name", label: `${F}.NAME`, kind: "text", maxLength: 100 },
          { name: "requiresMfa", label: `${F}.REQUIRES_MFA`, kind: "switch", hint: "ROLES.HINTS.REQUIRES_MFA" },
        ],
      },
      {
        key: "permissions",
        title: `${F}.PERMISSIONS`,
        description: "ROLES.HINTS.PERMISSIONS",
        fields: [
          {
            name: "permissions",
            label: `${F}.PERMISSIONS`,
            kind: "switchGroup",
            bulk: true,
            useChoices: usePermissionChoices,
          },
        ],
      },
    ],
    empty: { name: "", permissions: [] as string[], requiresMfa: false },
    fromRecord: (role) => ({
      name: role.name,
      permissions: role.permissions.map((permission) => permission.code),
      requiresMfa: role.requiresMfa,
    }),
    deleteBlocked: (role) => (role.userCount > 0 ? "ROLES.DELETE_IN_USE" : null),
    maxWidth: 1180,
  },
});
