import { z } from "zod";
import type { ImageValue } from "./multipart.ts";
import type { FormMode } from "./resource.ts";

/**
 * A form's picture field, required on create (an edit without a new one keeps the stored picture). A field of the
 * form's object, not a refinement after it, so its message shows with the others on one submit. Only form schemas
 * import this (zod stays off the lists: decisions.md, "A list's first wave without zod").
 */
export const pictureRequiredOnCreate = (mode: FormMode, message: string) =>
  z.custom<ImageValue>((value) => mode === "edit" || Boolean((value as ImageValue | undefined)?.file), { message });
