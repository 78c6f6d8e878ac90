import { instantToWallTime, wallTimeToInstant } from "@palco/shared";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import type { Db } from "../platform/db.ts";
import { ICON_VARIANTS, type ImageStore, PICTURE_VARIANTS } from "../platform/images.ts";
import { categories, cities, eventCategories, events, services, venues } from "../platform/schema.ts";
import { DEMO_ICON_PATHS } from "./icons.ts";

type DemoIcon = { name: string; icon: keyof typeof DEMO_ICON_PATHS; colour: string; isActive?: boolean };

/** Categories in display order (1..n); one blocked, so the screens show both states. */
const DEMO_CATEGORIES: DemoIcon[] = [
  { name: "Fútbol", icon: "ball-football", colour: "#2f9e44" },
  { name: "Conciertos", icon: "music", colour: "#ae3ec9" },
  { name: "Lucha libre", icon: "karate", colour: "#e03131" },
  { name: "Box", icon: "karate", colour: "#c92a2a" },
  { name: "Béisbol", icon: "ball-baseball", colour: "#1971c2" },
  { name: "Básquetbol", icon: "ball-basketball", colour: "#e8590c" },
  { name: "Fútbol americano", icon: "ball-american-football", colour: "#5c940d" },
  { name: "Teatro", icon: "masks-theater", colour: "#862e9c" },
  { name: "Comedia", icon: "mood-happy", colour: "#f08c00" },
  { name: "Automovilismo", icon: "steering-wheel", colour: "#343a40", isActive: false },
];

/** Services with a free order (two share 3: ties list by id). */
const DEMO_SERVICES: (DemoIcon & { order: number })[] = [
  { name: "Estacionamiento", icon: "parking", colour: "#1864ab", order: 1 },
  { name: "Valet parking", icon: "car", colour: "#364fc7", order: 2 },
  { name: "Bebidas", icon: "glass-full", colour: "#0b7285", order: 3 },
  { name: "Comida", icon: "tools-kitchen-2", colour: "#d9480f", order: 3 },
  { name: "Mesero", icon: "chef-hat", colour: "#495057", order: 4 },
  { name: "Pantallas", icon: "device-tv", colour: "#5f3dc4", order: 5 },
  { name: "Aire acondicionado", icon: "air-conditioning", colour: "#1098ad", order: 6 },
  { name: "Wi-Fi", icon: "wifi", colour: "#2b8a3e", order: 7 },
];

/** A 512 px PNG: the white outline icon on a rounded square of its colour. */
function iconPng(icon: DemoIcon): Promise<Buffer> {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 24 24">` +
    `<rect width="24" height="24" rx="5" fill="${icon.colour}"/>` +
    `<g transform="translate(4.5 4.5) scale(0.625)" fill="none" stroke="#fff" stroke-width="1.7" ` +
    `stroke-linecap="round" stroke-linejoin="round">${DEMO_ICON_PATHS[icon.icon]}</g></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Stores the icon through the same pipeline as an upload (two WebP variants under random names). */
async function storeIcon(images: ImageStore, icon: DemoIcon, folder: string) {
  const stored = await images.saveVariants(await images.prepareVariants(await iconPng(icon), ICON_VARIANTS), folder);
  return { iconUrl: stored.url, iconSmallUrl: stored.smallUrl };
}

/** The demo's venues, categories, services and events, with their pictures and icons. */
export async function seedDemoCatalogue(tx: Db, images: ImageStore): Promise<void> {
  await seedDemoVenues(tx, images);
  const categoryRows = await Promise.all(
    DEMO_CATEGORIES.map(async (category, index) => ({
      name: category.name,
      order: index + 1,
      isActive: category.isActive ?? true,
      ...(await storeIcon(images, category, "categories")),
    })),
  );
  await tx.insert(categories).values(categoryRows);
  const serviceRows = await Promise.all(
    DEMO_SERVICES.map(async (service) => ({
      name: service.name,
      order: service.order,
      ...(await storeIcon(images, service, "services")),
    })),
  );
  await tx.insert(services).values(serviceRows);
  await seedDemoEvents(tx, images);
}

type DemoVenue = {
  name: string;
  /** Demo city code (seed-data.ts). */
  city: string;
  address: string;
  contact: string;
  latitude: number;
  longitude: number;
  /** Pitch, stands and sky colours of the drawn picture. */
  palette: [string, string, string];
  isActive?: boolean;
};

/** Real venues at their real places (to a few metres), enough for two pages of the list; one blocked. */
const DEMO_VENUES: DemoVenue[] = [
  {
    name: "Estadio Akron",
    city: "ZAP-001",
    address: "Cto. J.V.C. 2800, El Bajío, 45019 Zapopan, Jal.",
    contact: "+52 333 777 8900",
    latitude: 20.681806,
    longitude: -103.462611,
    palette: ["#2b8a3e", "#c92a2a", "#74c0fc"],
  },
  {
    name: "Estadio Jalisco",
    city: "GDL-001",
    address: "Calle Siete Colinas 1772, Independencia, 44340 Guadalajara, Jal.",
    contact: "+52 333 637 0301",
    latitude: 20.705125,
    longitude: -103.328375,
    palette: ["#37b24d", "#1c7ed6", "#a5d8ff"],
  },
  {
    name: "Auditorio Telmex",
    city: "ZAP-001",
    address: "Av. Parres Arias 3060, Los Belenes, 45150 Zapopan, Jal.",
    contact: "+52 333 818 3800",
    latitude: 20.705278,
    longitude: -103.385556,
    palette: ["#495057", "#e64980", "#4c6ef5"],
  },
  {
    name: "Arena Coliseo Guadalajara",
    city: "GDL-001",
    address: "Calle Medrano 67, San Juan de Dios, 44360 Guadalajara, Jal.",
    contact: "+52 333 617 3401",
    latitude: 20.676111,
    longitude: -103.336111,
    palette: ["#868e96", "#fd7e14", "#ffd43b"],
  },
  {
    name: "Estadio Banorte",
    city: "CMX-001",
    address: "Calz. de Tlalpan 3465, Sta. Úrsula Coapa, Coyoacán, 04650 CDMX",
    contact: "+52 555 487 3100",
    latitude: 19.302861,
    longitude: -99.150528,
    palette: ["#2f9e44", "#1864ab", "#99e9f2"],
  },
  {
    name: "Arena Ciudad de México",
    city: "CMX-001",
    address: "Av. de las Granjas 800, Santa Bárbara, Azcapotzalco, 02230 CDMX",
    contact: "+52 555 321 6000",
    latitude: 19.494167,
    longitude: -99.174167,
    palette: ["#343a40", "#7048e8", "#e599f7"],
  },
  {
    name: "Estadio Olímpico Universitario",
    city: "CMX-001",
    address: "Av. de los Insurgentes Sur s/n, C.U., Coyoacán, 04510 CDMX",
    contact: "+52 555 622 0495",
    latitude: 19.331944,
    longitude: -99.192222,
    palette: ["#40c057", "#1971c2", "#ffe066"],
  },
  {
    name: "Estadio Alfredo Harp Helú",
    city: "CMX-001",
    address: "Av. Río Churubusco s/n, Granjas México, Iztacalco, 08400 CDMX",
    contact: "+52 555 236 2700",
    latitude: 19.404167,
    longitude: -99.088611,
    palette: ["#2b8a3e", "#f03e3e", "#d0ebff"],
  },
  {
    name: "Estadio BBVA",
    city: "MTY-001",
    address: "Av. Pablo Livas 2011, La Pastora, 67140 Guadalupe, N.L.",
    contact: "+52 818 123 4567",
    latitude: 25.669111,
    longitude: -100.244611,
    palette: ["#2f9e44", "#1c7ed6", "#c5f6fa"],
  },
  {
    name: "Arena Monterrey",
    city: "MTY-001",
    address: "Av. Francisco I. Madero 2500 Pte., Centro, 64000 Monterrey, N.L.",
    contact: "+52 818 369 8300",
    latitude: 25.680556,
    longitude: -100.284722,
    palette: ["#495057", "#f76707", "#ffc078"],
  },
  {
    name: "Estadio Caliente",
    city: "TIJ-001",
    address: "Blvd. Agua Caliente 12027, Hipódromo, 22020 Tijuana, B.C.",
    contact: "+52 664 682 3101",
    latitude: 32.507222,
    longitude: -117.003056,
    palette: ["#37b24d", "#e03131", "#ffa8a8"],
  },
  {
    name: "Estadio León",
    city: "LEO-001",
    address: "Blvd. Adolfo López Mateos 1810, La Martinica, 37500 León, Gto.",
    contact: "+52 477 771 6400",
    latitude: 21.113889,
    longitude: -101.659722,
    palette: ["#2b8a3e", "#087f5b", "#b2f2bb"],
  },
  {
    name: "Estadio Cuauhtémoc",
    city: "PUE-001",
    address: "Calz. Ignacio Zaragoza 666, 72000 Puebla, Pue.",
    contact: "+52 222 226 2100",
    latitude: 19.0775,
    longitude: -98.1625,
    palette: ["#40c057", "#364fc7", "#bac8ff"],
  },
  {
    name: "Estadio Corregidora",
    city: "QRO-001",
    address: "Av. Lic. Ignacio Zaragoza s/n, Colinas del Cimatario, 76090 Querétaro, Qro.",
    contact: "+52 442 215 4800",
    latitude: 20.5775,
    longitude: -100.366111,
    palette: ["#2f9e44", "#0b7285", "#99e9f2"],
    isActive: false,
  },
];

/** A 1600 × 900 drawing of a stadium under its sky, in the venue's colours (wider than the 1000 px minimum). */
function venuePng({ palette: [pitch, stands, sky] }: DemoVenue): Promise<Buffer> {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900" viewBox="0 0 1600 900">` +
    `<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky}"/>` +
    `<stop offset="1" stop-color="#ffffff"/></linearGradient></defs>` +
    `<rect width="1600" height="900" fill="url(#s)"/>` +
    `<ellipse cx="800" cy="640" rx="760" ry="250" fill="${stands}"/>` +
    `<ellipse cx="800" cy="650" rx="650" ry="190" fill="#f1f3f5" opacity="0.35"/>` +
    `<ellipse cx="800" cy="660" rx="560" ry="150" fill="${pitch}"/>` +
    `<ellipse cx="800" cy="660" rx="120" ry="40" fill="none" stroke="#fff" stroke-width="6"/>` +
    `<line x1="800" y1="512" x2="800" y2="808" stroke="#fff" stroke-width="6"/>` +
    [220, 560, 1040, 1380]
      .map(
        (x) =>
          `<rect x="${x - 6}" y="220" width="12" height="230" fill="#495057"/>` +
          `<rect x="${x - 40}" y="190" width="80" height="40" rx="6" fill="#fff9db" stroke="#495057" stroke-width="4"/>`,
      )
      .join("") +
    `</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The demo venues, with their drawn pictures stored like uploads (the measured size kept). */
export async function seedDemoVenues(tx: Db, images: ImageStore): Promise<void> {
  const rows = await Promise.all(
    DEMO_VENUES.map(async (demo) => {
      const [city] = await tx.select({ id: cities.id }).from(cities).where(eq(cities.code, demo.city));
      if (!city) throw new Error(`Demo city ${demo.city} is missing`);
      const stored = await images.saveVariants(
        await images.prepareVariants(await venuePng(demo), PICTURE_VARIANTS),
        "venues",
      );
      return {
        name: demo.name,
        address: demo.address,
        contact: demo.contact,
        latitude: demo.latitude,
        longitude: demo.longitude,
        cityId: city.id,
        isActive: demo.isActive ?? true,
        pictureUrl: stored.url,
        pictureSmallUrl: stored.smallUrl,
        pictureWidth: stored.sourceWidth,
        pictureHeight: stored.sourceHeight,
      };
    }),
  );
  await tx.insert(venues).values(rows);
}

type DemoEvent = {
  name: string;
  venue: string;
  /** Days from today (negative: already held), at `time` on the venue city's clocks. */
  inDays: number;
  time: string;
  duration: number;
  categories: string[];
  isActive?: boolean;
};

/** Events over the coming months at the demo venues, a few already held and two blocked: two pages and more. */
const DEMO_EVENTS: DemoEvent[] = [
  { name: "Chivas vs Atlas", venue: "Estadio Akron", inDays: 6, time: "19:00", duration: 2, categories: ["Fútbol"] },
  { name: "Atlas vs Tigres", venue: "Estadio Jalisco", inDays: 9, time: "21:05", duration: 2, categories: ["Fútbol"] },
  {
    name: "América vs Pumas",
    venue: "Estadio Banorte",
    inDays: 13,
    time: "20:00",
    duration: 2,
    categories: ["Fútbol"],
  },
  {
    name: "Clásico Regio: Rayados vs Tigres",
    venue: "Estadio BBVA",
    inDays: 20,
    time: "19:10",
    duration: 2,
    categories: ["Fútbol"],
  },
  { name: "Xolos vs León", venue: "Estadio Caliente", inDays: 27, time: "21:10", duration: 2, categories: ["Fútbol"] },
  { name: "León vs Puebla", venue: "Estadio León", inDays: 34, time: "17:00", duration: 2, categories: ["Fútbol"] },
  {
    name: "Puebla vs Querétaro",
    venue: "Estadio Cuauhtémoc",
    inDays: 41,
    time: "19:00",
    duration: 2,
    categories: ["Fútbol"],
  },
  {
    name: "Pumas vs Cruz Azul",
    venue: "Estadio Olímpico Universitario",
    inDays: 48,
    time: "12:00",
    duration: 2,
    categories: ["Fútbol"],
  },
  {
    name: "Gran Final de Liga",
    venue: "Estadio Banorte",
    inDays: 62,
    time: "20:00",
    duration: 3,
    categories: ["Fútbol"],
  },
  {
    name: "Gira de estadios: Noche mexicana",
    venue: "Estadio Akron",
    inDays: 15,
    time: "21:00",
    duration: 4,
    categories: ["Conciertos"],
  },
  {
    name: "Rock en el Coliseo",
    venue: "Arena Coliseo Guadalajara",
    inDays: 18,
    time: "20:30",
    duration: 3,
    categories: ["Conciertos"],
  },
  {
    name: "Sinfónica bajo las estrellas",
    venue: "Auditorio Telmex",
    inDays: 24,
    time: "20:00",
    duration: 2,
    categories: ["Conciertos", "Teatro"],
  },
  {
    name: "Festival de Pop Latino",
    venue: "Arena Ciudad de México",
    inDays: 31,
    time: "19:30",
    duration: 5,
    categories: ["Conciertos"],
  },
  {
    name: "Noche de Banda",
    venue: "Arena Monterrey",
    inDays: 38,
    time: "21:00",
    duration: 4,
    categories: ["Conciertos"],
  },
  {
    name: "Triplemanía",
    venue: "Arena Ciudad de México",
    inDays: 11,
    time: "18:00",
    duration: 4,
    categories: ["Lucha libre"],
  },
  {
    name: "Martes de Lucha",
    venue: "Arena Coliseo Guadalajara",
    inDays: 8,
    time: "20:30",
    duration: 3,
    categories: ["Lucha libre"],
  },
  { name: "Noche de Campeones", venue: "Arena Monterrey", inDays: 45, time: "20:00", duration: 3, categories: ["Box"] },
  {
    name: "Velada de Box Tapatía",
    venue: "Arena Coliseo Guadalajara",
    inDays: 52,
    time: "19:00",
    duration: 3,
    categories: ["Box", "Lucha libre"],
  },
  {
    name: "Diablos Rojos vs Sultanes",
    venue: "Estadio Alfredo Harp Helú",
    inDays: 70,
    time: "19:05",
    duration: 3,
    categories: ["Béisbol"],
  },
  {
    name: "Serie del Rey",
    venue: "Estadio Alfredo Harp Helú",
    inDays: 84,
    time: "19:05",
    duration: 3,
    categories: ["Béisbol"],
  },
  {
    name: "Juego de Estrellas NFL México",
    venue: "Estadio Banorte",
    inDays: 55,
    time: "19:15",
    duration: 4,
    categories: ["Fútbol americano"],
  },
  {
    name: "Clásico Estudiantil",
    venue: "Estadio Olímpico Universitario",
    inDays: 22,
    time: "12:00",
    duration: 3,
    categories: ["Fútbol americano"],
  },
  {
    name: "Final de Básquetbol LNBP",
    venue: "Arena Monterrey",
    inDays: 29,
    time: "20:00",
    duration: 2,
    categories: ["Básquetbol"],
  },
  {
    name: "Stand-up en el Telmex",
    venue: "Auditorio Telmex",
    inDays: 17,
    time: "21:00",
    duration: 2,
    categories: ["Comedia"],
  },
  {
    name: "El Rey León, el musical",
    venue: "Auditorio Telmex",
    inDays: 66,
    time: "17:00",
    duration: 3,
    categories: ["Teatro"],
  },
  {
    name: "Gran Premio de Exhibición",
    venue: "Estadio Corregidora",
    inDays: 90,
    time: "11:00",
    duration: 6,
    categories: ["Automovilismo"],
    isActive: false,
  },
  {
    name: "Concierto cancelado",
    venue: "Estadio Jalisco",
    inDays: 35,
    time: "21:00",
    duration: 3,
    categories: ["Conciertos"],
    isActive: false,
  },
  {
    name: "Chivas vs América (jugado)",
    venue: "Estadio Akron",
    inDays: -12,
    time: "20:00",
    duration: 2,
    categories: ["Fútbol"],
  },
  {
    name: "Triplemanía de verano (realizada)",
    venue: "Arena Ciudad de México",
    inDays: -40,
    time: "18:00",
    duration: 4,
    categories: ["Lucha libre"],
  },
  {
    name: "Rayados vs Pumas (jugado)",
    venue: "Estadio BBVA",
    inDays: -5,
    time: "19:00",
    duration: 2,
    categories: ["Fútbol"],
  },
];

/** A 1280 × 720 poster: two bands of colour and rings, different for every event. */
function eventPng(index: number): Promise<Buffer> {
  const hue = (index * 47) % 360;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720" viewBox="0 0 1280 720">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,45%)"/>` +
    `<stop offset="1" stop-color="hsl(${(hue + 60) % 360},70%,25%)"/></linearGradient></defs>` +
    `<rect width="1280" height="720" fill="url(#g)"/>` +
    `<circle cx="${300 + ((index * 83) % 680)}" cy="360" r="220" fill="none" stroke="#fff" stroke-opacity="0.35" stroke-width="28"/>` +
    `<circle cx="${300 + ((index * 83) % 680)}" cy="360" r="120" fill="#fff" fill-opacity="0.18"/>` +
    `<rect x="0" y="560" width="1280" height="160" fill="#000" fill-opacity="0.25"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The demo events; their starts are read on their venue city's clocks, as staff enter them. */
export async function seedDemoEvents(tx: Db, images: ImageStore): Promise<void> {
  const venueRows = await tx
    .select({ id: venues.id, name: venues.name, timeZone: cities.timeZone })
    .from(venues)
    .innerJoin(cities, eq(cities.id, venues.cityId));
  const venueByName = new Map(venueRows.map((row) => [row.name, row]));
  const categoryRows = await tx.select({ id: categories.id, name: categories.name }).from(categories);
  const categoryByName = new Map(categoryRows.map((row) => [row.name, row.id]));
  const now = Date.now();
  const rows = await Promise.all(
    DEMO_EVENTS.map(async (demo, index) => {
      const venue = venueByName.get(demo.venue);
      if (!venue) throw new Error(`Demo venue ${demo.venue} is missing`);
      const day = instantToWallTime(new Date(now + demo.inDays * 86_400_000), venue.timeZone).slice(0, 10);
      const stored = await images.saveVariants(
        await images.prepareVariants(await eventPng(index), PICTURE_VARIANTS),
        "events",
      );
      return {
        name: demo.name,
        duration: demo.duration,
        startsAt: wallTimeToInstant(`${day} ${demo.time}:00`, venue.timeZone),
        venueId: venue.id,
        isActive: demo.isActive ?? true,
        pictureUrl: stored.url,
        pictureSmallUrl: stored.smallUrl,
      };
    }),
  );
  const inserted = await tx.insert(events).values(rows).returning({ id: events.id });
  const links = DEMO_EVENTS.flatMap((demo, index) =>
    demo.categories.map((name) => {
      const categoryId = categoryByName.get(name);
      if (categoryId === undefined) throw new Error(`Demo category ${name} is missing`);
      return { eventId: inserted[index]!.id, categoryId };
    }),
  );
  await tx.insert(eventCategories).values(links);
}
