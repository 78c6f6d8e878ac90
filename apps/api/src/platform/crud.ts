import {
  type AuditResource,
  errorBody as errorBodySchema,
  idParams,
  type ListSort,
  PAGE_SIZE,
  paged,
} from "@palco/shared";
import { and, asc, count, eq, ne, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgSelect, PgTable, SelectedFields } from "drizzle-orm/pg-core";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { lockRow, registerActivationRoutes } from "./activation.ts";
import { type AuditPolicy, auditedWrite, recordCreate } from "./audit.ts";
import { registerBulkRoutes } from "./bulk.ts";
import { type Db, PG_FOREIGN_KEY_VIOLATION, PG_UNIQUE_VIOLATION, pgErrorOf } from "./db.ts";
import { conflict, issueMessages, notFound, unprocessable } from "./errors.ts";
import type { RoutePermission } from "./guard.ts";
import { ImageRejectedError, type ImageVariants, type PreparedVariants, type StoredVariants } from "./images.ts";
import { listIds } from "./list-ids.ts";
import {
  allOf,
  chosenOrder,
  escapeLike,
  filterCondition,
  type ListCondition,
  type ListOrder,
  type ListSource,
  listPage,
  listQueries,
  listValues,
  nameSearch,
  type OrderInput,
  type PageRequest,
  resolveWindow,
  runsNamed,
  type SortKey,
  splitOf,
} from "./list-query.ts";
import type { TrigramRollup } from "./match-bound.ts";
import { fieldValue, readForm } from "./multipart.ts";
import type { WordPairs } from "./word-pairs.ts";

/**
 * A small toolkit for "reference data" resources (countries, states, cities, later more): list with search,
 * filters and pages; lookup of all rows; get; create; update; delete refused while children exist; activate and
 * deactivate. A resource is mostly configuration: its table, how to select and map its rows, and its rules.
 */

/** Columns every resource table of the kit has. */
export type KitTable = PgTable & {
  id: PgColumn;
  name: PgColumn;
  /**
   * lower(name || chr(31) || code), or lower(name) for a table without a code, stored, with a trigram index: what
   * searches of three characters or more read.
   */
  searchText: PgColumn;
  /** Only for resources that can be blocked (`permissions.activate`). */
  isActive?: PgColumn;
  updatedAt: PgColumn;
};

type Row<TFields extends SelectedFields> = SelectResultFields<TFields>;

export interface ReferenceRule<TValues> {
  /** Body field that carries the id (the key of `messages` when it does not exist). */
  field: string;
  id(values: TValues): number;
  exists(db: Db, id: number): Promise<boolean>;
}

export interface CrudResource<
  TTable extends KitTable,
  TInput extends z.ZodType,
  TEntityFields extends SelectedFields,
  TEntity,
  TOptionFields extends SelectedFields,
  TOption,
> {
  /** URL segment under /api, and the resource's name in the audit trail. */
  path: AuditResource;
  /** OpenAPI tag. */
  tag: string;
  /** Singular noun for summaries ("country"). */
  noun: string;
  table: TTable;
  permissions: {
    index: RoutePermission;
    all: RoutePermission;
    show: RoutePermission;
    /** Without create, edit or delete the kit does not offer that route (owners and boxes are only reviewed). */
    create?: RoutePermission;
    edit?: RoutePermission;
    delete?: RoutePermission;
    /** Block/unblock; a resource without it has no active flag (services). */
    activate?: RoutePermission;
  };
  schemas: {
    entity: z.ZodType<TEntity>;
    option: z.ZodType<TOption>;
    input: TInput;
    listQuery: z.ZodObject;
  };
  /** The columns of an entity (nested objects for joined rows) and the FROM … JOIN … they come from. */
  entity: {
    fields: TEntityFields;
    from(db: Db, fields: SelectedFields): PgSelect;
    map(row: Row<TEntityFields>): TEntity;
  };
  option: {
    fields: TOptionFields;
    map(row: Row<TOptionFields>): TOption;
  };
  /**
   * Query-string filters other than page and search, each a condition on `table` alone (a subquery for a column of
   * a joined table), so the count and the choice of the page's rows need no join. The value arrives as a
   * placeholder (the statements are built once per shape).
   */
  filters?: Record<string, (value: SQL) => SQL>;
  /**
   * How many rows' `searchText` holds each trigram, kept by triggers (match-bound.ts): a search then knows before
   * reading a row how many it can match. For tables of a million rows (cities).
   */
  searchRollup?: TrigramRollup;
  /**
   * Every two words next to each other in `searchText`, kept by triggers (word-pairs.ts): a search of several words
   * then reads its page and count from them in name order, wherever its matches sit. For tables of a million rows.
   */
  searchPairs?: WordPairs;
  /**
   * Body → column values, inside the write's transaction (a value may depend on another row: an event's start is
   * read in its venue's time zone). May throw a 422.
   */
  toValues?(input: z.output<TInput>, tx: Db): TTable["$inferInsert"] | Promise<TTable["$inferInsert"]>;
  /**
   * The record as one member sees it, for the detail and the answers of the routes that change one record (what
   * depends on who asks: links to private documents signed for that member). Lists answer `map` alone.
   */
  present?(entity: TEntity, request: FastifyRequest): TEntity | Promise<TEntity>;
  /**
   * The rows that exist for the API: a condition on `table` alone (a subquery for a joined table) that every list,
   * `/all`, detail and write applies. Rows outside it answer 404 (a soft-deleted venue, the events of one).
   */
  live?: SQL;
  /**
   * DELETE writes these values (a deletion time) instead of deleting the row: the row stays for its history and
   * its children, and `live` must then leave it out.
   */
  softDelete?: () => Partial<TTable["$inferInsert"]>;
  references?: ReferenceRule<TTable["$inferInsert"]>[];
  /** Order of the list (after search relevance) and of `/all`; by name when absent. */
  order?: PgColumn;
  /**
   * The list (not `/all`) in two parts: the rows meeting this condition first in `order`, then the others in reverse
   * (events: upcoming ones soonest first, then past ones most recent first). See ListSource.split.
   */
  split?: SQL;
  /**
   * An order a filter's value brings instead of `order` or the name (the review inbox, `status=waiting`: who has
   * waited longest first); undefined keeps the usual one. Needs its index like any order.
   */
  orderWhen?: (query: Record<string, unknown>) => PgColumn | undefined;
  /**
   * The fields the list sorts by on request (`sort=<field>` / `sort=-<field>`, SORT_FIELDS in @palco/shared), each to
   * its column; each needs a btree index on (column, id).
   */
  sorts?: Partial<Record<string, PgColumn>>;
  /**
   * The body is multipart with one image part (JSON is accepted too, without the image): see UploadRule. Without
   * it the body is JSON validated by `schemas.input`.
   */
  upload?: UploadRule<TTable["$inferInsert"], TEntity>;
  /** Rules that move other rows with a write (a gapless order), run in the write's transaction. */
  hooks?: WriteHooks<TTable["$inferInsert"], TEntity, z.output<TInput>>;
  unique?: {
    /** Body field named in the 422 (e.g. "code"). */
    field: string;
    messageKey: string;
    /** Condition matching rows that would collide with these values. */
    collides(values: TTable["$inferInsert"]): SQL;
  };
  children?: {
    messageKey: string;
    exist(db: Db, id: number): Promise<boolean>;
  };
  /** What the audit trail keeps of a change (default: every field of the entity). */
  audit?: AuditPolicy;
}

/** One image per record, sent as a multipart file part, stored in two variants (platform/images.ts). */
export interface UploadRule<TValues, TEntity> {
  /** The file part's name, also the key of its messages ("picture"). */
  field: string;
  /** Folder under /uploads. */
  folder: string;
  variants: ImageVariants;
  maxBytes: number;
  /** Set when the image is required on create (its translation key); an edit without one keeps the old image. */
  missingOnCreate?: string;
  /** The picture must be at least this wide (measured by the server on the decoded upload). */
  minWidth?: { width: number; messageKey: string };
  /**
   * The text part `removePicture` = "true" on an update clears the image (only for an optional image; a required
   * one is replaced, never removed).
   */
  removable?: boolean;
  /** The column values that point at a stored image, or that say there is none (null). */
  columns(stored: StoredVariants | null): Partial<TValues>;
  /** The stored files a record points at (deleted when it is deleted or its image replaced). */
  files(entity: TEntity): (string | null)[];
}

export interface WriteHooks<TValues, TEntity, TInput = unknown> {
  /** First thing in every create, update and delete transaction, before any row is locked. */
  serialize?(tx: Db): Promise<unknown>;
  /** Before the insert, after the rules: may adjust `values` (returns them) and move other rows. */
  beforeCreate?(tx: Db, values: TValues): Promise<TValues>;
  /** Before the update of the locked row `before`. */
  beforeUpdate?(tx: Db, values: TValues, before: TEntity): Promise<TValues>;
  /** After the row is deleted. */
  afterDelete?(tx: Db, before: TEntity): Promise<void>;
  /** After the insert or update, before the record is read back: rows that hang on it (an event's categories). */
  afterSave?(tx: Db, id: number, input: TInput): Promise<void>;
}

/** `%` and `_` typed by the user are literal characters, not wildcards. */
export function likePattern(term: string): string {
  return `%${escapeLike(term)}%`;
}

/** The kit's list rows: ordered by name then id, chosen on the resource table and joined page by page. */
export function crudListSource<TEntityFields extends SelectedFields>(resource: {
  table: KitTable;
  entity: { fields: TEntityFields; from(db: Db, fields: SelectedFields): PgSelect };
  order?: PgColumn | undefined;
  split?: SQL | undefined;
}): ListSource<TEntityFields> {
  return {
    table: resource.table,
    sort: [resource.order ?? resource.table.name],
    ...(resource.split ? { split: resource.split } : {}),
    fields: resource.entity.fields,
    from: resource.entity.from,
  };
}

/** Search (name or code, see nameSearch) and filters of a list query as one condition, and the order it needs. */
export function listCondition(
  resource: {
    table: KitTable;
    filters?: Record<string, (value: SQL) => SQL> | undefined;
    order?: PgColumn | undefined;
    orderWhen?: ((query: Record<string, unknown>) => PgColumn | undefined) | undefined;
    sorts?: Partial<Record<string, PgColumn>> | undefined;
    live?: SQL | undefined;
    searchRollup?: TrigramRollup | undefined;
    searchPairs?: WordPairs | undefined;
  },
  query: { search?: string | undefined } & Record<string, unknown>,
): { condition: ListCondition; sort: SortKey[]; order: OrderInput } {
  const { table } = resource;
  const search = nameSearch(query.search, table.name, table.searchText, resource.searchRollup, resource.searchPairs);
  // Values arrive validated by the list query schema: ids as numbers, days as "YYYY-MM-DD".
  const filters = Object.entries(resource.filters ?? {}).map(([name, toCondition]) =>
    filterCondition(name, query[name] === "" ? undefined : query[name], toCondition),
  );
  if (resource.live) filters.unshift({ key: "live", where: resource.live, values: {}, estimable: true });
  // A short search keeps its own order (the index that finds the rows); otherwise the filter's or the resource's.
  const byName = search.sort.length === 1 && search.sort[0] === table.name;
  const filterOrder = byName ? resource.orderWhen?.(query) : undefined;
  const order = filterOrder ?? resource.order;
  const sort = byName && order ? [order] : search.sort;
  const condition = allOf(search.condition, ...filters);
  const chosen = chosenSort(resource, query.sort as ListSort | undefined, search.sort);
  if (chosen) return { condition, sort: chosen.keys, order: chosen };
  // Statements are kept by the condition's shape: an order brought by a filter's value is part of it.
  return {
    condition: filterOrder ? { ...condition, key: `${condition.key}|by:${filterOrder.name}` } : condition,
    sort,
    order: sort,
  };
}

/**
 * The order the query's `sort` chose, which wins over a filter's and the search's. Sorted by name, a short search
 * keeps the lower-cased byte order its prefix index finds the rows in (`searchSort`), in the direction asked.
 */
function chosenSort(
  resource: { table: KitTable; sorts?: Partial<Record<string, PgColumn>> | undefined },
  sort: ListSort | undefined,
  searchSort: SortKey[],
): ListOrder | undefined {
  const column = sort && resource.sorts?.[sort.field];
  if (!column) return undefined;
  const keys = column === resource.table.name ? searchSort : [column];
  return chosenOrder(sort, { [sort.field]: keys }, []) as ListOrder;
}

/** The queries GET /api/<resource> runs for `query`, unrun (the benchmark times the same SQL straight on the driver). */
export function crudListQueries<TEntityFields extends SelectedFields>(
  db: Db,
  resource: {
    table: KitTable;
    entity: { fields: TEntityFields; from(db: Db, fields: SelectedFields): PgSelect };
    filters?: Record<string, (value: SQL) => SQL> | undefined;
    order?: PgColumn | undefined;
    split?: SQL | undefined;
    sorts?: Partial<Record<string, PgColumn>> | undefined;
    live?: SQL | undefined;
    searchRollup?: TrigramRollup | undefined;
    searchPairs?: WordPairs | undefined;
  },
  query: PageRequest & { search?: string | undefined } & Record<string, unknown>,
) {
  const { condition, order } = listCondition(resource, query);
  const source = crudListSource(resource);
  const window = resolveWindow(query, order, splitOf(source, order) !== undefined);
  return {
    window,
    queries: listQueries(db, source, condition, window, order),
    values: listValues(condition, window),
    /** Whether the API runs these statements named (runsNamed), as a baseline must to run the same. */
    named: runsNamed(condition),
  };
}

export async function rowExists(db: Db, table: PgTable, condition: SQL): Promise<boolean> {
  const rows = await db.select({ found: count() }).from(table).where(condition).limit(1);
  return (rows[0]?.found ?? 0) > 0;
}

const errorResponses = { "4xx": errorBodySchema };

/** Checks a resource declaration on its own (so it can be exported and reused), without registering routes. */
export function crudResource<
  TTable extends KitTable,
  TInput extends z.ZodType,
  TEntityFields extends SelectedFields,
  TEntity,
  TOptionFields extends SelectedFields,
  TOption,
>(
  resource: CrudResource<TTable, TInput, TEntityFields, TEntity, TOptionFields, TOption>,
): CrudResource<TTable, TInput, TEntityFields, TEntity, TOptionFields, TOption> {
  return resource;
}

export function registerCrud<
  TTable extends KitTable,
  TInput extends z.ZodType,
  TEntityFields extends SelectedFields,
  TEntity,
  TOptionFields extends SelectedFields,
  TOption,
>(app: FastifyInstance, resource: CrudResource<TTable, TInput, TEntityFields, TEntity, TOptionFields, TOption>) {
  const { table, schemas, permissions } = resource;
  const base = `/api/${resource.path}`;
  const tags = [resource.tag];
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.db;
  const listSource = crudListSource(resource);

  /** The record's read: by an id, or by the placeholder `id` of a statement named on the server. */
  const entityQuery = (executor: Db, id: number | Placeholder<"id">) =>
    resource.entity
      .from(executor, resource.entity.fields)
      .where(and(eq(table.id, id), resource.live))
      .limit(1);
  const firstEntity = (rows: unknown) => {
    const [row] = rows as Row<TEntityFields>[];
    return row ? resource.entity.map(row) : undefined;
  };

  async function findEntity(executor: Db, id: number): Promise<TEntity | undefined> {
    return firstEntity(await entityQuery(executor, id));
  }

  /**
   * The detail's read (GET …/:id) as a statement named on the server, built once: its one value is the id, so one
   * plan suits every request, and each pooled connection parses and plans it once instead of on every request
   * (planning the joins and subqueries of a detail costs more than running it). Writes read through `findEntity`
   * on their transaction.
   */
  let detail: { database: Db; statement: { execute(values: { id: number }): Promise<unknown> } } | undefined;
  async function findDetail(id: number): Promise<TEntity | undefined> {
    const database = db();
    if (detail?.database !== database) {
      detail = { database, statement: entityQuery(database, sql.placeholder("id")).prepare(`detail_${resource.path}`) };
    }
    return firstEntity(await detail.statement.execute({ id }));
  }

  /** The entity with its row locked until the transaction ends: what an audited write reads before and after. */
  const lockEntity = (tx: Db, id: number) => lockRow(tx, table, id, findEntity);

  const presented = (entity: TEntity, request: FastifyRequest) =>
    resource.present ? resource.present(entity, request) : entity;

  const found = (entity: TEntity | undefined): TEntity => {
    if (entity === undefined) throw notFound();
    return entity;
  };
  const getEntity = async (executor: Db, id: number) => found(await findEntity(executor, id));

  async function checkRules(executor: Db, values: TTable["$inferInsert"], excludeId?: number) {
    const messages: Record<string, string> = {};
    for (const reference of resource.references ?? []) {
      if (!(await reference.exists(executor, reference.id(values)))) {
        messages[reference.field] = "VALIDATION.NOT_FOUND_REFERENCE";
      }
    }
    const unique = resource.unique;
    if (unique) {
      const collision = unique.collides(values);
      const condition = excludeId === undefined ? collision : and(collision, ne(table.id, excludeId));
      if (condition && (await rowExists(executor, table, condition))) messages[unique.field] = unique.messageKey;
    }
    if (Object.keys(messages).length > 0) throw unprocessable(messages);
  }

  /** The checks above run first; these map the races they cannot see to the same answers. */
  function mapWriteError(error: unknown): never {
    const pgError = pgErrorOf(error);
    if (pgError?.code === PG_UNIQUE_VIOLATION && resource.unique) {
      throw unprocessable({ [resource.unique.field]: resource.unique.messageKey });
    }
    if (pgError?.code === PG_FOREIGN_KEY_VIOLATION) {
      const fields = (resource.references ?? []).map((reference) => reference.field);
      throw unprocessable(Object.fromEntries(fields.map((field) => [field, "VALIDATION.NOT_FOUND_REFERENCE"])));
    }
    throw error;
  }

  const upload = resource.upload;
  const inputFields = Object.keys((schemas.input as unknown as z.ZodObject).shape ?? {});

  /**
   * The validated body and the prepared image (decoded, checked and re-encoded, not yet written). Every problem,
   * the image's included, comes back in one 422.
   */
  async function readInput(
    request: FastifyRequest,
    mode: "create" | "edit",
  ): Promise<{ input: z.output<TInput>; image: PreparedVariants | undefined; removeImage: boolean }> {
    if (!upload) return { input: request.body as z.output<TInput>, image: undefined, removeImage: false };
    const form = await readForm(request, { fileSize: upload.maxBytes, files: 1, fields: 60 });
    // A list comes as `name[]` parts, repeated (categories[] of an event); anything else as one part.
    const values = Object.fromEntries(
      inputFields.map((field) => [field, form.fields.get(`${field}[]`) ?? fieldValue(form, field)]),
    );
    const parsed = schemas.input.safeParse(values);
    const messages: Record<string, string> = parsed.success ? {} : issueMessages(parsed.error.issues);
    for (const field of form.truncated) if (inputFields.includes(field)) messages[field] ??= "VALIDATION.TOO_LONG";
    // A browser form with an empty file input still sends an empty part: that is "no image".
    const files = form.files.filter((file) => file.tooLarge || file.data?.length);
    let image: PreparedVariants | undefined;
    if (form.tooManyFiles || files.length > 1) messages[upload.field] = "IMAGES.VALIDATION.COUNT";
    else if (files[0] && files[0].fieldName !== upload.field) messages[upload.field] = "IMAGES.VALIDATION.PART_NAME";
    else if (files[0]?.tooLarge) messages[upload.field] = "IMAGES.VALIDATION.TOO_LARGE";
    else if (files[0]?.data) {
      try {
        image = await app.images.prepareVariants(files[0].data, upload.variants);
        if (upload.minWidth && image.large.sourceWidth < upload.minWidth.width) {
          messages[upload.field] = upload.minWidth.messageKey;
        }
      } catch (error) {
        if (!(error instanceof ImageRejectedError)) throw error;
        messages[upload.field] =
          error.problem === "dimensions" ? "IMAGES.VALIDATION.DIMENSIONS" : "IMAGES.VALIDATION.FORMAT";
      }
    } else if (mode === "create" && upload.missingOnCreate) messages[upload.field] = upload.missingOnCreate;
    if (!parsed.success || Object.keys(messages).length > 0) throw unprocessable(messages);
    const removeImage =
      Boolean(upload.removable) && [true, "true"].includes(fieldValue(form, "removePicture") as string);
    return { input: parsed.data as z.output<TInput>, image, removeImage };
  }

  const removeFiles = async (urls: (string | null | undefined)[]) => {
    await Promise.all(urls.map((url) => app.images.remove(url)));
  };
  const storedFiles = (stored: StoredVariants | undefined) => (stored ? [stored.url, stored.smallUrl] : []);

  const formDocs = upload
    ? {
        consumes: ["multipart/form-data", "application/json"],
        description:
          `multipart/form-data (or JSON without the image). Text parts: ${inputFields.join(", ")}. File part: ` +
          `${upload.field} (one JPEG, PNG or WebP judged by its content, at most ${upload.maxBytes} bytes` +
          `${upload.minWidth ? `, at least ${upload.minWidth.width} px wide` : ""}).` +
          `${upload.removable ? ' On update, the text part removePicture = "true" clears it.' : ""} 422 lists every problem.`,
      }
    : { body: schemas.input };

  r.get(
    base,
    {
      config: { permission: permissions.index },
      schema: {
        tags,
        summary: `List ${resource.path} (paged, ${PAGE_SIZE} per page)`,
        querystring: schemas.listQuery,
        response: { 200: paged(schemas.entity), ...errorResponses },
      },
    },
    async (request) => {
      const query = request.query as PageRequest & { search?: string } & Record<string, unknown>;
      const { condition, order } = listCondition(resource, query);
      const { rows, ...result } = await listPage(db(), listSource, condition, query, order);
      return { ...result, items: rows.map((row) => resource.entity.map(row)) };
    },
  );

  r.get(
    `${base}/all`,
    {
      config: { permission: permissions.all },
      schema: {
        tags,
        summary: `Every ${resource.noun}, ordered by ${resource.order ? "display order" : "name"}, for selects and filters`,
        response: { 200: z.array(schemas.option), ...errorResponses },
      },
    },
    async () => {
      const rows = (await db()
        .select(resource.option.fields)
        .from(table as PgTable)
        .where(resource.live)
        .orderBy(asc(resource.order ?? table.name), asc(table.id))) as Row<TOptionFields>[];
      return rows.map((row) => resource.option.map(row));
    },
  );

  r.get(
    `${base}/:id`,
    {
      config: { permission: permissions.show },
      schema: {
        tags,
        summary: `One ${resource.noun}`,
        params: idParams,
        response: { 200: schemas.entity, ...errorResponses },
      },
    },
    async (request) => presented(found(await findDetail(request.params.id)), request),
  );

  const toValues = (input: z.output<TInput>, tx: Db) => {
    if (!resource.toValues) throw new Error(`${resource.path} declares writes without toValues`);
    return resource.toValues(input, tx);
  };

  if (permissions.create) {
    r.post(
      base,
      {
        config: { permission: permissions.create },
        schema: {
          tags,
          summary: `Create a ${resource.noun}`,
          ...formDocs,
          response: { 201: schemas.entity, ...errorResponses },
        },
      },
      async (request, reply) => {
        const { input, image } = await readInput(request, "create");
        let stored: StoredVariants | undefined;
        let entity: TEntity;
        try {
          entity = await db().transaction(async (tx) => {
            await resource.hooks?.serialize?.(tx);
            let values = await toValues(input, tx);
            await checkRules(tx, values);
            if (resource.hooks?.beforeCreate) values = await resource.hooks.beforeCreate(tx, values);
            if (image && upload) {
              stored = await app.images.saveVariants(image, upload.folder);
              values = { ...values, ...upload.columns(stored) };
            }
            const [created] = await tx
              .insert(table as KitTable)
              .values(values)
              .returning({ id: table.id });
            const recordId = created!.id as number;
            await resource.hooks?.afterSave?.(tx, recordId, input);
            const entity = await getEntity(tx, recordId);
            await recordCreate(tx, request, {
              resource: resource.path,
              recordId,
              created: entity,
              policy: resource.audit,
            });
            return entity;
          });
        } catch (error) {
          await removeFiles(storedFiles(stored));
          mapWriteError(error);
        }
        return reply.code(201).send(entity);
      },
    );
  }

  if (permissions.edit) {
    r.put(
      `${base}/:id`,
      {
        config: { permission: permissions.edit },
        schema: {
          tags,
          summary: `Update a ${resource.noun}`,
          params: idParams,
          ...formDocs,
          response: { 200: schemas.entity, ...errorResponses },
        },
      },
      async (request) => {
        const { id } = request.params;
        const { input, image, removeImage } = await readInput(request, "edit");
        let stored: StoredVariants | undefined;
        let replaced: (string | null)[] = [];
        try {
          const entity = await db().transaction(async (tx) => {
            await resource.hooks?.serialize?.(tx);
            return auditedWrite(tx, {
              request,
              resource: resource.path,
              recordId: id,
              action: "update",
              policy: resource.audit,
              load: () => lockEntity(tx, id),
              async apply(before) {
                let values = await toValues(input, tx);
                await checkRules(tx, values, id);
                if (resource.hooks?.beforeUpdate) values = await resource.hooks.beforeUpdate(tx, values, before);
                if (image && upload) {
                  stored = await app.images.saveVariants(image, upload.folder);
                  values = { ...values, ...upload.columns(stored) };
                  replaced = upload.files(before);
                } else if (removeImage && upload) {
                  values = { ...values, ...upload.columns(null) };
                  replaced = upload.files(before);
                }
                await tx
                  .update(table as KitTable)
                  .set({ ...values, updatedAt: new Date() })
                  .where(eq(table.id, id));
                await resource.hooks?.afterSave?.(tx, id, input);
              },
            });
          });
          // Only once the new state is committed: a failed update keeps the old image.
          await removeFiles(replaced);
          return entity;
        } catch (error) {
          await removeFiles(storedFiles(stored));
          mapWriteError(error);
        }
      },
    );
  }

  if (permissions.delete) {
    r.delete(
      `${base}/:id`,
      {
        config: { permission: permissions.delete },
        schema: {
          tags,
          summary: `Delete a ${resource.noun}${resource.children ? " (refused while it has children)" : ""}`,
          params: idParams,
          response: { 204: z.undefined().describe("Deleted"), ...errorResponses },
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        const children = resource.children;
        let deleted: TEntity | undefined;
        await db()
          .transaction(async (tx) => {
            await resource.hooks?.serialize?.(tx);
            // The row lock makes concurrent deletes of one row wait in `load`, then find it gone: one 204, the rest 404.
            await auditedWrite(tx, {
              request,
              resource: resource.path,
              recordId: id,
              action: "delete",
              policy: resource.audit,
              exists: false,
              load: () => lockEntity(tx, id),
              async apply(before) {
                if (children && (await children.exist(tx, id))) throw conflict(children.messageKey);
                const rows = resource.softDelete
                  ? await tx
                      .update(table as KitTable)
                      .set({ ...resource.softDelete(), updatedAt: new Date() })
                      .where(eq(table.id, id))
                      .returning({ id: table.id })
                  : await tx
                      .delete(table as KitTable)
                      .where(eq(table.id, id))
                      .returning({ id: table.id });
                if (rows.length === 0) throw notFound();
                await resource.hooks?.afterDelete?.(tx, before);
                deleted = before;
              },
            });
          })
          .catch((error: unknown) => {
            // A child inserted between the check and the delete: same answer as the check.
            if (pgErrorOf(error)?.code === PG_FOREIGN_KEY_VIOLATION) throw conflict(children?.messageKey);
            throw error;
          });
        // A soft-deleted record keeps its files with its row.
        if (deleted && upload && !resource.softDelete) await removeFiles(upload.files(deleted));
        return reply.code(204).send();
      },
    );
  }

  registerBulkRoutes(app, {
    base,
    tags,
    plural: resource.path,
    actions: {
      ...(permissions.activate && table.isActive
        ? { activate: permissions.activate, deactivate: permissions.activate }
        : {}),
      ...(permissions.delete ? { delete: permissions.delete } : {}),
    },
    ids: {
      permission: permissions.index,
      querystring: schemas.listQuery,
      find(request) {
        const { condition, order } = listCondition(resource, request.query as Record<string, unknown>);
        return listIds(db(), listSource, condition, order);
      },
    },
  });

  if (!permissions.activate || !table.isActive) return;
  registerActivationRoutes(app, {
    base,
    tags,
    permission: permissions.activate,
    summary: { activate: `Unblock a ${resource.noun}`, deactivate: `Block a ${resource.noun}` },
    response: schemas.entity,
    resource: resource.path,
    policy: resource.audit,
    load: getEntity,
    present: presented,
    lock: lockEntity,
    change: table as KitTable & { isActive: PgColumn },
  });
}
