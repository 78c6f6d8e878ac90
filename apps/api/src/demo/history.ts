import { REPORT_TIME_ZONE, wallTimeToInstant } from "@palco/shared";
import { and, asc, eq, getTableColumns, getTableName, inArray, isNull, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { bookingMoney, newBookingKey } from "../modules/bookings/service.ts";
import { rowsOf } from "../modules/notifications/service.ts";
import type { Db } from "../platform/db.ts";
import { type ImageStore, PICTURE_VARIANTS } from "../platform/images.ts";
import {
  auditLog,
  bookingPayments,
  bookings,
  boxes,
  boxImages,
  categories,
  cities,
  eventCategories,
  events,
  members,
  owners,
  roles,
  userRoles,
  users,
  venues,
} from "../platform/schema.ts";
import { DAY, HOUR, prng } from "./random.ts";
import { boxPhoto, PHOTO_PALETTES } from "./supply.ts";

/**
 * Two years of the marketplace's past, for the dashboard: members and boxes signing up, events held at the demo
 * venues, their bookings paid, their tickets delivered and their owners paid, with a season's shape (Liga MX's
 * Clausura January–May and Apertura July–November, quiet Junes and Decembers, concerts in spring and autumn) and a
 * marketplace that grows. Set-based inserts (a few statements per table), no notifications (all of it is long read)
 * and no chat threads. It runs before the demo bookings (demo/bookings.ts), which leave its rows alone, so what
 * the screens and the browser tests rely on stays as it was, and the history sorts after it in the bookings list.
 *
 * Past bookings were charged the fees in force then: the trail has the two changes of the settings (a year and
 * two ago) that led to today's 7.5 / 5 / 16.
 */

/** What the history made: the demo bookings never book its boxes, buyers or events. */
export interface DemoHistory {
  boxIds: Set<number>;
  memberIds: Set<number>;
  eventIds: Set<number>;
}

const MONTHS = 24;
/** January … December: football seasons, concerts, the June and December lull. */
const SEASON = [0.75, 0.95, 1.05, 1.1, 1.2, 0.45, 0.8, 1.0, 1.1, 1.25, 1.35, 0.55];
/** Bookings a month at the start, and how much more the last month sells than the first. */
const BOOKINGS_A_MONTH = 20;
const MEMBERS_A_MONTH = 26;
const GROWTH = 0.6;

/** The fees in force over the history (the last is the settings' today). */
const FEE_PERIODS = [
  { from: MONTHS + 1, rates: { guest: "6.50", host: "4.50", iva: "16.00" } },
  { from: 22, rates: { guest: "7.00", host: "4.50", iva: "16.00" } },
  { from: 14, rates: { guest: "7.50", host: "5.00", iva: "16.00" } },
];

type Kind = "football" | "baseball" | "arena";
const VENUE_KIND: Record<string, { kind: Kind; home?: string; weight: number }> = {
  "Estadio Akron": { kind: "football", home: "Chivas", weight: 3 },
  "Estadio Jalisco": { kind: "football", home: "Atlas", weight: 2 },
  "Estadio Banorte": { kind: "football", home: "América", weight: 3 },
  "Estadio Olímpico Universitario": { kind: "football", home: "Pumas", weight: 2 },
  "Estadio BBVA": { kind: "football", home: "Rayados", weight: 3 },
  "Estadio Caliente": { kind: "football", home: "Xolos", weight: 1 },
  "Estadio León": { kind: "football", home: "León", weight: 1 },
  "Estadio Cuauhtémoc": { kind: "football", home: "Puebla", weight: 1 },
  "Estadio Corregidora": { kind: "football", home: "Querétaro", weight: 1 },
  "Estadio Alfredo Harp Helú": { kind: "baseball", home: "Diablos Rojos", weight: 2 },
  "Auditorio Telmex": { kind: "arena", weight: 2 },
  "Arena Coliseo Guadalajara": { kind: "arena", weight: 1 },
  "Arena Ciudad de México": { kind: "arena", weight: 2 },
  "Arena Monterrey": { kind: "arena", weight: 2 },
};
// "Chivas vs Atlas" is the demo's own upcoming match (the browser tests search it): the history has other ones.
const CLUBS = [
  "Chivas",
  "Atlas",
  "América",
  "Pumas",
  "Cruz Azul",
  "Tigres",
  "Rayados",
  "Toluca",
  "Santos",
  "Pachuca",
].concat(["León", "Necaxa", "Xolos", "Puebla", "Querétaro", "Mazatlán", "Juárez", "San Luis"]);
const BASEBALL = ["Sultanes", "Leones de Yucatán", "Toros de Tijuana", "Pericos de Puebla", "Acereros", "Tigres de QR"];
const SHOWS: [string, string, number][] = [
  ["Noche de Rock Nacional", "Conciertos", 3],
  ["Gira Sin Fronteras", "Conciertos", 3],
  ["Festival de Cumbia", "Conciertos", 4],
  ["Mariachi sinfónico", "Conciertos", 2],
  ["Pop en Español", "Conciertos", 3],
  ["Noche de Banda Sinaloense", "Conciertos", 3],
  ["Lucha Libre: Martes Estelar", "Lucha libre", 3],
  ["Función de Box: Campeonato Gallo", "Box", 3],
  ["Comedia en vivo", "Comedia", 2],
  ["Clásicos del cine con orquesta", "Conciertos", 2],
];
const CATEGORY_OF: Record<Kind, string> = { football: "Fútbol", baseball: "Béisbol", arena: "Conciertos" };

const GIVEN = ["Andrea", "Alejandro", "Camila", "Carlos", "Daniela", "Diego", "Fernanda", "Francisco", "Gabriela"]
  .concat(["Héctor", "Isabel", "Javier", "Karla", "Luis", "Mariana", "Miguel", "Natalia", "Óscar", "Paulina"])
  .concat(["Rafael", "Regina", "Ricardo", "Sofía", "Santiago", "Valeria", "Emiliano", "Ximena", "Jorge", "Lorena"]);
const SURNAMES = ["García", "Hernández", "Martínez", "López", "González", "Pérez", "Rodríguez", "Sánchez", "Ramírez"]
  .concat(["Cruz", "Flores", "Gómez", "Morales", "Vázquez", "Reyes", "Jiménez", "Torres", "Díaz", "Gutiérrez"])
  .concat(["Ruiz", "Mendoza", "Aguilar", "Ortiz", "Castillo", "Romero", "Chávez", "Rivera", "Navarro", "Salazar"]);
const AREA_CODES = ["33", "55", "81", "222", "442", "477", "664", "999", "443", "722"];
const ZONES = ["Platino", "Oro", "Diamante", "Preferente", "Palco Norte", "Palco Sur", "Palco VIP"];
const PRICE_OF_ZONE: Record<string, number> = {
  Platino: 16_000,
  Oro: 12_000,
  Diamante: 22_000,
  Preferente: 8_000,
  "Palco Norte": 10_000,
  "Palco Sur": 10_000,
  "Palco VIP": 28_000,
};

/**
 * Inserts `rows` in one statement with one parameter (a JSON array read back with the table's own row type): the
 * embedded database binds thousands of parameters slowly, and this keeps the history to a fraction of the seed's
 * time. Answers the new ids in the rows' order.
 */
async function bulkInsert<T extends PgTable>(tx: Db, table: T, rows: T["$inferInsert"][]): Promise<number[]> {
  if (rows.length === 0) return [];
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  const keys = Object.keys(rows[0]!).filter((key) => columns[key]);
  const names = keys.map((key) => columns[key]!.name);
  const json = JSON.stringify(
    rows.map((row) =>
      Object.fromEntries(keys.map((key, index) => [names[index], (row as Record<string, unknown>)[key] ?? null])),
    ),
  );
  const list = sql.join(
    names.map((name) => sql.identifier(name)),
    sql`, `,
  );
  const read = sql.join(
    names.map((name) => sql`r.${sql.identifier(name)}`),
    sql`, `,
  );
  const result = await tx.execute(sql`
    insert into ${table} (${list})
    select ${read} from json_array_elements(${json}::json) with ordinality as e(value, n)
    cross join lateral json_populate_record(null::${sql.identifier(getTableName(table))}, e.value) as r
    order by e.n
    returning id`);
  // Ids are drawn in insertion order, which is the rows' order.
  return rowsOf<{ id: number | string }>(result)
    .map((row) => Number(row.id))
    .sort((a, b) => a - b);
}

const ascii = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z]/g, "");

/** The first day of the month `back` months before the month of `now` (Mexico City), as an instant. */
function monthStart(now: number, back: number): Date {
  const [year, month] = new Date(now - 6 * HOUR).toISOString().split("-").map(Number) as [number, number];
  const date = new Date(Date.UTC(year, month - 1 - back, 1));
  return wallTimeToInstant(`${date.toISOString().slice(0, 10)} 00:00:00`, REPORT_TIME_ZONE);
}

export async function seedDemoHistory(tx: Db, images: ImageStore, now = Date.now()): Promise<DemoHistory> {
  const random = prng(2024);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const between = (from: number, to: number) => from + random() * (to - from);
  const history: DemoHistory = { boxIds: new Set(), memberIds: new Set(), eventIds: new Set() };

  const venueRows = await tx
    .select({ id: venues.id, name: venues.name, timeZone: cities.timeZone })
    .from(venues)
    .innerJoin(cities, eq(cities.id, venues.cityId))
    .where(and(eq(venues.isActive, true), isNull(venues.deletedAt)))
    .orderBy(asc(venues.id));
  const ownerRows = await tx
    .select({ id: owners.id, name: owners.name })
    .from(owners)
    .where(and(eq(owners.status, "accepted"), eq(owners.isActive, true)))
    .orderBy(asc(owners.id));
  if (venueRows.length === 0 || ownerRows.length === 0) return history;
  const staff = await tx
    .select({ id: users.id, name: sql<string>`${users.firstName} || ' ' || ${users.lastName}`, email: users.email })
    .from(users)
    .where(and(eq(users.isActive, true), eq(users.isSuperAdmin, false)))
    .orderBy(asc(users.id))
    .limit(4);
  const [finance] = await tx
    .select({ id: users.id, name: sql<string>`${users.firstName} || ' ' || ${users.lastName}`, email: users.email })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(roles.name, "Finanzas"))
    .orderBy(asc(users.id))
    .limit(1);
  const categoryRows = await tx.select({ id: categories.id, name: categories.name }).from(categories);
  const categoryId = new Map(categoryRows.map((row) => [row.name, row.id]));

  const windowStart = monthStart(now, MONTHS - 1).getTime();
  const trail: (typeof auditLog.$inferInsert)[] = [];
  const act = (
    who: { id: number; name: string; email: string } | undefined,
    entry: { at: Date; action: string; resource: string; recordId: string; changes: Record<string, unknown> },
  ) =>
    trail.push({
      ...entry,
      actorId: who?.id ?? null,
      actorName: who?.name ?? null,
      actorEmail: who?.email ?? null,
      ip: "192.0.2.20",
      userAgent: "Demo data",
    });

  // The fee changes that led to today's settings.
  const feeChangeAt = (monthsAgo: number) => new Date(monthStart(now, monthsAgo).getTime() + 9 * DAY + 11 * HOUR);
  act(finance ?? staff[0], {
    at: feeChangeAt(22),
    action: "update",
    resource: "settings",
    recordId: "fees",
    changes: { guest: [6.5, 7] },
  });
  act(finance ?? staff[0], {
    at: feeChangeAt(14),
    action: "update",
    resource: "settings",
    recordId: "fees",
    changes: { guest: [7, 7.5], host: [4.5, 5] },
  });
  const periods = FEE_PERIODS.map((period, index) => ({
    from: index === 0 ? Number.NEGATIVE_INFINITY : feeChangeAt(period.from).getTime(),
    rates: period.rates,
  }));
  const ratesAt = (at: number) => periods.filter((period) => at >= period.from).at(-1)!.rates;

  // Members: a founding crowd, then sign-ups every month in the season's shape.
  const memberRows: (typeof members.$inferInsert)[] = [];
  const addMember = (createdAt: number) => {
    const given = pick(GIVEN);
    const paternal = pick(SURNAMES);
    const maternal = pick(SURNAMES);
    const index = memberRows.length + 1;
    const area = pick(AREA_CODES);
    const age = 19 + Math.floor(random() ** 1.6 * 50);
    const born = new Date(createdAt - age * 365.25 * DAY - random() * 300 * DAY);
    const activeLately = random() < 0.32;
    const lastActive = activeLately
      ? now - random() * 29 * DAY
      : Math.min(now - 31 * DAY, createdAt + random() * (now - createdAt));
    memberRows.push({
      firstName: given,
      lastName: `${paternal} ${maternal}`,
      email: `${ascii(given)}.${ascii(paternal)}.${index}@clientes.example.mx`,
      phone: area + String(Math.floor(random() * 10 ** (10 - area.length))).padStart(10 - area.length, "0"),
      phoneCountry: "52",
      birthAt: born.toISOString().slice(0, 10),
      placeOfBirth: pick(["Guadalajara", "Zapopan", "Ciudad de México", "Monterrey", "Puebla", "León", "Querétaro"]),
      language: random() < 0.08 ? "en" : "es",
      isActive: random() > 0.03,
      createdAt: new Date(createdAt),
      lastActiveAt: new Date(Math.max(createdAt, lastActive)),
      updatedAt: new Date(Math.max(createdAt, lastActive)),
    });
  };
  for (let n = 0; n < 40; n++) addMember(windowStart - between(20, 120) * DAY);
  for (let back = MONTHS - 1; back >= 0; back--) {
    const start = monthStart(now, back).getTime();
    const end = Math.min(monthStart(now, back - 1).getTime(), now - DAY);
    const month = new Date(start + 7 * HOUR).getUTCMonth();
    const growth = 1 + (GROWTH * (MONTHS - 1 - back)) / (MONTHS - 1);
    const count = Math.round(MEMBERS_A_MONTH * SEASON[month]! * growth * between(0.85, 1.15));
    for (let n = 0; n < count && end > start; n++) addMember(between(start, end));
  }
  memberRows.sort((a, b) => a.createdAt!.getTime() - b.createdAt!.getTime());
  const memberIds = (await bulkInsert(tx, members, memberRows)).map((id, index) => {
    const member = memberRows[index]!;
    history.memberIds.add(id);
    return { id, createdAt: member.createdAt!, name: `${member.firstName} ${member.lastName}`, email: member.email };
  });

  // Boxes: the founding stock of the busiest venues, then one or two new ones most months.
  // The big stadiums hold most of the boxes (weight squared: Akron, Banorte and BBVA a sixth each).
  const weightedVenues = venueRows.flatMap((venue) =>
    Array.from({ length: (VENUE_KIND[venue.name]?.weight ?? 1) ** 2 }, () => venue),
  );
  const venueById = new Map(venueRows.map((venue) => [venue.id, venue]));
  const numbers = new Set(
    (await tx.select({ venueId: boxes.venueId, name: boxes.name }).from(boxes)).map(
      (row) => `${row.venueId}:${row.name}`,
    ),
  );
  const boxRows: (typeof boxes.$inferInsert)[] = [];
  const addBox = (createdAt: number) => {
    const venue = pick(weightedVenues);
    const zone = pick(ZONES);
    let number = String(200 + Math.floor(random() * 700));
    while (numbers.has(`${venue.id}:${zone} ${number}`)) number = String(200 + Math.floor(random() * 700));
    numbers.add(`${venue.id}:${zone} ${number}`);
    const price = Math.round(((PRICE_OF_ZONE[zone] ?? 10_000) * between(0.8, 1.3)) / 100) * 100;
    const readyAt = new Date(createdAt + between(2, 20) * HOUR);
    boxRows.push({
      ownerId: pick(ownerRows).id,
      venueId: venue.id,
      number,
      zone,
      detail: "Palco con butacas acojinadas, barra de servicio y baño privado.",
      type: "onetime",
      availableSeats: 8 + 2 * Math.floor(random() * 7),
      price: price.toFixed(2),
      deposit: (Math.round((price * 0.3) / 100) * 100).toFixed(2),
      positionX: between(8, 92).toFixed(2),
      positionY: between(10, 90).toFixed(2),
      cancellationPolicy: "Reembolso total hasta 72 horas antes del evento; después no hay reembolso.",
      accessIndications: `Acceso por la puerta de palcos de ${venue.name}; presentar la reserva y una identificación.`,
      status: "accepted",
      readyForReview: false,
      readyAt,
      isActive: true,
      createdAt: new Date(createdAt),
      updatedAt: new Date(readyAt.getTime() + between(4, 40) * HOUR),
    });
  };
  for (let n = 0; n < 22; n++) addBox(windowStart - between(30, 150) * DAY);
  for (let back = MONTHS - 1; back >= 0; back--) {
    const start = monthStart(now, back).getTime();
    const end = Math.min(monthStart(now, back - 1).getTime(), now - 3 * DAY);
    const month = new Date(start + 7 * HOUR).getUTCMonth();
    const count = Math.floor(1.4 * SEASON[month]! + random());
    for (let n = 0; n < count && end > start; n++) addBox(between(start, end));
  }
  boxRows.sort((a, b) => a.createdAt!.getTime() - b.createdAt!.getTime());
  const insertedBoxes = (await bulkInsert(tx, boxes, boxRows)).map((id) => ({ id }));
  const prepared = await Promise.all(
    PHOTO_PALETTES.slice(0, 2).map(async (palette) =>
      images.prepareVariants(await boxPhoto(palette), PICTURE_VARIANTS),
    ),
  );
  const photos = await Promise.all(
    insertedBoxes.map(async (row, index) => {
      const stored = await images.saveVariants(prepared[index % prepared.length]!, "boxes");
      return {
        boxId: row.id,
        position: 1,
        url: stored.url,
        smallUrl: stored.smallUrl,
        width: stored.width,
        height: stored.height,
      };
    }),
  );
  await bulkInsert(tx, boxImages, photos);
  insertedBoxes.forEach((row, index) => {
    history.boxIds.add(row.id);
    const box = boxRows[index]!;
    act(pick(staff), {
      at: box.updatedAt!,
      action: "accept",
      resource: "boxes",
      recordId: String(row.id),
      changes: { status: ["pending", "accepted"], readyForReview: [true, false] },
    });
  });

  // What each venue can sell: its onetime boxes (the demo's own and the history's) from the day they were accepted.
  const sellable = await tx
    .select({
      id: boxes.id,
      venueId: boxes.venueId,
      price: boxes.price,
      seats: boxes.availableSeats,
      zone: boxes.zone,
      number: boxes.number,
      ownerName: owners.name,
      since: sql<Date>`coalesce(${boxes.readyAt}, ${boxes.createdAt})`.mapWith(
        (value: string | Date) => new Date(value),
      ),
    })
    .from(boxes)
    .innerJoin(owners, eq(owners.id, boxes.ownerId))
    .where(and(eq(boxes.status, "accepted"), inArray(boxes.type, ["onetime", "both"])))
    .orderBy(asc(boxes.id));

  // Events held and their bookings, month by month.
  type Planned = {
    event: number;
    box: (typeof sellable)[number];
    buyer: (typeof memberIds)[number];
    createdAt: number;
    startsAt: number;
    endsAt: number;
    outcome: "held" | "missed" | "rejected";
  };
  const eventRows: (typeof events.$inferInsert)[] = [];
  /** Each event's category: its venue's sport, or the show's own (a concert, a fight night, comedy). */
  const eventCategory: string[] = [];
  const planned: Planned[] = [];
  for (let back = MONTHS - 1; back >= 0; back--) {
    const start = monthStart(now, back).getTime();
    const end = Math.min(monthStart(now, back - 1).getTime(), now - 2 * DAY);
    if (end <= start) continue;
    const month = new Date(start + 7 * HOUR).getUTCMonth();
    const growth = 1 + (GROWTH * (MONTHS - 1 - back)) / (MONTHS - 1);
    const target = Math.round(BOOKINGS_A_MONTH * SEASON[month]! * growth * between(0.85, 1.15));
    let booked = 0;
    // Events happen where there are boxes to sell: a venue is picked through one of the boxes ready that month.
    const ready = sellable.filter((box) => box.since.getTime() < start && venueById.has(box.venueId));
    for (let attempt = 0; booked < target && ready.length > 0 && attempt < 60; attempt++) {
      const venue = venueById.get(pick(ready).venueId)!;
      const kind = VENUE_KIND[venue.name]?.kind ?? "arena";
      // Football rests in June and most of December; baseball plays April to August.
      if (kind === "football" && (month === 5 || month === 11) && random() < 0.8) continue;
      if (kind === "baseball" && (month < 3 || month > 7)) continue;
      const day = new Date(between(start, end));
      const hour = kind === "football" ? pick(["17:00", "19:00", "21:05"]) : pick(["19:30", "20:00", "20:30"]);
      const startsAt = wallTimeToInstant(
        `${new Date(day.getTime() - 6 * HOUR).toISOString().slice(0, 10)} ${hour}:00`,
        venue.timeZone,
      ).getTime();
      if (startsAt > now - 2 * DAY) continue;
      const available = sellable.filter((box) => box.venueId === venue.id && box.since.getTime() < startsAt - 5 * DAY);
      if (available.length === 0) continue;
      const show = pick(SHOWS);
      const name =
        kind === "football"
          ? `${VENUE_KIND[venue.name]!.home} vs ${pick(CLUBS.filter((club) => club !== VENUE_KIND[venue.name]!.home && !(VENUE_KIND[venue.name]!.home === "Chivas" && club === "Atlas")))}`
          : kind === "baseball"
            ? `${VENUE_KIND[venue.name]!.home} vs ${pick(BASEBALL)}`
            : show[0];
      const duration = kind === "arena" ? show[2] : kind === "baseball" ? 3 : 2;
      const eventIndex = eventRows.length;
      eventRows.push({
        name,
        duration,
        startsAt: new Date(startsAt),
        venueId: venue.id,
        createdAt: new Date(startsAt - between(20, 45) * DAY),
        updatedAt: new Date(startsAt - between(5, 19) * DAY),
      });
      eventCategory.push(kind === "arena" ? show[1] : CATEGORY_OF[kind]);
      // A match fills most of a stadium's boxes on the marketplace; a show some of them.
      const share = kind === "football" ? between(0.5, 0.95) : between(0.3, 0.8);
      const count = Math.max(1, Math.min(8, Math.round(available.length * share)));
      const chosen = [...available].sort(() => random() - 0.5).slice(0, count);
      for (const box of chosen) {
        const lead = between(1.5, 32) * DAY;
        const createdAt = Math.max(startsAt - lead, box.since.getTime() + HOUR);
        const buyers = memberIds.filter((member) => member.createdAt.getTime() < createdAt - HOUR);
        if (buyers.length === 0) continue;
        const roll = random();
        planned.push({
          event: eventIndex,
          box,
          buyer: buyers[Math.floor(random() * buyers.length)]!,
          createdAt,
          startsAt,
          endsAt: startsAt + duration * HOUR,
          outcome: roll < 0.04 ? "missed" : roll < 0.07 ? "rejected" : "held",
        });
        booked++;
      }
    }
  }
  if (eventRows.length === 0) return history;

  const insertedEvents = (await bulkInsert(tx, events, eventRows)).map((id) => ({ id }));
  for (const row of insertedEvents) history.eventIds.add(row.id);
  const links = insertedEvents.flatMap((row, index) => {
    const category = categoryId.get(eventCategory[index]!);
    return category ? [{ eventId: row.id, categoryId: category }] : [];
  });
  if (links.length > 0) await tx.insert(eventCategories).values(links);

  // The bookings, in the order they were made (their ids follow their dates, older than the demo's own).
  planned.sort((a, b) => a.createdAt - b.createdAt);
  const keys = new Set<string>();
  const bookingRows: (typeof bookings.$inferInsert)[] = [];
  const actions: { index: number; at: number; action: string; changes: Record<string, unknown> }[] = [];
  for (const [index, plan] of planned.entries()) {
    let key = newBookingKey((max) => Math.floor(random() * max));
    while (keys.has(key)) key = newBookingKey((max) => Math.floor(random() * max));
    keys.add(key);
    const money = bookingMoney(plan.box.price!, ratesAt(plan.createdAt));
    const held = plan.outcome === "held";
    const paidAt = plan.createdAt + between(0.1, 3) * HOUR;
    let sentAt: number | null = null;
    let deliveredAt: number | null = null;
    let ownerPaidAt: number | null = null;
    let reference: string | null = null;
    if (held) {
      sentAt = Math.min(plan.startsAt - 3 * HOUR, paidAt + between(6, 48) * HOUR);
      deliveredAt = Math.min(plan.startsAt - HOUR, sentAt + between(4, 36) * HOUR);
      // Owners are paid a few days after the event; the last ones are still owed (and a rare older one).
      const payday = plan.endsAt + between(2, 9) * DAY;
      if (payday < now - HOUR && random() > 0.02) {
        ownerPaidAt = payday;
        reference = `SPEI${String(Math.floor(random() * 1e12)).padStart(12, "0")}${pick(["BNMX", "BBVA", "SANT", "BNTE"])}`;
      }
      actions.push({
        index,
        at: sentAt,
        action: "tickets-sent",
        changes: { ticketsSentAt: [null, new Date(sentAt).toISOString()] },
      });
      actions.push({
        index,
        at: deliveredAt,
        action: "tickets-delivered",
        changes: { ticketsDeliveredAt: [null, new Date(deliveredAt).toISOString()] },
      });
      if (ownerPaidAt !== null) {
        actions.push({
          index,
          at: ownerPaidAt,
          action: "owner-paid",
          changes: { ownerPaymentReference: [null, reference], ownerPaymentStatus: ["pending", "payed"] },
        });
      }
    }
    const updatedAt = Math.max(plan.createdAt, paidAt, deliveredAt ?? 0, ownerPaidAt ?? 0);
    bookingRows.push({
      key,
      boxId: plan.box.id,
      venueId: plan.box.venueId,
      buyerId: plan.buyer.id,
      boxType: "onetime",
      eventId: insertedEvents[plan.event]!.id,
      startsAt: new Date(plan.startsAt),
      endsAt: new Date(plan.endsAt),
      status: held ? "accepted" : plan.outcome,
      paymentStatus: held ? "capture" : plan.outcome === "rejected" ? "refund" : "pending",
      seats: plan.box.seats,
      ...money,
      ticketsSentAt: sentAt === null ? null : new Date(sentAt),
      ticketsDeliveredAt: deliveredAt === null ? null : new Date(deliveredAt),
      ownerPaymentReference: reference,
      ownerPaidAt: ownerPaidAt === null ? null : new Date(ownerPaidAt),
      searchText: [key, plan.buyer.name, plan.buyer.email, plan.box.ownerName, `${plan.box.zone} ${plan.box.number}`]
        .join("\u001f")
        .toLowerCase(),
      createdAt: new Date(plan.createdAt),
      updatedAt: new Date(updatedAt),
    });
  }
  const bookingIds = await bulkInsert(tx, bookings, bookingRows);
  const paymentRows = bookingRows.map((row, index) => ({
    bookingId: bookingIds[index]!,
    position: 1,
    status: row.paymentStatus!,
    amount: row.total,
    createdAt: row.createdAt!,
    updatedAt: new Date(row.createdAt!.getTime() + between(0.1, 3) * HOUR),
  }));
  await bulkInsert(tx, bookingPayments, paymentRows);
  for (const action of actions) {
    act(staff[action.index % Math.max(staff.length, 1)], {
      at: new Date(action.at),
      action: action.action,
      resource: "bookings",
      recordId: String(bookingIds[action.index]),
      changes: action.changes,
    });
  }
  trail.sort((a, b) => a.at!.getTime() - b.at!.getTime());
  await bulkInsert(tx, auditLog, trail);
  return history;
}
