import { venueInput } from "@palco/shared/resources/venues";
import { z } from "zod";
import type { ImageValue } from "@/kit/multipart.ts";
import type { FormMode } from "@/kit/resource.ts";

/**
 * The venue form's schema: the shared rules plus the picture, required on create (an edit without one keeps the
 * stored picture). Its own module, loaded with the form only (resource.tsx is loaded with the list too).
 */
export const venueForm = (mode: FormMode) =>
  venueInput.extend({
    // A field of the object (not a refinement after it), so its message shows with the others on one submit.
    picture: z.custom<ImageValue>((value) => mode === "edit" || Boolean((value as ImageValue | undefined)?.file), {
      message: "VENUES.VALIDATION.PICTURE_MISSING",
    }),
  });

/** What the venue form's schema produces. */
export type VenueFormOutput = z.output<ReturnType<typeof venueForm>>;
