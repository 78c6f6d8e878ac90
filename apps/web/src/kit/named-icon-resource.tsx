import type { CategoryInput, ServiceInput } from "@palco/shared";
import { CATALOGUE_IMAGE_MAX_BYTES, CATALOGUE_IMAGE_MIME_TYPES } from "@palco/shared/resources/images";
import type { z } from "zod";
import { AvatarLabel, PictureAvatar } from "./avatar.tsx";
import { emptyImage, type ImageValue, imageParts, toFormData } from "./multipart.ts";
import { type Column, defineResource, type FormFieldDef, type Resource, type ResourceMeta } from "./resource.ts";
import type { ResourceApi } from "./resource-api.ts";

/** A catalogue entry that is an icon, a name and a display order (categories, services). */
type NamedIcon = {
  id: number;
  name: string;
  order: number;
  iconUrl: string | null;
  iconSmallUrl: string | null;
  isActive?: boolean;
};

type NamedIconForm = { picture: ImageValue; name: string; order: string };

/** How the order is chosen: from a list of places (categories) or typed as a number (services). */
type OrderField =
  | { kind: "select"; useOptions: Extract<FormFieldDef, { kind: "select" }>["useOptions"] }
  | { kind: "text"; type: "number" };

/**
 * The declaration such an entry shares: the icon beside the name in the list, the large icon on the detail, and a
 * form of an optional icon, a name and the resource's own order field, sent as multipart (spec 02 §7: name, order,
 * picture; removePicture when the icon was removed). `blockable` adds the Active column.
 */
export function defineNamedIconResource<T extends NamedIcon>(options: {
  meta: ResourceMeta;
  api: ResourceApi<T, T>;
  /** Loads the form's schema (FormConfig.schema). */
  schema: () => Promise<z.ZodType<CategoryInput | ServiceInput>>;
  orderField: OrderField;
  blockable?: boolean;
}): Resource<T, NamedIconForm> {
  const { ns } = options.meta;
  const F = `${ns}.FIELDS`;
  const columns: Column<T>[] = [
    { key: "id", label: `${F}.NUMBER`, width: 80 },
    {
      key: "name",
      label: `${F}.NAME`,
      link: true,
      value: (record) => <AvatarLabel src={record.iconSmallUrl} name={record.name} radius="sm" />,
    },
    { key: "order", label: `${F}.ORDER`, width: 120 },
  ];
  if (options.blockable) columns.push({ key: "isActive", label: `${F}.ACTIVE`, kind: "boolean", width: 120 });
  return defineResource<T, NamedIconForm>({
    meta: options.meta,
    api: options.api,
    recordLabel: (record) => record.name,
    list: { columns, phone: { primary: "name", secondary: ["order"] } },
    detail: {
      fields: [
        {
          key: "iconUrl",
          label: `${F}.ICON`,
          value: (record, t) => (
            <PictureAvatar
              src={record.iconUrl}
              name={record.name}
              alt={t("COMMON.IMAGE_OF", { name: record.name })}
              size={96}
              radius="md"
            />
          ),
        },
        { key: "id", label: `${F}.ID` },
        { key: "name", label: `${F}.NAME` },
        { key: "order", label: `${F}.ORDER` },
        { key: "createdAt", label: `${F}.CREATED_AT`, kind: "datetime" },
        { key: "updatedAt", label: `${F}.UPDATED_AT`, kind: "datetime" },
      ],
    },
    form: {
      // The picture is not a schema field: the kit keeps it as chosen and toBody sends it.
      schema: async () => (await options.schema()) as unknown as z.ZodType<unknown, NamedIconForm>,
      fields: [
        {
          name: "picture",
          label: `${F}.ICON`,
          hint: `${ns}.HINTS.ICON`,
          kind: "image",
          accept: CATALOGUE_IMAGE_MIME_TYPES,
          maxBytes: CATALOGUE_IMAGE_MAX_BYTES,
          shape: "rectangle",
        },
        { name: "name", label: `${F}.NAME`, kind: "text", maxLength: 100 },
        { ...options.orderField, name: "order", label: `${F}.ORDER`, hint: `${ns}.HINTS.ORDER` },
      ],
      empty: { picture: emptyImage(), name: "", order: "" },
      fromRecord: (record) => ({
        picture: emptyImage(record.iconUrl),
        name: record.name,
        order: String(record.order),
      }),
      toBody: (values: { name: string; order: number; picture: ImageValue }) =>
        toFormData({
          name: values.name,
          order: values.order,
          ...imageParts("picture", values.picture, "removePicture"),
        }),
    },
  });
}
