import { sql } from "drizzle-orm";
import { index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";

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

/**
 * Every two words next to each other in a city's search text (split at each space), with the city's name (the
 * list's order), kept by triggers on cities in the same transaction (migration 0028). A search of several words
 * reads its matches here in name order, from the entries whose last two letters of the first word and first two of
 * the next match its own (platform/word-pairs.ts).
 */
export const citySearchWordPairs = pgTable(
  "city_search_word_pairs",
  {
    cityId: integer("city_id").notNull(),
    /** The first word's place in the text: a city's pairs are told apart by it. */
    at: integer("at").notNull(),
    firstWord: text("first_word").notNull(),
    nextWord: text("next_word").notNull(),
    name: text("name").notNull(),
    pairKey: text("pair_key").notNull().generatedAlwaysAs(sql`right(first_word, 2) || ' ' || left(next_word, 2)`),
  },
  (t) => [
    primaryKey({ columns: [t.cityId, t.at] }),
    // One key's entries in list order, with what a search tests: its page and count are read from the index alone.
    index("city_search_word_pairs_key_idx").on(t.pairKey, t.name, t.cityId, t.firstWord, t.nextWord),
  ],
);
