import { errorBody as errorBodySchema, idParams, PAGE_SIZE, paged } from "@palco/shared";
import { and, asc, count, eq, ne, type SQL } from "drizzle-orm";
import type { PgColumn, PgSelect, PgTable, SelectedFields } from "drizzle-orm/pg-core";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { registerActivationRoutes } from "./activation.ts";
import { type Db, PG_FOREIGN_KEY_VIOLATION, PG_UNIQUE_VIOLATION, pgErrorOf } from "./db.ts";
import { conflict, notFound, unprocessable } from "./errors.ts";
import type { RoutePermission } from "./guard.ts";
import {
  allOf,
  escapeLike,
  filterCondition,
  type ListCondition,
  type ListSource,
  listPage,
  listQueries,
  listValues,
  nameSearch,
  type PageRequest,
  resolveWindow,
  type SortKey,
} from "./list-query.ts";

/**
 * A small toolkit for "reference data" resources (countries, states, cities, later more): list with search,
 * filters and pages; lookup of all rows; get; create; update; delete refused while children exist; activate and
 * deactivate. A resource is mostly configuration: its table, how to select and map its rows, and its rules.
 */

/** Columns every resource table of the kit has. */
export type KitTable = PgTable & {
  id: PgColumn;
  name: PgColumn;
  code: PgColumn;
  /** lower(name || chr(31) || code), stored, with a trigram index: what searches of three characters or more read. */
  searchText: PgColumn;
  isActive: PgColumn;
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
  /** URL segment under /api. */
  path: string;
  /** OpenAPI tag. */
  tag: string;
  /** Singular noun for summaries ("country"). */
  noun: string;
  table: TTable;
  permissions: {
    index: RoutePermission;
    all: RoutePermission;
    show: RoutePermission;
    create: RoutePermission;
    edit: RoutePermission;
    delete: RoutePermission;
    activate: RoutePermission;
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
  /** Body → column values. */
  toValues(input: z.output<TInput>): TTable["$inferInsert"];
  references?: ReferenceRule<TTable["$inferInsert"]>[];
  unique: {
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
}

/** `%` and `_` typed by the user are literal characters, not wildcards. */
export function likePattern(term: string): string {
  return `%${escapeLike(term)}%`;
}

/** The kit's list rows: ordered by name then id, chosen on the resource table and joined page by page. */
export function crudListSource<TEntityFields extends SelectedFields>(resource: {
  table: KitTable;
  entity: { fields: TEntityFields; from(db: Db, fields: SelectedFields): PgSelect };
}): ListSource<TEntityFields> {
  return {
    table: resource.table,
    sort: [resource.table.name],
    fields: resource.entity.fields,
    from: resource.entity.from,
  };
}

/** Search (name or code, see nameSearch) and filters of a list query as one condition, and the order it needs. */
export function listCondition(
  resource: { table: KitTable; filters?: Record<string, (value: SQL) => SQL> | undefined },
  query: { search?: string | undefined } & Record<string, unknown>,
): { condition: ListCondition; sort: SortKey[] } {
  const { table } = resource;
  const search = nameSearch(query.search, table.name, table.searchText);
  const filters = Object.entries(resource.filters ?? {}).map(([name, toCondition]) =>
    filterCondition(name, typeof query[name] === "number" ? query[name] : undefined, toCondition),
  );
  return { condition: allOf(search.condition, ...filters), sort: search.sort };
}

/** The queries GET /api/<resource> runs for `query`, unrun (the benchmark times the same SQL straight on the driver). */
export function crudListQueries<TEntityFields extends SelectedFields>(
  db: Db,
  resource: {
    table: KitTable;
    entity: { fields: TEntityFields; from(db: Db, fields: SelectedFields): PgSelect };
    filters?: Record<string, (value: SQL) => SQL> | undefined;
  },
  query: PageRequest & { search?: string | undefined } & Record<string, unknown>,
) {
  const { condition, sort } = listCondition(resource, query);
  const window = resolveWindow(query, sort);
  return {
    window,
    queries: listQueries(db, crudListSource(resource), condition, window, sort),
    values: listValues(condition, window),
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

  async function findEntity(executor: Db, id: number): Promise<TEntity | undefined> {
    const rows = (await resource.entity
      .from(executor, resource.entity.fields)
      .where(eq(table.id, id))
      .limit(1)) as Row<TEntityFields>[];
    return rows[0] ? resource.entity.map(rows[0]) : undefined;
  }

  async function getEntity(executor: Db, id: number): Promise<TEntity> {
    const entity = await findEntity(executor, id);
    if (entity === undefined) throw notFound();
    return entity;
  }

  async function checkRules(executor: Db, values: TTable["$inferInsert"], excludeId?: number) {
    const messages: Record<string, string> = {};
    for (const reference of resource.references ?? []) {
      if (!(await reference.exists(executor, reference.id(values)))) {
        messages[reference.field] = "VALIDATION.NOT_FOUND_REFERENCE";
      }
    }
    const collision = resource.unique.collides(values);
    const condition = excludeId === undefined ? collision : and(collision, ne(table.id, excludeId));
    if (condition && (await rowExists(executor, table, condition))) {
      messages[resource.unique.field] = resource.unique.messageKey;
    }
    if (Object.keys(messages).length > 0) throw unprocessable(messages);
  }

  /** The checks above run first; these map the races they cannot see to the same answers. */
  function mapWriteError(error: unknown): never {
    const pgError = pgErrorOf(error);
    if (pgError?.code === PG_UNIQUE_VIOLATION) {
      throw unprocessable({ [resource.unique.field]: resource.unique.messageKey });
    }
    if (pgError?.code === PG_FOREIGN_KEY_VIOLATION) {
      const fields = (resource.references ?? []).map((reference) => reference.field);
      throw unprocessable(Object.fromEntries(fields.map((field) => [field, "VALIDATION.NOT_FOUND_REFERENCE"])));
    }
    throw error;
  }

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
      const { condition, sort } = listCondition(resource, query);
      const { rows, ...result } = await listPage(db(), listSource, condition, query, sort);
      return { ...result, items: rows.map((row) => resource.entity.map(row)) };
    },
  );

  r.get(
    `${base}/all`,
    {
      config: { permission: permissions.all },
      schema: {
        tags,
        summary: `Every ${resource.noun}, ordered by name, for selects and filters`,
        response: { 200: z.array(schemas.option), ...errorResponses },
      },
    },
    async () => {
      const rows = (await db()
        .select(resource.option.fields)
        .from(table as PgTable)
        .orderBy(asc(table.name), asc(table.id))) as Row<TOptionFields>[];
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
    async (request) => getEntity(db(), request.params.id),
  );

  r.post(
    base,
    {
      config: { permission: permissions.create },
      schema: {
        tags,
        summary: `Create a ${resource.noun}`,
        body: schemas.input,
        response: { 201: schemas.entity, ...errorResponses },
      },
    },
    async (request, reply) => {
      const values = resource.toValues(request.body as z.output<TInput>);
      const entity = await db()
        .transaction(async (tx) => {
          await checkRules(tx, values);
          const [created] = await tx
            .insert(table as KitTable)
            .values(values)
            .returning({ id: table.id });
          return getEntity(tx, created!.id as number);
        })
        .catch(mapWriteError);
      return reply.code(201).send(entity);
    },
  );

  r.put(
    `${base}/:id`,
    {
      config: { permission: permissions.edit },
      schema: {
        tags,
        summary: `Update a ${resource.noun}`,
        params: idParams,
        body: schemas.input,
        response: { 200: schemas.entity, ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      const values = resource.toValues(request.body as z.output<TInput>);
      return db()
        .transaction(async (tx) => {
          if (!(await rowExists(tx, table, eq(table.id, id)))) throw notFound();
          await checkRules(tx, values, id);
          await tx
            .update(table as KitTable)
            .set({ ...values, updatedAt: new Date() })
            .where(eq(table.id, id));
          return getEntity(tx, id);
        })
        .catch(mapWriteError);
    },
  );

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
      await db()
        .transaction(async (tx) => {
          // The row lock makes concurrent deletes of one row wait here, then find it gone: one 204, the rest 404.
          const locked = await tx
            .select({ id: table.id })
            .from(table as PgTable)
            .where(eq(table.id, id))
            .for("update");
          if (locked.length === 0) throw notFound();
          if (children && (await children.exist(tx, id))) throw conflict(children.messageKey);
          const deleted = await tx
            .delete(table as KitTable)
            .where(eq(table.id, id))
            .returning({ id: table.id });
          if (deleted.length === 0) throw notFound();
        })
        .catch((error: unknown) => {
          // A child inserted between the check and the delete: same answer as the check.
          if (pgErrorOf(error)?.code === PG_FOREIGN_KEY_VIOLATION) throw conflict(children?.messageKey);
          throw error;
        });
      return reply.code(204).send();
    },
  );

  registerActivationRoutes(app, {
    base,
    tags,
    permission: permissions.activate,
    summary: { activate: `Unblock a ${resource.noun}`, deactivate: `Block a ${resource.noun}` },
    response: schemas.entity,
    load: getEntity,
    change: table,
  });
}
