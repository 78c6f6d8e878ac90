import { z } from "zod";
import { optionalIdFilter, pageQuery, textInput, timestamp } from "./common.ts";
import { sortParam } from "./sort.ts";
import { SORT_FIELDS } from "./sort-fields.ts";
import {
  BOX_TYPES,
  countLetters,
  DOCUMENT_TYPES,
  REVIEW_DECISIONS,
  REVIEW_FILTERS,
  REVIEW_MAX_LENGTH,
  REVIEW_MIN_LETTERS,
  REVIEW_STATUSES,
} from "./supply-values.ts";

/**
 * Supply review (spec 02 §2–§5): owners and their boxes, sent by the marketplace app and accepted or returned by
 * staff. The API answers them with the field names of spec 02 §3.
 */

/**
 * PUT /owners/{id}/status and PUT /boxes/{id}/status. `ns` is OWNERS or BOXES: the review messages are the
 * entity's own (OWNERS.VALIDATION.REVIEW_MISSING …), the same texts on both sides.
 */
export const reviewDecision = (ns: "OWNERS" | "BOXES") =>
  z
    .object({
      status: z.enum(REVIEW_DECISIONS, { error: "REVIEW.VALIDATION.STATUS" }),
      review: textInput(`${ns}.VALIDATION.REVIEW_MISSING`)
        .trim()
        .max(REVIEW_MAX_LENGTH, "VALIDATION.TOO_LONG")
        .nullish(),
    })
    .superRefine((body, context) => {
      if (body.status !== "returned") return;
      const review = body.review ?? "";
      if (review === "") {
        context.addIssue({ code: "custom", path: ["review"], message: `${ns}.VALIDATION.REVIEW_MISSING` });
      } else if (countLetters(review) < REVIEW_MIN_LETTERS) {
        context.addIssue({ code: "custom", path: ["review"], message: `${ns}.VALIDATION.REVIEW_FORMAT` });
      }
    });
export type ReviewDecision = z.input<ReturnType<typeof reviewDecision>>;

const ref = z.object({ id: z.number().int(), name: z.string() });

/** One review decision, from the audit trail: what was decided, when, by whom, and the review of a reject. */
export const reviewDecisionEntry = z.object({
  status: z.enum(REVIEW_DECISIONS),
  review: z.string().nullable(),
  at: timestamp,
  by: z.string().nullable(),
});
export type ReviewDecisionEntry = z.infer<typeof reviewDecisionEntry>;

const review = {
  status: z.enum(REVIEW_STATUSES),
  readyForReview: z.boolean(),
  /** When it last became ready for review (how long it has waited); null while it is being filled in. */
  readyAt: timestamp.nullable(),
  /** The text of the last reject, shown while the status is returned. */
  review: z.string().nullable(),
  isActive: z.boolean(),
  /** Every decision taken on it, newest first. */
  decisions: z.array(reviewDecisionEntry),
  createdAt: timestamp,
  updatedAt: timestamp,
};
/**
 * A private document (null when there is none). The detail answers a short-lived link signed for the member who
 * asked; lists and other answers the bare path, which opens nothing by itself.
 */
const documentLink = z.string().nullable();

export const ownerBankAccount = z.object({
  bankName: z.string(),
  accountNumber: z.string(),
  clabeNumber: z.string(),
  holderName: z.string(),
});

export const owner = z.object({
  id: z.number().int(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  /** Calling code without "+" ("52"). */
  phoneCountry: z.string(),
  placeOfBirth: z.string().nullable(),
  rfc: z.string(),
  documentType: z.enum(DOCUMENT_TYPES),
  /** Calendar day (YYYY-MM-DD). */
  birthAt: z.string().nullable(),
  address: z.string(),
  /** The first bank account (the one shown and paid into); null while the owner has none. */
  bankAccount: ownerBankAccount.nullable(),
  boxes: z.number().int(),
  ownerIdPictureUrl: z.object({ front: documentLink, back: documentLink }),
  proofOfResidencyPictureUrl: documentLink,
  ...review,
});
export type Owner = z.infer<typeof owner>;

export const ownerListQuery = pageQuery.extend({
  status: z
    .enum(REVIEW_FILTERS, { error: "VALIDATION.INVALID" })
    .optional()
    .or(z.literal("").transform(() => undefined)),
  sort: sortParam(SORT_FIELDS.owners),
});

/** An exact amount of money, as the database keeps it ("18500.00"): never a float. */
export const money = z.string().regex(/^\d+\.\d{2}$/);

export const boxSeason = z.object({
  price: money,
  deposit: money,
  /** Calendar days on the venue's clocks (YYYY-MM-DD), both included. */
  seasonStartsAt: z.string(),
  seasonEndsAt: z.string(),
});
export type BoxSeason = z.infer<typeof boxSeason>;

export const boxImage = z.object({
  url: z.string(),
  smallUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});

export const box = z.object({
  id: z.number().int(),
  number: z.string(),
  boxZone: z.string(),
  detail: z.string().nullable(),
  type: z.enum(BOX_TYPES),
  availableSeats: z.number().int(),
  /** Per event, for onetime and both; null for a season-only box. */
  price: money.nullable(),
  deposit: money.nullable(),
  /** The first photo's small variant (lists). */
  pictureUrl: z.string().nullable(),
  images: z.array(boxImage),
  seasons: z.array(boxSeason),
  /** Where the box is on the venue's picture, in percent of its width (x) and height (y). */
  position: z.object({ x: z.number(), y: z.number() }),
  cancellationPolicy: z.string().nullable(),
  accessIndications: z.string().nullable(),
  isShared: z.boolean(),
  venue: ref,
  venuePictureUrl: z.string().nullable(),
  venuePictureWidth: z.number().int().nullable(),
  venuePictureHeight: z.number().int().nullable(),
  city: ref,
  owner: ref,
  /** The owner's name (spec 02 §3). */
  userName: z.string(),
  propertyTitlePictureUrl: documentLink,
  proofOfResidencyPictureUrl: documentLink,
  ...review,
});
export type Box = z.infer<typeof box>;

const booleanFilter = z
  .enum(["true", "false", ""], { error: "VALIDATION.INVALID" })
  .optional()
  .transform((value) => (value === "true" ? "true" : undefined));

export const boxListQuery = ownerListQuery.extend({
  venue: optionalIdFilter,
  city: optionalIdFilter,
  /** "true": only boxes sold by season (type season or both). */
  seasons: booleanFilter,
  sort: sortParam(SORT_FIELDS.boxes),
});

/** GET /review-queue: how many owners and boxes wait for a decision (null where the member cannot see the list). */
export const reviewQueue = z.object({ owners: z.number().int().nullable(), boxes: z.number().int().nullable() });
export type ReviewQueue = z.infer<typeof reviewQueue>;

/**
 * What a socket receives when what waits in one review inbox changed (`reviewQueueChanged`): a decision, or a record
 * sent for review. It carries no count (each member's is read again through GET /review-queue, which applies their
 * permissions).
 */
export const reviewQueueChangedEvent = z.object({ list: z.enum(["owners", "boxes"]) });
export type ReviewQueueChangedEvent = z.infer<typeof reviewQueueChangedEvent>;
