import { integer, pgTable, text } from "drizzle-orm/pg-core";

// Kept free of @palco/shared imports: drizzle-kit loads this file on its own to generate migrations.

/**
 * How many cities' search text holds each trigram (three ASCII letters or digits in a row), kept by triggers on
 * cities in the same transaction (migration 0027). A search tells from it, before reading any city, how many rows
 * can match: exactly that many for a three-character term, at most the rarest of its trigrams' counts for a longer
 * one (platform/match-bound.ts).
 */
export const citySearchTrigrams = pgTable("city_search_trigrams", {
  trigram: text("trigram").primaryKey(),
  cities: integer("cities").notNull().default(0),
});
