import { venueInput } from "@palco/shared/resources/venues";
import type { z } from "zod";
import { pictureRequiredOnCreate } from "@/kit/picture-rule.ts";
import type { FormMode } from "@/kit/resource.ts";

/**
 * The venue form's schema: the shared rules plus the picture, required on create. Its own module, loaded with the
 * form only (resource.tsx is loaded with the list too).
 */
export const venueForm = (mode: FormMode) =>
  venueInput.extend({ picture: pictureRequiredOnCreate(mode, "VENUES.VALIDATION.PICTURE_MISSING") });

/** What the venue form's schema produces. */
export type VenueFormOutput = z.output<ReturnType<typeof venueForm>>;
