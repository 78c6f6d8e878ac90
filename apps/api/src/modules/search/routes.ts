import { errorBody, searchQuery, searchResponse } from "@palco/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { languageOf } from "../../platform/errors.ts";
import { rawQuery, search } from "./service.ts";

const tags = ["Search"];
const errors = { "4xx": errorBody };

export async function searchRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/search",
    {
      // Any signed-in member: each group is there only when the member may list its resource (its INDEX code).
      config: { permission: null },
      schema: {
        tags,
        summary:
          "Search bookings, owners, boxes, venues, events, members, users and roles at once (the command palette)",
        description:
          "q (1–100 characters, trimmed) matches a booking's key, folio, guest name, e-mail or phone; an owner's name, " +
          "e-mail or RFC; a box's zone and number or its owner; the name of a venue, event or role; a marketplace " +
          "member's exact e-mail or phone or their name; a user's name or e-mail. One group per resource the member " +
          "may list, best match first (an exact key, folio, e-mail, RFC, phone or name, then names starting with q, " +
          "then q anywhere), at most 5 items each. The members group (BOOKINGS_INDEX or OWNERS_INDEX) holds the " +
          "guests who booked and the owners those lists show; an owner leads to the owner, a guest to the bookings " +
          "list searched for their e-mail. A query of one character answers empty groups.",
        querystring: searchQuery,
        response: { 200: searchResponse, ...errors },
      },
    },
    async (request) => {
      const groups = await search(rawQuery(app.database), request.query.q, request.sessionUser!, languageOf(request));
      return { groups };
    },
  );
}
