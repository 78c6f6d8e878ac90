import { eventInput } from "@palco/shared/resources/events";
import { pictureRequiredOnCreate } from "@/kit/picture-rule.ts";
import type { FormMode } from "@/kit/resource.ts";

/**
 * The event form's schema: the shared rules plus the picture, required on create. Its own module, loaded with the
 * form only (the declaration in resource.tsx is loaded with the list too, which needs no zod).
 */
export const eventForm = (mode: FormMode) =>
  eventInput.extend({ picture: pictureRequiredOnCreate(mode, "EVENTS.VALIDATION.PICTURE_MISSING") });
