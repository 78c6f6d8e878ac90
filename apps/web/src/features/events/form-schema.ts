import { eventInput } from "@palco/shared/resources/events";
import { z } from "zod";
import type { ImageValue } from "@/kit/multipart.ts";
import type { FormMode } from "@/kit/resource.ts";

/**
 * The event form's schema: the shared rules plus the picture, required on create. Its own module, loaded with the
 * form only (the declaration in resource.tsx is loaded with the list too, which needs no zod).
 */
export const eventForm = (mode: FormMode) =>
  eventInput.extend({
    // A field of the object, so its message shows with the others on one submit.
    picture: z.custom<ImageValue>((value) => mode === "edit" || Boolean((value as ImageValue | undefined)?.file), {
      message: "EVENTS.VALIDATION.PICTURE_MISSING",
    }),
  });
