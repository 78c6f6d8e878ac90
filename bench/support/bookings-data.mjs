// The bookings benchmarks' data (bench/bookings.mjs, bench/notifications-live.mjs), generated set-based in SQL
// (generate_series): ROWS bookings at 200 venues, 5,000 boxes of 1,000 owners (all accepted), 40,000 events (from
// 300 days ago to 100 days ahead), 10 seasons per box, bought by 100,000 guests, each (box, event) and (box, season)
// pair at most once; and one "new booking" notification per booking for the super-admin, all read but the newest
// UNREAD. Names come from pools by a hash of the row number, so a surname search matches about one booking in 40.
const VENUES = 200;
const BOXES_PER_VENUE = 25;
const BOXES = VENUES * BOXES_PER_VENUE;
const EVENTS_PER_VENUE = 200;
const SEASONS_PER_BOX = 10;
const OWNERS = 1_000;
const GUESTS = 100_000;
const UNREAD = 2_000;

const GIVEN = ["María", "José", "Juan", "Guadalupe", "Francisco", "Ana", "Luis", "Sofía", "Carlos", "Valeria"]
  .concat(["Jorge", "Fernanda", "Miguel", "Daniela", "Ricardo", "Gabriela", "Alejandro", "Paola", "Diego", "Regina"])
  .concat(["Emiliano", "Ximena", "Santiago", "Renata", "Mateo", "Camila", "Sebastián", "Lucía", "Eduardo", "Andrea"])
  .map((name) => `'${name}'`)
  .join(",");
const SURNAMES = ["García", "Hernández", "Martínez", "López", "González", "Pérez", "Rodríguez", "Sánchez", "Ramírez"]
  .concat(["Cruz", "Flores", "Gómez", "Morales", "Vázquez", "Reyes", "Jiménez", "Torres", "Díaz", "Gutiérrez", "Ruiz"])
  .concat(["Mendoza", "Aguilar", "Ortiz", "Moreno", "Castillo", "Romero", "Álvarez", "Méndez", "Chávez", "Rivera"])
  .concat(["Juárez", "Ramos", "Domínguez", "Herrera", "Medina", "Castro", "Vargas", "Guzmán", "Velázquez", "Rojas"])
  .map((name) => `'${name}'`)
  .join(",");
const ZONES = ["Platino", "Oro", "Diamante", "Preferente", "Palco Norte", "Palco Sur", "Palco VIP"]
  .map((name) => `'${name}'`)
  .join(",");
/** The booking keys' alphabet (service.ts), so a key is PLC- and six of these. */
const KEY_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

// Members m = 1…GUESTS are guests, the rest owners; names from the pools by a hash of the number.
const person = (n) => `(array[${GIVEN}])[1 + abs(hashint4(${n})) % 30]`;
const surname = (n, salt) => `(array[${SURNAMES}])[1 + abs(hashint4(${n} + ${salt})) % 40]`;
// A key per booking number: g × 3^18 modulo 31^6 is a bijection, written in base 31.
const keyOf = (g) =>
  `'PLC-' || ${[5, 4, 3, 2, 1, 0]
    .map(
      (power) =>
        `substr('${KEY_ALPHABET}', (1 + ((${g}::bigint * 387420489) % 887503681 / ${31 ** power}) % 31)::int, 1)`,
    )
    .join(" || ")}`;

/** The statements that fill a migrated database (the super-admin seeded), in order. */
export function bookingsData(ROWS) {
  /** One booking in twenty is for a season; each (box, event) and (box, season) pair is booked once. */
  const SEASON_BOOKINGS = Math.min(Math.floor(ROWS / 20), BOXES * SEASONS_PER_BOX);
  const ONETIME_BOOKINGS = ROWS - SEASON_BOOKINGS;
  if (ONETIME_BOOKINGS > VENUES * BOXES_PER_VENUE * EVENTS_PER_VENUE) throw new Error("BENCH_BOOKINGS is too large");
  return [
    "insert into countries (name, code) values ('Bench country', 'QBK')",
    `insert into states (name, code, country_id)
     select 'Bench state ' || g, 'K' || g, (select id from countries where code = 'QBK') from generate_series(1, 10) g`,
    `insert into cities (name, code, time_zone, state_id)
     select 'Bench city ' || g, 'BK' || g, 'America/Mexico_City', (select min(id) from states where code like 'K%') + g % 10
     from generate_series(1, 50) g`,
    `insert into venues (name, address, contact, latitude, longitude, city_id)
     select 'Bench venue ' || g, 'Street ' || g, '333 123 4567', 20, -103,
            (select min(id) from cities where code like 'BK%') + g % 50
     from generate_series(0, ${VENUES - 1}) g order by g`,
    `insert into events (name, duration, starts_at, venue_id)
     select 'Bench event ' || v || '-' || e, 3, now() - interval '300 days' + e * interval '2 days' + v * interval '1 minute',
            (select min(id) from venues) + v
     from generate_series(0, ${VENUES - 1}) v, generate_series(0, ${EVENTS_PER_VENUE - 1}) e order by v, e`,
    `insert into members (first_name, last_name, email, phone, phone_country, language, created_at)
     select ${person("m")}, ${surname("m", 7)} || ' ' || ${surname("m", 11)},
            'member' || m || '@example.com', '33' || lpad((m % 100000000)::text, 8, '0'), '52', 'es',
            now() - interval '400 days' + m * interval '5 minutes'
     from generate_series(1, ${GUESTS + OWNERS}) m order by m`,
    `insert into owners (member_id, name, address, rfc, document_type, status, ready_for_review, is_active)
     select (select min(id) from members) + ${GUESTS} + o - 1,
            m.first_name || ' ' || m.last_name, 'Street ' || o, 'XAXX010101000', 'id', 'accepted', false, true
     from generate_series(1, ${OWNERS}) o
     join members m on m.id = (select min(id) from members) + ${GUESTS} + o - 1 order by o`,
    `insert into boxes (owner_id, venue_id, number, zone, type, available_seats, price, deposit, position_x, position_y,
                      status, is_active)
     select (select min(id) from owners) + k % ${OWNERS}, (select min(id) from venues) + k / ${BOXES_PER_VENUE},
            (100 + k % ${BOXES_PER_VENUE})::text, (array[${ZONES}])[1 + k % 7], 'both', 10, 5000 + (k % 50) * 100, 1500,
            50, 50, 'accepted', true
     from generate_series(0, ${BOXES - 1}) k order by k`,
    `insert into box_seasons (box_id, price, deposit, starts_on, ends_on)
     select (select min(id) from boxes) + k, 150000, 20000, date '2020-01-08' + s * 182, date '2020-05-30' + s * 182
     from generate_series(0, ${BOXES - 1}) k, generate_series(0, ${SEASONS_PER_BOX - 1}) s order by k, s`,
    // g = 1…ROWS: the first ONETIME_BOOKINGS for (box, event) pairs, the rest for (box, season) pairs.
    // The big tables' secondary indexes are dropped while their rows go in and built again afterwards (the same
    // definitions, read from the catalogue): one sorted build instead of a million inserts into each, the trigram
    // index above all.
    "drop table if exists bench_index_definitions",
    `create table bench_index_definitions as
       select indexname as name, indexdef as definition from pg_indexes
       where schemaname = 'public' and tablename in ('bookings', 'notifications', 'notification_recipients')
         and indexname not in (select conname from pg_constraint)`,
    `do $$ declare r record; begin
       for r in select name from bench_index_definitions loop execute format('drop index %I', r.name); end loop;
     end $$`,
    `insert into bookings (key, box_id, venue_id, buyer_id, box_type, event_id, season_id, starts_at, ends_at, status,
                         payment_status, seats, subtotal, guest_fee_rate, host_fee_rate, iva_rate, guest_fee, host_fee,
                         iva, total, owner_total, canceled_at, owner_payment_reference, owner_paid_at, search_text,
                         created_at, updated_at)
     select b.key, bx.id, bx.venue_id, b.buyer, b.type, b.event_id, b.season_id,
            coalesce(ev.starts_at, se.starts_on::timestamptz), coalesce(ev.starts_at + interval '3 hours', se.ends_on::timestamptz),
            b.status, b.payment, 10, bx.price, 7.5, 5, 16, round(bx.price * 0.075, 2), round(bx.price * 0.05, 2),
            round(bx.price * 0.02, 2), round(bx.price * 1.095, 2), round(bx.price * 0.95, 2),
            case when b.status = 'canceled' then b.created_at + interval '1 day' end,
            -- Owners are paid for their accepted bookings but the newest 4% (and a straggler in 997 older ones), so
            -- the bookings awaiting an owner payment are few and spread over the whole table like a real one's.
            case when b.status = 'accepted' and b.g <= ${Math.floor(ROWS * 0.96)} and b.g % 997 <> 0
                 then 'SPEI' || lpad(b.g::text, 14, '0') end,
            case when b.status = 'accepted' and b.g <= ${Math.floor(ROWS * 0.96)} and b.g % 997 <> 0
                 then b.created_at + interval '7 days' end,
            lower(b.key || chr(31) || m.first_name || ' ' || m.last_name || chr(31) || m.email || chr(31) || o.name
                  || chr(31) || bx.zone || ' ' || bx.number),
            b.created_at, b.created_at
     from (
       select g, ${keyOf("g")} as key,
              (select min(id) from members) + abs(hashint4(g)) % ${GUESTS} as buyer,
              case when g <= ${ONETIME_BOOKINGS} then 'onetime' else 'season' end as type,
              case when g <= ${ONETIME_BOOKINGS} then (select min(id) from boxes) + (g - 1) % ${VENUES} * ${BOXES_PER_VENUE}
                     + (g - 1) / ${VENUES} % ${BOXES_PER_VENUE}
                   else (select min(id) from boxes) + (g - ${ONETIME_BOOKINGS} - 1) % ${BOXES} end as box,
              case when g <= ${ONETIME_BOOKINGS} then (select min(id) from events) + (g - 1) % ${VENUES} * ${EVENTS_PER_VENUE}
                     + (g - 1) / ${VENUES * BOXES_PER_VENUE} end as event_id,
              case when g > ${ONETIME_BOOKINGS} then (select min(id) from box_seasons)
                     + (g - ${ONETIME_BOOKINGS} - 1) % ${BOXES} * ${SEASONS_PER_BOX}
                     + (g - ${ONETIME_BOOKINGS} - 1) / ${BOXES} end as season_id,
              (array['accepted','accepted','accepted','accepted','accepted','accepted','pending','pending','pending',
                     'rejected','partial','missed','canceled','canceled'])[1 + abs(hashint4(g + 1)) % 14] as status,
              now() - (${ROWS} - g) * interval '30 seconds' as created_at
       from generate_series(1, ${ROWS}) g
     ) b0
     cross join lateral (select b0.*, case b0.status when 'accepted' then 'capture' when 'rejected' then 'refund'
                           when 'partial' then 'authorization'
                           when 'pending' then (array['pending','pending','authorization'])[1 + abs(hashint4(b0.g + 2)) % 3]
                           when 'canceled' then (array['capture','pending'])[1 + abs(hashint4(b0.g + 3)) % 2]
                           else 'pending' end as payment) b
     join boxes bx on bx.id = b.box
     join owners o on o.id = bx.owner_id
     join members m on m.id = b.buyer
     left join events ev on ev.id = b.event_id
     left join box_seasons se on se.id = b.season_id
     order by b.g`,
    // One "new booking" notification per booking, for the bench's staff member (the super-admin): read but the newest.
    `insert into notifications (kind, notification_type, notification_type_id, member_id, member_name, payload, created_at)
     select 'booking-created', 'booking', k.id, k.buyer_id, 'Bench guest', '{}'::jsonb, k.created_at
     from bookings k order by k.id`,
    `insert into notification_recipients (notification_id, user_id, read_at)
     select n.id, (select id from users where is_super_admin order by id limit 1),
            case when n.id > (select max(id) from notifications) - ${UNREAD} then null else n.created_at + interval '1 hour' end
     from notifications n order by n.id`,
    `do $$ declare r record; begin
       perform set_config('maintenance_work_mem', '256MB', true);
       for r in select definition from bench_index_definitions loop execute r.definition; end loop;
     end $$`,
    "drop table bench_index_definitions",
    "vacuum analyze members",
    "vacuum analyze owners",
    "vacuum analyze boxes",
    "vacuum analyze events",
    "vacuum analyze bookings",
    "vacuum analyze notifications",
    "vacuum analyze notification_recipients",
  ];
}

/**
 * A migrated bench database filled with `rows` bookings (`what` names them in the printed line), on its driver,
 * with drizzle over it for the routes' own code.
 */
export async function openBookingsBench(bench, rows, what, { drizzle, drizzlePglite, schema }) {
  const driver = await bench.generate(bookingsData(rows), { rows, what });
  const db = driver.pool ? drizzle(driver.pool, { schema }) : drizzlePglite(driver.pglite, { schema });
  return { driver, db, query: driver.query };
}
