import { createHash } from "node:crypto";
import {
  can,
  type Grantee,
  type Language,
  type PermissionCode,
  SEARCH_GROUP_SIZE,
  SEARCH_MIN_LENGTH,
  SEARCH_PERMISSIONS,
  SEARCH_RESOURCES,
  type SearchGroup,
  type SearchItem,
  type SearchResource,
  translate,
} from "@palco/shared";
import { fillPlaceholders, type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Database, NamedStatement } from "../../platform/db.ts";
import { escapeLike, PREFIX_TERM_LENGTH } from "../../platform/list-query.ts";
import { bookingListCondition } from "../bookings/routes.ts";

/**
 * The command palette's search: one statement per resource the member may list, run side by side on the pool. Each
 * statement is a UNION ALL of ranked lookups, every one served by an index the lists already use (or one of its
 * own: an exact RFC, a phone number), each stopping after a group's worth of rows; the best rank of each row wins and
 * the group keeps its first SEARCH_GROUP_SIZE. Ranks: 0 an exact key, folio, e-mail, RFC, phone or name; 1 a name
 * that starts with the term; 2 the term anywhere (three characters or more: the lists' trigram indexes); 3 found
 * through a related record (a box through its owner).
 */

/**
 * What the member may see of the marketplace's members (the members group): guests, as the bookings list shows
 * them (BOOKINGS_INDEX), and owners, as the owners list does (OWNERS_INDEX). Both lists show their e-mail and
 * phone, so the group's subtitles do too.
 */
export interface MemberAccess {
  guests: boolean;
  owners: boolean;
}

/** Everything: the super-admin's view (the bench measures it). */
export const FULL_ACCESS: MemberAccess = { guests: true, owners: true };

export const memberAccess = (member: Grantee): MemberAccess => ({
  guests: can(member, "BOOKINGS_INDEX"),
  owners: can(member, "OWNERS_INDEX"),
});

/** What a statement reads the term as, computed once per request. */
export interface SearchTerm {
  /** As typed, trimmed. */
  text: string;
  /** `text%`, `%` and `_` literal: a prefix LIKE pattern (the staff's names: a small table, no range needed). */
  prefix: string;
  /** `text`, lower-cased: the first value of the range of names that start with it (see `startsWith`). */
  lower: string;
  /** The first value past that range: `lower` with its last character the next one. */
  pastLower: string;
  /** `%text%` lower-cased, or null for terms too short for a trigram index. */
  contains: string | null;
  /**
   * For a term of several words, `%word%` of each of three characters or more, lower-cased: the trigram index looks
   * these up and each row found is checked for the whole term (see `holds`). Else null.
   */
  words: string[] | null;
  /** Looks like an e-mail address: exact e-mail lookups run. */
  email: boolean;
  /** The digits of a phone number as typed (seven or more digits and nothing but phone punctuation), else null. */
  phone: string | null;
  /** Could be an RFC (12 or 13 letters and digits). */
  rfc: boolean;
  /**
   * Has a digit or an "@" (part of a key, folio, e-mail or phone): found in few rows, so its trigram lookups take
   * any matches rather than walking a list's order index, which would read every row when none matches. A word
   * (a name) keeps that order: common words match most of a walk at once, and the planner estimates words well.
   */
  specific: boolean;
}

/**
 * The smallest string past every string that starts with `prefix`, in byte order (`collate "C"`, where UTF-8 sorts as
 * code points): the prefix with its last character replaced by the next code point.
 */
function nextPrefix(prefix: string): string {
  const characters = [...prefix];
  const last = characters.pop();
  if (last === undefined) return "\u{10FFFF}";
  return characters.join("") + String.fromCodePoint(last.codePointAt(0)! + 1);
}

/** A whole folio, "F" and seven digits (the bookings' folio default). */
const WHOLE_FOLIO = /^f\d{7}$/i;
const PHONE = /^\+?[\d\s().-]+$/;
const RFC = /^[A-ZÑ&]{3,4}\d{6}[A-Z\d]{3}$/i;

const length = (text: string) => [...text].length;

export function searchTerm(q: string): SearchTerm {
  const text = q.trim();
  const escaped = escapeLike(text);
  const digits = text.replace(/\D/g, "");
  const parts = text.split(/[^\p{L}\p{N}]+/u).filter((part) => length(part) > PREFIX_TERM_LENGTH);
  return {
    text,
    prefix: `${escaped}%`,
    lower: text.toLowerCase(),
    pastLower: nextPrefix(text.toLowerCase()),
    contains: length(text) > PREFIX_TERM_LENGTH ? `%${escaped.toLowerCase()}%` : null,
    // Only a term of words: one with digits or "@" (a key, folio, e-mail, phone) is looked for whole.
    words:
      !/[\d@]/.test(text) && parts.length > 0 && parts[0] !== text
        ? parts.map((part) => `%${escapeLike(part).toLowerCase()}%`)
        : null,
    email: text.includes("@"),
    // A Mexican number is stored as its ten digits, the calling code apart: the last ten digits typed.
    phone: PHONE.test(text) && digits.length >= 7 ? digits.slice(-10) : null,
    rfc: RFC.test(text),
    specific: /[\d@]/.test(text),
  };
}

type Row = Record<string, unknown>;

interface Resource {
  /** The statement of this group for `term` (its rows carry `id` and the fields `item` reads). */
  statement(term: SearchTerm, access: MemberAccess): SQL;
  /** The permission that opens the record's detail page; without it the item leads to the list, searched. */
  show: PermissionCode;
  item(row: Row, language: Language): Omit<SearchItem, "path">;
  /** Where the item leads, when not to `/<resource>/<id>` (or its list, searched for the title). */
  path?(row: Row, member: Grantee): string;
}

const limit = sql.raw(String(SEARCH_GROUP_SIZE));

/** The order a "term anywhere" lookup walks (see SearchTerm.specific): none for a specific term. */
const walk = (term: SearchTerm, order: SQL) => (term.specific ? sql`` : sql`order by ${order}`);

/**
 * `column` (lower-cased, `collate "C"`, with a btree index) starts with the term, as a range of that index: a plan
 * made once for the statement (a prepared statement's generic plan) reads it for every term, where a LIKE of a
 * parameter is only served by the index when planned for its value.
 */
const startsWith = (column: SQL, term: SearchTerm) => sql`${column} >= ${term.lower} and ${column} < ${term.pastLower}`;

/**
 * How many rows of a list's order the "term anywhere" lookup reads before it searches the whole trigram index: for
 * a word, and for a specific term (digits, "@": a key, folio, phone or e-mail, found in few rows, so the walk is
 * mostly a toll; a common run of digits such as a folio's "f00" still fills it at once).
 */
const WALKED_ROWS = { word: 1000, specific: 100 };

/**
 * The rows of `table` whose text holds the term (rank 2), the first of them in `order`, by a plan that suits every
 * term, so that one plan kept for the statement serves them all. A common term is found by walking the first
 * WALKED_ROWS rows of the list's order (its index, `walkable` rows only), where five matches turn up at once; only
 * when fewer did is the trigram index asked for every match, which a term that rare has few of. The subquery fenced
 * with `offset 0` is planned apart, so the planner cannot turn the trigram lookup back into a walk of the whole
 * order index (it expects any term to match one row in 200, and a term matching none would read every row).
 */
function anywhere(
  table: string,
  term: SearchTerm,
  {
    holds,
    live = sql`true`,
    walkable = sql`true`,
    walkedColumns = sql`*`,
    order,
    unlessFilled,
  }: {
    holds: SQL;
    live?: SQL;
    walkable?: SQL;
    walkedColumns?: SQL;
    order: SQL;
    /**
     * A lookup of better rank (`select id …`, at most a group's worth of rows): when it fills the group, this one is
     * not run, since none of its rows could be shown. A term that starts many names (`mar`) is found by their
     * prefix at once; walking the order for it anywhere else read a thousand rows for nothing.
     */
    unlessFilled?: SQL;
  },
): SQL {
  const from = sql.raw(table);
  const everyMatch = sql`select * from ${from} where ${holds} and ${live} offset 0`;
  const walked = sql.raw(String(term.specific ? WALKED_ROWS.specific : WALKED_ROWS.word));
  // Evaluated once (an uncorrelated subquery): false skips both branches before they read a row.
  const needed = unlessFilled ? sql`(select count(*) from (${unlessFilled}) better) < ${limit}` : sql`true`;
  return sql`with walked as (
      select id from (select ${walkedColumns} from ${from} where ${walkable} order by ${order} limit ${walked}) ${from}
      where ${needed} and ${holds} and ${live} limit ${limit}
    )
    select id, 2 as rank from walked
    union all
    (select id, 2 as rank from (${everyMatch}) ${from}
      where ${needed} and (select count(*) from walked) < ${limit} order by ${order} limit ${limit})`;
}

/** The ranked lookups (`select id, rank …`) as one set of ids with their best rank, the first SEARCH_GROUP_SIZE. */
function best(branches: (SQL | null)[], order: SQL): SQL {
  const parts = branches.filter((branch): branch is SQL => branch !== null).map((branch) => sql`(${branch})`);
  return sql`with hits as (${sql.join(parts, sql` union all `)}),
    best as (select id, min(rank) as rank from hits group by id)
    select ${order} from best`;
}

/** An event's start on its venue's clock. A parameter, not a literal: pgbench would read ":MI" as its variable. */
const STARTS_FORMAT = "YYYY-MM-DD HH24:MI";

const joined = (...parts: (string | null | undefined)[]) => parts.filter((part) => part).join(" · ");
const text = (value: unknown) => (value === null || value === undefined ? "" : String(value));
const reviewState = (row: Row) =>
  row.status === "pending" && row.ready_for_review === true ? "waiting" : (row.status as string);

/**
 * `column` (lower-cased text with a trigram index) holds the term. A term of several words is looked up word by
 * word in the index, each row found then checked for the whole term: handed the whole term, the index would also
 * read the trigrams of word starts and ends (" a", "ar "), found in most rows (a guest's full name took 85 ms in
 * the bookings' index). The planner also estimates the words apart far better than the whole.
 */
function holds(column: SQL, term: SearchTerm): SQL {
  if (!term.words) return sql`${column} like ${term.contains}`;
  const words = term.words.map((word) => sql`${column} like ${word}`);
  return sql`${sql.join(words, sql` and `)} and strpos(${column}, lower(${term.text})) > 0`;
}

/** Name lookups shared by the resources searched by name: exact, then prefix, then (3+ characters) anywhere. */
function nameLookups(table: string, term: SearchTerm, live: SQL = sql`true`, { emails = false } = {}): SQL[] {
  const name = sql.raw(`lower(${table}.name) collate "C"`);
  const from = sql.raw(table);
  const prefixed = sql`select id, 1 as rank from ${from} where ${startsWith(name, term)} and ${live}
      order by ${name}, id limit ${limit}`;
  const lookups = [
    sql`select id, 0 as rank from ${from} where ${name} = lower(${term.text}) and ${live} limit ${limit}`,
    prefixed,
  ];
  // An e-mail is no name: looked for only where the searched text holds e-mails (`emails`).
  if (term.contains && (emails || !term.email)) {
    lookups.push(
      anywhere(table, term, {
        holds: holds(sql.raw(`${table}.search_text`), term),
        live,
        order: sql`name, id`,
        // The exact name also starts with the term: the prefix lookup alone tells whether the group is full.
        unlessFilled: prefixed,
      }),
    );
  }
  return lookups;
}

const RESOURCES: Record<SearchResource, Resource> = {
  bookings: {
    show: "BOOKINGS_SHOW",
    statement(term) {
      // The bookings list's own search (key, folio, guest, owner, box; its indexes), newest first.
      const listed = bookingListCondition({ search: term.text });
      const guests = [
        term.email ? sql`lower(email) = lower(${term.text})` : null,
        term.phone ? sql`phone = ${term.phone}` : null,
      ].filter((condition): condition is SQL => condition !== null);
      // A whole folio, or a phone number written as one (with "+", spaces, dashes or brackets), is found whole above
      // (the folio's unique index, the guest's phone): anywhere else its digits only make the trigram indexes read
      // thousands of entries. Digits alone may be part of a folio and are still looked for.
      const foundWhole = WHOLE_FOLIO.test(term.text) || (term.phone !== null && /\D/.test(term.text));
      return sql`${best(
        [
          sql`select id, 0 as rank from bookings where key = upper(${term.text}) or folio = upper(${term.text})`,
          guests.length > 0
            ? sql`select id, 0 as rank from bookings where buyer_id in
                (select id from members where ${sql.join(guests, sql` or `)}) order by id desc limit ${limit}`
            : null,
          // A term of one or two characters starts every key ("PL") or none: only whole words are looked for. An
          // e-mail is found by the guest's exact address above: its trigrams (".co", "com", "@ex"…) are in every
          // booking, which makes a trigram lookup read them all.
          // Several words are a guest's name (an owner's or a zone has its own group): their bookings through the
          // members whose name starts with them. In the bookings' trigram index the words of a full name took 100 ms.
          term.words
            ? sql`select id, 1 as rank from bookings where buyer_id in
                (select id from members where members.listed and ${startsWith(sql`members.search_text collate "C"`, term)}
                  order by members.search_text collate "C", id limit 50) order by id desc limit ${limit}`
            : term.contains && !term.email && !foundWhole
              ? anywhere("bookings", term, { holds: listed.where!, order: sql`id desc` })
              : null,
        ],
        sql`b.id, b.key, b.folio, b.status, b.box_type, m.first_name || ' ' || m.last_name as guest, e.name as event`,
      )} join bookings b on b.id = best.id join members m on m.id = b.buyer_id left join events e on e.id = b.event_id
        order by best.rank, b.id desc limit ${limit}`;
    },
    item: (row, language) => ({
      id: Number(row.id),
      title: text(row.key),
      subtitle: joined(
        text(row.folio),
        text(row.guest),
        row.box_type === "season" ? translate(language, "SEARCH.SEASON") : text(row.event),
        translate(language, `SEARCH.BOOKING_STATUSES.${row.status}`),
      ),
    }),
  },
  owners: {
    show: "OWNERS_SHOW",
    statement(term) {
      const lookups = nameLookups("owners", term, sql`true`, { emails: true });
      if (term.rfc) lookups.unshift(sql`select id, 0 as rank from owners where rfc = upper(${term.text})`);
      if (term.email) {
        lookups.unshift(sql`select id, 0 as rank from owners where member_id in
          (select id from members where lower(email) = lower(${term.text}))`);
      }
      return sql`${best(lookups, sql`o.id, o.name, o.rfc, o.status, o.ready_for_review, o.is_active, m.email`)}
        join owners o on o.id = best.id join members m on m.id = o.member_id
        order by best.rank, o.name, o.id limit ${limit}`;
    },
    item: (row, language) => ({
      id: Number(row.id),
      title: text(row.name),
      subtitle: joined(
        text(row.email),
        text(row.rfc),
        translate(language, `SEARCH.REVIEW_STATUSES.${reviewState(row)}`),
        row.is_active === false ? translate(language, "SEARCH.BLOCKED") : null,
      ),
    }),
  },
  boxes: {
    show: "BOXES_SHOW",
    statement(term) {
      // A box through its owner: the owners' own search (name prefix, or the name and e-mail anywhere).
      const owners = term.contains
        ? sql`select id from owners where ${holds(sql`search_text`, term)} ${walk(term, sql`id`)} limit 50`
        : sql`select id from owners where ${startsWith(sql`lower(name) collate "C"`, term)} order by id limit 50`;
      return sql`${best(
        [
          ...nameLookups("boxes", term),
          sql`select id, 3 as rank from boxes where owner_id in (${owners}) order by id limit ${limit}`,
        ],
        sql`x.id, x.name, x.status, x.ready_for_review, x.is_active, v.name as venue, o.name as owner`,
      )} join boxes x on x.id = best.id join venues v on v.id = x.venue_id join owners o on o.id = x.owner_id
        order by best.rank, x.name, x.id limit ${limit}`;
    },
    item: (row, language) => ({
      id: Number(row.id),
      title: text(row.name),
      subtitle: joined(
        text(row.venue),
        text(row.owner),
        translate(language, `SEARCH.REVIEW_STATUSES.${reviewState(row)}`),
        row.is_active === false ? translate(language, "SEARCH.BLOCKED") : null,
      ),
    }),
  },
  venues: {
    show: "VENUES_SHOW",
    statement(term) {
      return sql`${best(nameLookups("venues", term, sql`deleted_at is null`), sql`v.id, v.name, v.is_active, c.name as city`)}
        join venues v on v.id = best.id join cities c on c.id = v.city_id
        order by best.rank, v.name, v.id limit ${limit}`;
    },
    item: (row, language) => ({
      id: Number(row.id),
      title: text(row.name),
      subtitle: joined(text(row.city), row.is_active === false ? translate(language, "SEARCH.BLOCKED") : null),
    }),
  },
  events: {
    show: "EVENTS_SHOW",
    statement(term) {
      // A deleted venue takes its events out of every list (they keep their rows): left out once found, since the
      // planner, expecting few live venues, would repeat each trigram lookup once per venue.
      return sql`${best(
        nameLookups("events", term),
        sql`e.id, e.name, e.is_active, v.name as venue,
          to_char(e.starts_at at time zone c.time_zone, ${STARTS_FORMAT}) as starts`,
      )} join events e on e.id = best.id join venues v on v.id = e.venue_id and v.deleted_at is null
        join cities c on c.id = v.city_id
        order by best.rank, e.name, e.id limit ${limit}`;
    },
    item: (row, language) => ({
      id: Number(row.id),
      title: text(row.name),
      subtitle: joined(
        text(row.venue),
        text(row.starts),
        row.is_active === false ? translate(language, "SEARCH.BLOCKED") : null,
      ),
    }),
  },
  users: {
    show: "USERS_SHOW",
    statement(term) {
      const lookups = [
        sql`select id, 0 as rank from users where lower(email) = lower(${term.text})`,
        sql`select id, 1 as rank from users where lower(first_name) like lower(${term.prefix})
          or lower(last_name) like lower(${term.prefix}) or lower(email) like lower(${term.prefix})
          order by first_name, last_name, id limit ${limit}`,
      ];
      if (term.contains) {
        // The users list's search text, which its trigram index covers.
        lookups.push(sql`select id, 2 as rank from users
          where (first_name || ' ' || last_name || ' ' || email) ilike ${term.contains}
          ${walk(term, sql`first_name, last_name, id`)} limit ${limit}`);
      }
      return sql`${best(lookups, sql`u.id, u.first_name, u.last_name, u.email, u.is_active`)}
        join users u on u.id = best.id order by best.rank, u.first_name, u.last_name, u.id limit ${limit}`;
    },
    item: (row, language) => ({
      id: Number(row.id),
      title: `${text(row.first_name)} ${text(row.last_name)}`,
      subtitle: joined(text(row.email), row.is_active === false ? translate(language, "SEARCH.BLOCKED") : null),
    }),
  },
  members: {
    show: "OWNERS_SHOW",
    statement(term, access) {
      // Only the members a list shows the member: guests who booked, owners (see MemberAccess). Scalar subqueries
      // rather than EXISTS: each is one probe of an index per member read, where EXISTS in an OR may be planned as a
      // hash of every booking's guest (a million rows) built before the first member is read.
      const shown = [
        access.guests ? sql`(select true from bookings k where k.buyer_id = members.id limit 1)` : null,
        access.owners ? sql`(select true from owners o where o.member_id = members.id)` : null,
      ].filter((condition): condition is SQL => condition !== null);
      // `listed` first: the name indexes hold only listed members (sign-ups are most members and in no list).
      const visible = shown.length > 0 ? sql`members.listed and (${sql.join(shown, sql` or `)})` : sql`false`;
      const name = sql.raw(`members.search_text collate "C"`);
      const lookups: SQL[] = [];
      if (term.email) {
        lookups.push(sql`select id, 0 as rank from members where lower(email) = lower(${term.text}) and ${visible}`);
      }
      if (term.phone) {
        lookups.push(sql`select id, 0 as rank from members where phone = ${term.phone} and ${visible}
          order by id desc limit ${limit}`);
      }
      // A name has neither digits nor "@": such a term is looked for as an e-mail or phone alone.
      if (!term.specific) {
        const prefixed = sql`select id, 1 as rank from members where ${startsWith(name, term)} and ${visible}
            order by ${name}, id limit ${limit}`;
        lookups.push(
          sql`select id, 0 as rank from members where ${name} = lower(${term.text}) and ${visible}
            order by id limit ${limit}`,
          prefixed,
        );
        if (term.contains) {
          lookups.push(
            anywhere("members", term, {
              holds: holds(sql`members.search_text`, term),
              live: visible,
              walkable: sql`members.listed`,
              // What the name index holds (its order, and `listed` its condition): the walk reads no table rows.
              walkedColumns: sql`id, search_text, listed`,
              order: sql`${name}, id`,
              unlessFilled: prefixed,
            }),
          );
        }
      }
      if (lookups.length === 0) lookups.push(sql`select id, 0 as rank from members where false`);
      return sql`${best(
        lookups,
        sql`m.id, m.first_name, m.last_name, m.email, m.phone, m.phone_country, m.is_active,
          ${access.guests ? sql`(select true from bookings k where k.buyer_id = m.id limit 1) is not null` : sql`false`} as guest,
          ${access.owners ? sql`(select o.id from owners o where o.member_id = m.id)` : sql`null::int`} as owner_id`,
      )} join members m on m.id = best.id
        order by best.rank, m.search_text collate "C", m.id limit ${limit}`;
    },
    item: (row, language) => ({
      id: Number(row.id),
      title: `${text(row.first_name)} ${text(row.last_name)}`,
      subtitle: joined(
        text(row.email),
        `+${text(row.phone_country)} ${text(row.phone)}`,
        row.guest === true ? translate(language, "SEARCH.GUEST") : null,
        row.owner_id !== null && row.owner_id !== undefined ? translate(language, "SEARCH.OWNER") : null,
        row.is_active === false ? translate(language, "SEARCH.BLOCKED") : null,
      ),
    }),
    // An owner leads to the owner (its page, or the owners list searched for the e-mail); a guest to the bookings
    // list searched for the e-mail, which finds their bookings.
    path(row, member) {
      const search = new URLSearchParams({ search: text(row.email) });
      if (row.owner_id !== null && row.owner_id !== undefined) {
        return can(member, "OWNERS_SHOW") ? `/owners/${Number(row.owner_id)}` : `/owners?${search}`;
      }
      return `/bookings?${search}`;
    },
  },
  roles: {
    show: "ROLES_SHOW",
    statement(term) {
      const lookups = nameLookups("roles", term).slice(0, 2);
      // Roles keep no stored search text: their name's own trigram index.
      if (term.contains && !term.email) {
        lookups.push(
          sql`select id, 2 as rank from roles where name ilike ${term.contains} ${walk(term, sql`name, id`)} limit ${limit}`,
        );
      }
      return sql`${best(
        lookups,
        sql`r.id, r.name, (select count(*) from user_roles ur where ur.role_id = r.id) as users`,
      )} join roles r on r.id = best.id order by best.rank, r.name, r.id limit ${limit}`;
    },
    item: (row, language) => ({
      id: Number(row.id),
      title: text(row.name),
      subtitle: translate(language, "SEARCH.ROLE_USERS").replace("{{count}}", String(Number(row.users))),
    }),
  },
};

/** The resources whose groups `member` sees, in the palette's order. */
export const searchableBy = (member: Grantee): SearchResource[] =>
  SEARCH_RESOURCES.filter((resource) =>
    (SEARCH_PERMISSIONS[resource] as readonly PermissionCode[]).some((code) => can(member, code)),
  );

const dialect = new PgDialect();

export interface SearchStatement {
  resource: SearchResource;
  sql: string;
  params: unknown[];
}

/**
 * The SQL text and parameters of each group's statement, as the driver receives them (the API and the bench), for a
 * member who sees `access` of the marketplace's members.
 */
export function searchStatements(
  q: string,
  resources: readonly SearchResource[],
  access: MemberAccess = FULL_ACCESS,
): SearchStatement[] {
  const term = searchTerm(q);
  if ([...term.text].length < SEARCH_MIN_LENGTH) return [];
  return resources.map((resource) => {
    const built = dialect.sqlToQuery(RESOURCES[resource].statement(term, access));
    // The bookings list's condition comes with placeholders (platform/list-query.ts): its values fill them here.
    const values = bookingListCondition({ search: term.text }).values;
    return { resource, sql: built.sql, params: fillPlaceholders(built.params, values) };
  });
}

/** Runs SQL text with its parameters on either driver (node-postgres' pool and PGlite answer alike). */
export type RawQuery = (text: string, params: unknown[]) => Promise<Row[]>;

/**
 * A statement of the search as node-postgres runs it named: prepared once per pooled connection, on the connections
 * that keep one plan for it (platform/db.ts, withGenericPlans) instead of planning it on every request (planning
 * took longer than running; every lookup is written so that one plan suits every term, see `startsWith` and
 * `anywhere`). The name is the text's hash, so each distinct text is its own statement. The bench runs the driver
 * baseline through this too.
 */
export const namedStatement = (text: string, values: unknown[]): NamedStatement => ({
  name: `search_${createHash("sha256").update(text).digest("base64url").slice(0, 24)}`,
  text,
  values,
});

export function rawQuery(database: Database): RawQuery {
  const { runGeneric } = database;
  if (runGeneric) return (text, params) => runGeneric(namedStatement(text, params));
  const client = (
    database.db as unknown as { $client: { query(text: string, params: unknown[]): Promise<{ rows: Row[] }> } }
  ).$client;
  return async (text, params) => (await client.query(text, params)).rows;
}

/** Every group the member may list for `q`: empty groups for a query too short to search. */
export async function search(query: RawQuery, q: string, member: Grantee, language: Language): Promise<SearchGroup[]> {
  const resources = searchableBy(member);
  const statements = searchStatements(q, resources, memberAccess(member));
  if (statements.length === 0) return resources.map((resource) => ({ resource, items: [] }));
  // Side by side: each group's statement takes its own pooled connection.
  const answers = await Promise.all(statements.map((statement) => query(statement.sql, statement.params)));
  return statements.map((statement, index) => {
    const { resource } = statement;
    const definition = RESOURCES[resource];
    const opensDetail = can(member, definition.show);
    return {
      resource,
      items: answers[index]!.map((row) => {
        const item = definition.item(row, language);
        const path = definition.path
          ? definition.path(row, member)
          : opensDetail
            ? `/${resource}/${item.id}`
            : `/${resource}?${new URLSearchParams({ search: item.title })}`;
        return { ...item, path };
      }),
    };
  });
}
