import { clabeControlDigit } from "@palco/shared";
import { asc, eq } from "drizzle-orm";
import sharp from "sharp";
import type { Db } from "../platform/db.ts";
import type { DocumentStore } from "../platform/documents.ts";
import { type ImageStore, PICTURE_VARIANTS, type PreparedVariants } from "../platform/images.ts";
import { boxes, boxImages, boxSeasons, members, ownerBankAccounts, owners, venues } from "../platform/schema.ts";
import { DAY, HOUR, prng } from "./random.ts";

/*
 * The demo marketplace: members (guests and owners), owners with their bank accounts and specimen documents, and
 * boxes with seasons and photos, in every review state the review screens act on. Deterministic (a seeded PRNG,
 * fixed lists) except for times, which are relative to now so the review inbox always shows fresh waits.
 */

function digits(random: () => number, length: number): string {
  let out = "";
  for (let i = 0; i < length; i++) out += Math.floor(random() * 10);
  return out;
}

const BANKS = {
  bbva: { name: "BBVA México", code: "012" },
  banamex: { name: "Banamex", code: "002" },
  santander: { name: "Santander", code: "014" },
  hsbc: { name: "HSBC", code: "021" },
  scotiabank: { name: "Scotiabank", code: "044" },
  banorte: { name: "Banorte", code: "072" },
  azteca: { name: "Banco Azteca", code: "127" },
} as const;
type Bank = keyof typeof BANKS;

/** Plaza codes of the CLABE (the city where the account was opened). */
const PLAZAS: Record<string, string> = {
  Guadalajara: "320",
  Zapopan: "320",
  "Ciudad de México": "180",
  Monterrey: "580",
  Puebla: "650",
  Tijuana: "028",
  León: "225",
  Querétaro: "680",
  Mérida: "905",
  Morelia: "470",
  Toluca: "420",
  Aguascalientes: "010",
};

/** Strips accents and upper-cases (Ñ becomes N, as on machine-readable lines). */
function plain(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toUpperCase();
}

/** Four-letter beginnings the SAT never issues (their last letter becomes X). */
const INCONVENIENT = new Set(
  (
    "BACA BAKA BUEI BUEY CACA CACO CAGA CAGO CAKA CAKO COGE COGI COJA COJE COJI COJO COLA CULO FALO FETO GETA " +
    "GUEI GUEY JETA JOTO KACA KACO KAGA KAGO KAKA KAKO KOGE KOGI KOJA KOJE KOJI KOJO KOLA KULO LILO LOCA LOCO " +
    "LOKA LOKO MAME MAMO MEAR MEAS MEON MIAR MION MOCO MOKO MULA MULO NACA NACO PEDA PEDO PENE PIPI PITO POPO " +
    "PUTA PUTO QULO RATA ROBA ROBE ROBO RUIN SENO TETA VACA VAGA VAGO VAKA VUEI VUEY WUEI WUEY"
  ).split(" "),
);

const RFC_CHARS = "0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ Ñ";

/** The RFC of a person: surname and name letters, birth date YYMMDD, a homoclave and its check character. */
function rfcOf(person: DemoPerson): string {
  const particles = new Set(["DE", "DEL", "LA", "LAS", "LOS", "Y", "MC", "MAC", "VAN", "VON"]);
  const words = (text: string | undefined) =>
    plain(text ?? "")
      .split(/\s+/)
      .filter((word) => word && !particles.has(word));
  const paternal = words(person.paternal).join("");
  const maternal = words(person.maternal).join("");
  let given = words(person.given);
  if (given.length > 1 && ["MARIA", "MA", "JOSE", "J"].includes(given[0]!)) given = given.slice(1);
  const vowel = /[AEIOU]/.exec(paternal.slice(1))?.[0] ?? "X";
  let letters = `${paternal[0]}${vowel}${maternal[0] ?? "X"}${given[0]![0]}`;
  if (INCONVENIENT.has(letters)) letters = `${letters.slice(0, 3)}X`;
  const [year, month, day] = person.birth.split("-");
  // The homoclave proper is assigned by the SAT; the demo's is a stable function of the name.
  const homoclaveChars = "123456789ABCDEFGHIJKLMNPQRSTUVWXYZ";
  let hash = 0;
  for (const char of `${person.given} ${person.paternal} ${person.maternal ?? ""}`) {
    hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  }
  const first12 =
    `${letters}${year!.slice(2)}${month}${day}` +
    `${homoclaveChars[hash % homoclaveChars.length]}${homoclaveChars[Math.floor(hash / 97) % homoclaveChars.length]}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += RFC_CHARS.indexOf(first12[i]!) * (13 - i);
  const remainder = sum % 11;
  const check = remainder === 0 ? "0" : remainder === 1 ? "A" : String(11 - remainder);
  return first12 + check;
}

type DemoPerson = {
  given: string;
  paternal: string;
  maternal?: string;
  /** Whether the member signed up with the first surname only (the owner's legal name has both). */
  oneSurname?: boolean;
  sex: "H" | "M";
  birth: string;
  city: string;
  /** Area code of the Mexican phone; a full 10-digit number for the US ones. */
  phone: string;
  us?: boolean;
  language?: "en";
  /** Days since sign-up. */
  joined: number;
  isActive?: boolean;
};

/** Members 0–15 are the owners below (same order); the rest are guests. */
// biome-ignore format: one row per record reads best as a table
const DEMO_MEMBERS: DemoPerson[] = [
  { given: "María Fernanda", paternal: "García", maternal: "López", sex: "M", birth: "1985-03-14", city: "Guadalajara", phone: "33", joined: 530 },
  { given: "José Luis", paternal: "Hernández", maternal: "Ramírez", sex: "H", birth: "1978-11-02", city: "Zapopan", phone: "33", joined: 470, oneSurname: true },
  { given: "Alejandro", paternal: "Martínez", maternal: "Sánchez", sex: "H", birth: "1982-06-21", city: "Ciudad de México", phone: "55", joined: 410 },
  { given: "Gabriela", paternal: "Torres", maternal: "Mendoza", sex: "M", birth: "1990-01-09", city: "Monterrey", phone: "81", joined: 380 },
  { given: "Ricardo", paternal: "Flores", maternal: "Castillo", sex: "H", birth: "1975-09-30", city: "Puebla", phone: "222", joined: 350, oneSurname: true },
  { given: "Daniela", paternal: "Ortiz", maternal: "Navarro", sex: "M", birth: "1988-12-05", city: "Tijuana", phone: "664", joined: 300 },
  { given: "Jorge Alberto", paternal: "Ruiz", maternal: "Domínguez", sex: "H", birth: "1980-04-17", city: "León", phone: "477", joined: 95 },
  { given: "Ana Sofía", paternal: "Vázquez", maternal: "Morales", sex: "M", birth: "1993-07-23", city: "Querétaro", phone: "442", joined: 200 },
  { given: "Fernando", paternal: "Jiménez", maternal: "Aguilar", sex: "H", birth: "1972-02-11", city: "Guadalajara", phone: "3125550147", us: true, language: "en", joined: 65 },
  { given: "Mariana", paternal: "Castro", maternal: "Reyes", sex: "M", birth: "1991-10-28", city: "Mérida", phone: "999", joined: 120, oneSurname: true },
  { given: "Luis Enrique", paternal: "Gutiérrez", maternal: "Romero", sex: "H", birth: "1984-05-03", city: "Ciudad de México", phone: "55", joined: 4 },
  { given: "Paola", paternal: "Medina", maternal: "Herrera", sex: "M", birth: "1995-08-19", city: "Morelia", phone: "443", joined: 6 },
  { given: "Roberto", paternal: "Salazar", maternal: "Peña", sex: "H", birth: "1969-03-27", city: "Monterrey", phone: "81", joined: 250 },
  { given: "Claudia", paternal: "Ramos", maternal: "Guerrero", sex: "M", birth: "1987-11-15", city: "Zapopan", phone: "33", joined: 140 },
  { given: "Miguel Ángel", paternal: "Chávez", maternal: "Delgado", sex: "H", birth: "1979-06-08", city: "Toluca", phone: "722", joined: 90, language: "en" },
  { given: "Verónica", paternal: "Luna", maternal: "Estrada", sex: "M", birth: "1992-09-12", city: "Aguascalientes", phone: "449", joined: 18 },
  { given: "Sofía", paternal: "Rodríguez", maternal: "Pérez", sex: "M", birth: "1996-02-29", city: "Guadalajara", phone: "33", joined: 540 },
  { given: "Diego", paternal: "Morales", maternal: "Vega", sex: "H", birth: "1989-05-16", city: "Ciudad de México", phone: "55", joined: 510, oneSurname: true },
  { given: "Valeria", paternal: "Cruz", maternal: "Ortega", sex: "M", birth: "1998-12-01", city: "Monterrey", phone: "81", joined: 440 },
  { given: "Carlos", paternal: "Mendoza", maternal: "Ríos", sex: "H", birth: "1983-08-07", city: "Tijuana", phone: "2105550183", us: true, language: "en", joined: 330 },
  { given: "Andrea", paternal: "Silva", maternal: "Contreras", sex: "M", birth: "1994-04-22", city: "Puebla", phone: "222", joined: 280 },
  { given: "Emiliano", paternal: "Vargas", maternal: "Juárez", sex: "H", birth: "2000-01-30", city: "Zapopan", phone: "33", joined: 230, oneSurname: true },
  { given: "Ximena", paternal: "Rojas", maternal: "Campos", sex: "M", birth: "1997-06-11", city: "León", phone: "477", joined: 180 },
  { given: "Sebastián", paternal: "Núñez", maternal: "Cabrera", sex: "H", birth: "1986-10-03", city: "Querétaro", phone: "442", joined: 150 },
  { given: "Renata", paternal: "Moreno", maternal: "Ibarra", sex: "M", birth: "1999-03-18", city: "Ciudad de México", phone: "55", joined: 110, language: "en" },
  { given: "Javier", paternal: "Soto", maternal: "Fuentes", sex: "H", birth: "1976-07-25", city: "Guadalajara", phone: "33", joined: 75 },
  { given: "Regina", paternal: "Paredes", maternal: "Lara", sex: "M", birth: "1993-11-09", city: "Mérida", phone: "999", joined: 50, oneSurname: true },
  { given: "Eduardo", paternal: "Cervantes", maternal: "Acosta", sex: "H", birth: "1981-01-14", city: "Monterrey", phone: "81", joined: 30 },
  { given: "Lucía", paternal: "Espinoza", maternal: "Valdez", sex: "M", birth: "2001-09-05", city: "Morelia", phone: "443", joined: 14 },
  { given: "Arturo", paternal: "Sandoval", maternal: "Mejía", sex: "H", birth: "1970-12-20", city: "Toluca", phone: "722", joined: 2, isActive: false },
];

const legalName = (person: DemoPerson) => [person.given, person.paternal, person.maternal].filter(Boolean).join(" ");

/** The review states the demo shows, for owners and boxes alike. */
type DemoState = "accepted" | "blocked" | "ready" | "draft" | "returned" | "blocked-pending";

type DemoOwner = {
  /** Index into DEMO_MEMBERS. */
  member: number;
  address: string;
  document: "id" | "passport";
  state: DemoState;
  /** Days since the owner profile was started. */
  created: number;
  /** Hours since it was last sent for review (ready and returned; accepted ones default to a day after `created`). */
  readyHours?: number;
  review?: string;
  /** Which documents were sent: all of them by default. */
  documents?: "all" | "front" | "none";
  banks: Bank[];
  /** The first account is in someone else's name with a wrong CLABE control digit. */
  flawedAccount?: boolean;
};

// biome-ignore format: one row per record reads best as a table
const DEMO_OWNERS: DemoOwner[] = [
  { member: 0, address: "Av. Chapultepec Sur 480, Col. Americana, 44160 Guadalajara, Jal.", document: "id", state: "accepted", created: 420, banks: ["bbva", "banorte"] },
  { member: 1, address: "Av. Patria 1891, Puerta de Hierro, 45116 Zapopan, Jal.", document: "id", state: "accepted", created: 380, banks: ["santander"] },
  { member: 2, address: "Calle Durango 215, Col. Roma Norte, Cuauhtémoc, 06700 Ciudad de México, CDMX", document: "id", state: "accepted", created: 300, banks: ["banamex", "hsbc"] },
  { member: 3, address: "Río Guadalquivir 310, Col. del Valle, 66220 San Pedro Garza García, N.L.", document: "id", state: "accepted", created: 260, banks: ["banorte"] },
  { member: 4, address: "Calle 25 Sur 1304, Col. Volcanes, 72410 Puebla, Pue.", document: "id", state: "accepted", created: 200, banks: ["scotiabank", "azteca"] },
  { member: 5, address: "Paseo de los Héroes 9415, Zona Urbana Río, 22010 Tijuana, B.C.", document: "id", state: "blocked", created: 150, banks: ["bbva"] },
  { member: 6, address: "Blvd. Campestre 1520, Col. Jardines del Moral, 37160 León, Gto.", document: "id", state: "ready", created: 12, readyHours: 1, banks: ["banorte"] },
  { member: 7, address: "Av. Constituyentes 85, Col. El Carrizal, 76030 Querétaro, Qro.", document: "id", state: "ready", created: 20, readyHours: 7, banks: ["santander", "bbva"] },
  { member: 8, address: "Av. López Mateos Sur 2375, Col. Ciudad del Sol, 45050 Zapopan, Jal.", document: "passport", state: "ready", created: 30, readyHours: 3 * 24 + 5, banks: ["hsbc"] },
  { member: 9, address: "Calle 60 No. 421 x 47 y 49, Centro, 97000 Mérida, Yuc.", document: "id", state: "ready", created: 45, readyHours: 9 * 24 - 2, banks: ["azteca"], flawedAccount: true },
  { member: 10, address: "Av. Insurgentes Sur 1602, Col. Crédito Constructor, Benito Juárez, 03940 Ciudad de México, CDMX", document: "id", state: "draft", created: 3, documents: "none", banks: ["bbva"] },
  { member: 11, address: "Av. Madero Poniente 512, Centro, 58000 Morelia, Mich.", document: "id", state: "draft", created: 6, documents: "front", banks: ["banamex"] },
  { member: 12, address: "Av. Eugenio Garza Sada 2501, Col. Tecnológico, 64849 Monterrey, N.L.", document: "id", state: "blocked-pending", created: 60, banks: ["banorte", "scotiabank"] },
  {
    member: 13,
    address: "Av. Acueducto 4850, Col. Colinas de San Javier, 45110 Zapopan, Jal.",
    document: "id",
    state: "returned",
    created: 25,
    readyHours: 5 * 24,
    review: "La foto de la identificación está borrosa; por favor súbela de nuevo con buena luz y sin reflejos.",
    banks: ["santander"],
  },
  {
    member: 14,
    address: "Av. Hidalgo Poniente 301, Centro, 50000 Toluca, Méx.",
    document: "passport",
    state: "returned",
    created: 40,
    readyHours: 8 * 24,
    review:
      "El comprobante de domicilio tiene más de tres meses. Sube uno reciente (luz, agua o teléfono) con la misma dirección que registraste.",
    banks: ["hsbc", "bbva"],
  },
  {
    member: 15,
    address: "Av. Universidad 940, Col. Bosques del Prado, 20127 Aguascalientes, Ags.",
    document: "id",
    state: "returned",
    created: 18,
    readyHours: 2 * 24 + 3,
    review:
      "El RFC no coincide con el nombre y la fecha de nacimiento de tu identificación; revísalo y envía tu perfil de nuevo.",
    banks: ["banamex"],
  },
];

type DemoBox = {
  /** Index into DEMO_OWNERS (accepted or pending owners only). */
  owner: number;
  venue: string;
  zone: string;
  number: string;
  type: "onetime" | "season" | "both";
  seats: number;
  /** Per event (onetime and both). */
  price?: [price: number, deposit: number];
  /** Per season, the coming ones in order (season and both). */
  seasons?: [price: number, deposit: number][];
  state: DemoState;
  created: number;
  readyHours?: number;
  review?: string;
  shared?: boolean;
  photos: number;
  documents?: "all" | "title" | "none";
};

// biome-ignore format: one row per record reads best as a table
const DEMO_BOXES: DemoBox[] = [
  { owner: 0, venue: "Estadio Akron", zone: "Platino", number: "101", type: "both", seats: 12, price: [18500, 5000], seasons: [[245000, 40000], [260000, 40000]], state: "accepted", created: 410, photos: 4 },
  { owner: 0, venue: "Estadio Akron", zone: "Oro", number: "214", type: "season", seats: 10, seasons: [[180000, 30000]], state: "accepted", created: 400, photos: 3 },
  { owner: 0, venue: "Estadio Jalisco", zone: "Palco Norte", number: "N-07", type: "onetime", seats: 8, price: [9800, 3000], state: "accepted", created: 250, photos: 2, shared: true },
  { owner: 1, venue: "Auditorio Telmex", zone: "Preferente", number: "P-22", type: "onetime", seats: 6, price: [12500, 4000], state: "accepted", created: 370, photos: 3 },
  { owner: 1, venue: "Estadio Akron", zone: "Diamante", number: "D-3", type: "both", seats: 16, price: [24000, 8000], seasons: [[320000, 50000]], state: "ready", created: 3, readyHours: 2, photos: 4 },
  { owner: 1, venue: "Arena Coliseo Guadalajara", zone: "Preferente", number: "B-12", type: "onetime", seats: 8, price: [6500, 2000], state: "accepted", created: 200, photos: 2, shared: true },
  { owner: 2, venue: "Estadio Banorte", zone: "Platino", number: "305", type: "both", seats: 14, price: [21000, 6000], seasons: [[290000, 45000], [305000, 45000]], state: "accepted", created: 290, photos: 4 },
  { owner: 2, venue: "Estadio Banorte", zone: "Oro", number: "412", type: "season", seats: 12, seasons: [[210000, 35000], [220000, 35000]], state: "accepted", created: 280, photos: 3 },
  {
    owner: 2,
    venue: "Estadio Olímpico Universitario",
    zone: "Palco Sur",
    number: "S-15",
    type: "season",
    seats: 10,
    seasons: [[95000, 15000]],
    state: "returned",
    created: 15,
    readyHours: 6 * 24,
    review:
      "La ubicación del palco en el plano no coincide con la zona Palco Sur; muévela sobre la imagen del estadio y envíalo de nuevo.",
    photos: 2,
  },
  { owner: 2, venue: "Arena Ciudad de México", zone: "Platino", number: "A-8", type: "onetime", seats: 10, price: [15800, 5000], state: "ready", created: 2, readyHours: 20, photos: 3 },
  { owner: 3, venue: "Estadio BBVA", zone: "Platino", number: "118", type: "both", seats: 12, price: [19500, 6000], seasons: [[255000, 40000]], state: "accepted", created: 250, photos: 4 },
  { owner: 3, venue: "Arena Monterrey", zone: "Oro", number: "C-4", type: "onetime", seats: 8, price: [8900, 2500], state: "accepted", created: 240, photos: 2, shared: true },
  { owner: 3, venue: "Estadio BBVA", zone: "Palco Poniente", number: "226", type: "season", seats: 20, seasons: [[340000, 60000], [355000, 60000]], state: "ready", created: 10, readyHours: 4 * 24, photos: 3 },
  { owner: 4, venue: "Estadio Cuauhtémoc", zone: "Preferente", number: "P-9", type: "both", seats: 10, price: [7500, 2500], seasons: [[98000, 15000]], state: "accepted", created: 190, photos: 3 },
  { owner: 4, venue: "Estadio Alfredo Harp Helú", zone: "Palco VIP", number: "V-21", type: "season", seats: 12, seasons: [[150000, 25000]], state: "blocked", created: 180, photos: 2 },
  {
    owner: 4,
    venue: "Estadio Cuauhtémoc",
    zone: "Oro",
    number: "203",
    type: "onetime",
    seats: 8,
    price: [6800, 9000],
    state: "returned",
    created: 12,
    readyHours: 3 * 24,
    review: "El depósito es mayor que el precio por evento; revisa los dos montos antes de enviarlo de nuevo.",
    photos: 2,
  },
  { owner: 5, venue: "Estadio Caliente", zone: "Platino", number: "P-5", type: "both", seats: 12, price: [11000, 3500], seasons: [[140000, 20000]], state: "accepted", created: 140, photos: 3 },
  { owner: 0, venue: "Estadio Jalisco", zone: "Oro", number: "O-31", type: "both", seats: 10, price: [8500, 2500], seasons: [[110000, 20000]], state: "draft", created: 1, photos: 1, documents: "title" },
  { owner: 3, venue: "Estadio León", zone: "Preferente", number: "B-6", type: "onetime", seats: 6, price: [5200, 1500], state: "accepted", created: 100, photos: 3, shared: true },
  { owner: 6, venue: "Estadio León", zone: "Platino", number: "110", type: "both", seats: 14, price: [9900, 3000], seasons: [[125000, 20000], [132000, 20000]], state: "ready", created: 8, readyHours: 2 * 24 + 6, photos: 4 },
  { owner: 7, venue: "Estadio Banorte", zone: "Palco Norte", number: "N-12", type: "season", seats: 16, seasons: [[275000, 45000]], state: "ready", created: 15, readyHours: 6 * 24 - 3, photos: 3 },
  {
    owner: 8,
    venue: "Estadio Caliente",
    zone: "Oro",
    number: "O-14",
    type: "onetime",
    seats: 8,
    price: [7200, 2000],
    state: "returned",
    created: 25,
    readyHours: 10 * 24,
    review:
      "Las fotos no muestran el interior del palco; agrega al menos dos fotos de los asientos y de la vista a la cancha.",
    photos: 2,
    shared: true,
  },
  { owner: 9, venue: "Estadio Alfredo Harp Helú", zone: "Preferente", number: "P-33", type: "onetime", seats: 8, price: [4800, 1500], state: "draft", created: 20, photos: 0, documents: "none" },
  { owner: 12, venue: "Arena Monterrey", zone: "Platino", number: "A-2", type: "both", seats: 12, price: [13500, 4000], seasons: [[160000, 25000]], state: "blocked-pending", created: 50, photos: 2 },
];

const BOX_DETAILS = [
  "Palco techado con butacas acojinadas, barra con refrigerador, baño privado y pantalla de 55 pulgadas.",
  "Vista al centro del campo, sala lounge, aire acondicionado y servicio de meseros durante el evento.",
  "Palco de esquina con terraza al aire libre, mesa alta, dos pantallas y un cajón de estacionamiento incluido.",
  "Butacas de piel en dos filas, cocineta, baño compartido con el palco vecino y acceso por elevador.",
  "Palco familiar ideal para grupos: sillones, mesa central, frigobar y vista directa al escenario.",
  "Recién remodelado: iluminación regulable, bocina con Bluetooth, barra de servicio y dos cajones de estacionamiento.",
];

const CANCELLATION = {
  onetime: [
    "Cancelación sin costo hasta 7 días antes del evento; después se retiene el 50 % del precio. El depósito se devuelve completo después del evento si no hay daños.",
    "Reembolso total hasta 72 horas antes del evento. Con menos anticipación no hay reembolso, salvo que el evento se cancele o se posponga.",
  ],
  season:
    "Temporada completa: cancelación sin costo hasta 30 días antes del primer partido; después no se reembolsa el precio. El depósito se devuelve al terminar la temporada.",
  both: "Por evento: reembolso total hasta 5 días antes. Por temporada: sin costo hasta 30 días antes del inicio. El depósito se devuelve en un máximo de 10 días hábiles.",
};

/** "del Estadio Akron", "de la Arena Monterrey". */
const ofVenue = (venue: string) => (venue.startsWith("Arena") ? `de la ${venue}` : `del ${venue}`);

const ACCESS = [
  (venue: string) =>
    `Entrar por la puerta de palcos ${ofVenue(venue)}. Mostrar la reserva y una identificación oficial en el módulo de control; el elevador lleva al nivel de palcos.`,
  (venue: string) =>
    `Estacionamiento de palcos ${ofVenue(venue)}, acceso por la rampa norte. Subir al segundo nivel y pedir al personal de seguridad la llave del palco.`,
  (venue: string) =>
    `Acceso peatonal por la puerta 4 ${ofVenue(venue)}. El anfitrión entrega los brazaletes en la entrada del pasillo de palcos una hora antes del evento.`,
  (venue: string) =>
    `${venue.startsWith("Arena") ? "En la" : "En el"} ${venue}, usar el acceso preferente. Presentar el código QR de la reserva; los menores de edad deben entrar acompañados de un adulto.`,
];

/** The next two Liga MX tournaments that start after `now` (Clausura January–May, Apertura July–December). */
function comingSeasons(now: Date): { startsOn: string; endsOn: string }[] {
  const seasons: { startsOn: string; endsOn: string }[] = [];
  for (let year = now.getUTCFullYear(); seasons.length < 2; year++) {
    for (const [starts, ends] of [
      ["01-08", "05-30"],
      ["07-10", "12-20"],
    ] as const) {
      const startsOn = `${year}-${starts}`;
      if (startsOn > now.toISOString().slice(0, 10) && seasons.length < 2) {
        seasons.push({ startsOn, endsOn: `${year}-${ends}` });
      }
    }
  }
  return seasons;
}

/** Review columns of a state; `readyAt` is when it was (last) sent for review. */
function review(state: DemoState, readyAt: Date | null, text?: string) {
  switch (state) {
    case "accepted":
    case "blocked":
      return { status: "accepted", readyForReview: false, readyAt, review: null, isActive: state === "accepted" };
    case "ready":
      return { status: "pending", readyForReview: true, readyAt, review: null, isActive: true };
    case "returned":
      return { status: "returned", readyForReview: false, readyAt, review: text ?? null, isActive: true };
    case "draft":
    case "blocked-pending":
      return { status: "pending", readyForReview: false, readyAt: null, review: null, isActive: state === "draft" };
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Drawings. Plain SVG rendered by sharp (librsvg); text in the generic sans-serif font.

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Greedy word wrap to lines of at most `width` characters. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

function text(x: number, y: number, content: string, size: number, attributes = ""): string {
  return `<text x="${x}" y="${y}" font-family="sans-serif" font-size="${size}" ${attributes}>${escapeXml(content)}</text>`;
}

function lines(x: number, y: number, content: string[], size: number, step: number, attributes = ""): string {
  return content.map((line, index) => text(x, y + index * step, line, size, attributes)).join("");
}

/** The big diagonal red stamp every specimen carries, and the footnote saying what it is. */
function specimen(width: number, height: number): string {
  const cx = width / 2;
  const cy = height / 2;
  const size = Math.round(width / 7.5);
  const angle = -Math.round((Math.atan(height / width) * 180) / Math.PI);
  return (
    `<g transform="rotate(${angle} ${cx} ${cy})" font-family="sans-serif" font-weight="700" text-anchor="middle" ` +
    `fill="#e03131" fill-opacity="0.5" stroke="#c92a2a" stroke-opacity="0.7" stroke-width="3">` +
    `<text x="${cx}" y="${cy}" font-size="${size}">ESPÉCIMEN</text>` +
    `<text x="${cx}" y="${cy + size * 0.85}" font-size="${Math.round(size * 0.6)}">SPECIMEN</text></g>` +
    text(
      width / 2,
      height - 14,
      "Documento de muestra de la demo de Palco · sin validez oficial · not a real document",
      15,
      'text-anchor="middle" fill="#495057"',
    )
  );
}

/** A grey head-and-shoulders where the photo goes. */
function silhouette(x: number, y: number, width: number, height: number): string {
  const cx = x + width / 2;
  return (
    `<rect x="${x}" y="${y}" width="${width}" height="${height}" rx="8" fill="#dee2e6" stroke="#adb5bd" stroke-width="2"/>` +
    `<circle cx="${cx}" cy="${y + height * 0.38}" r="${width * 0.22}" fill="#868e96"/>` +
    `<path d="M${x + width * 0.12} ${y + height} Q${x + width * 0.14} ${y + height * 0.64} ${cx} ${y + height * 0.64} ` +
    `Q${x + width * 0.86} ${y + height * 0.64} ${x + width * 0.88} ${y + height} Z" fill="#868e96"/>`
  );
}

function svg(width: number, height: number, body: string): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`,
  );
}

/** Documents are stored as the server would have made them: WebP, modest size (they only need to be legible). */
const toDocument = (image: Buffer) => sharp(image).webp({ quality: 70 }).toBuffer();

const label = (x: number, y: number, content: string) => text(x, y, content, 15, 'fill="#862e9c" font-weight="700"');

/** Front of a voter card (the usual Mexican ID), 1000 × 630. */
function idFront(person: DemoPerson, address: string): Promise<Buffer> {
  const name = plain(person.given);
  const [year, month, day] = person.birth.split("-");
  const key = `${plain(person.paternal).slice(0, 2)}${plain(person.maternal ?? "X").slice(0, 2)}${name.slice(0, 2)}${year!.slice(2)}${month}${day}14${person.sex}700`;
  const body =
    `<defs><linearGradient id="b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff0f6"/>` +
    `<stop offset="1" stop-color="#e7f5ff"/></linearGradient></defs>` +
    `<rect width="1000" height="630" rx="26" fill="url(#b)" stroke="#ced4da" stroke-width="2"/>` +
    `<path d="M0 26 Q0 0 26 0 H974 Q1000 0 1000 26 V96 H0 Z" fill="#a61e4d"/>` +
    text(40, 46, "INSTITUTO NACIONAL ELECTORAL", 30, 'fill="#fff" font-weight="700"') +
    text(40, 80, "MÉXICO · CREDENCIAL PARA VOTAR", 19, 'fill="#fff"') +
    silhouette(40, 124, 230, 290) +
    `<path d="M60 470 q30 -40 50 0 t50 -5 t60 10" fill="none" stroke="#343a40" stroke-width="3"/>` +
    text(40, 500, "FIRMA", 13, 'fill="#495057"') +
    label(310, 136, "NOMBRE") +
    lines(
      310,
      168,
      [plain(person.paternal), plain(person.maternal ?? ""), name],
      26,
      31,
      'font-weight="700" fill="#212529"',
    ) +
    label(310, 276, "DOMICILIO") +
    lines(310, 302, wrap(plain(address), 46), 19, 25, 'fill="#212529"') +
    label(310, 398, "CLAVE DE ELECTOR") +
    text(310, 424, key, 21, 'fill="#212529"') +
    label(310, 466, "FECHA DE NACIMIENTO") +
    text(310, 492, `${day}/${month}/${year}`, 21, 'fill="#212529"') +
    label(560, 466, "SECCIÓN") +
    text(560, 492, "1234", 21, 'fill="#212529"') +
    label(720, 466, "VIGENCIA") +
    text(720, 492, "2024 - 2034", 21, 'fill="#212529"') +
    specimen(1000, 630);
  return toDocument(svg(1000, 630, body));
}

/** Back of the voter card (the same for everyone), 1000 × 630. */
function idBack(): Promise<Buffer> {
  const random = prng(7);
  let code = "";
  for (let row = 0; row < 21; row++) {
    for (let column = 0; column < 21; column++) {
      const finder = (r: number, c: number) => r < 7 && c < 7;
      const on =
        finder(row, column) || finder(row, 20 - column) || finder(20 - row, column)
          ? Math.max(Math.abs((row % 14) - 3), Math.abs((column % 14) - 3)) !== 2
          : random() < 0.5;
      if (on) code += `<rect x="${60 + column * 10}" y="${70 + row * 10}" width="10" height="10"/>`;
    }
  }
  let bars = "";
  for (let x = 330; x < 940; x += 4 + Math.floor(random() * 6)) {
    bars += `<rect x="${x}" y="80" width="${1 + Math.floor(random() * 4)}" height="90"/>`;
  }
  const mrz = ["IDMEX0000000000<<0000000000000", "8503149M3412319MEX<03<<00000<4", "ESPECIMEN<<MUESTRA<DEMO<<<<<<<"];
  const body =
    `<rect width="1000" height="630" rx="26" fill="#f8f9fa" stroke="#ced4da" stroke-width="2"/>` +
    `<g fill="#212529">${code}${bars}</g>` +
    lines(
      330,
      220,
      ["Este documento es una muestra sin validez oficial.", "This is a sample document for the demo."],
      20,
      30,
      'fill="#495057"',
    ) +
    `<rect x="40" y="420" width="920" height="160" fill="#fff" stroke="#dee2e6"/>` +
    `<g font-family="monospace" font-size="34" fill="#212529" letter-spacing="4">` +
    mrz.map((line, row) => `<text x="60" y="${470 + row * 46}">${escapeXml(line)}</text>`).join("") +
    "</g>" +
    specimen(1000, 630);
  return toDocument(svg(1000, 630, body));
}

/** The data page of a Mexican passport, 1000 × 700. */
function passportPage(person: DemoPerson): Promise<Buffer> {
  const [year, month, day] = person.birth.split("-");
  const surnames = plain([person.paternal, person.maternal].filter(Boolean).join(" "));
  const given = plain(person.given);
  const mrz1 = `P<MEX${surnames.replaceAll(" ", "<")}<<${given.replaceAll(" ", "<")}`.padEnd(44, "<").slice(0, 44);
  const mrz2 = `G00000000<0MEX${year!.slice(2)}${month}${day}0${person.sex === "H" ? "M" : "F"}3412319<<<<<<<<<<<<<<04`;
  const body =
    `<rect width="1000" height="700" fill="#f3f0ff"/>` +
    `<rect width="1000" height="90" fill="#2b8a3e"/>` +
    text(40, 40, "ESTADOS UNIDOS MEXICANOS · UNITED MEXICAN STATES", 24, 'fill="#fff" font-weight="700"') +
    text(40, 74, "PASAPORTE · PASSPORT", 20, 'fill="#fff"') +
    silhouette(40, 120, 240, 300) +
    label(320, 130, "APELLIDOS / SURNAME") +
    text(320, 160, surnames, 26, 'font-weight="700" fill="#212529"') +
    label(320, 200, "NOMBRES / GIVEN NAMES") +
    text(320, 230, given, 26, 'font-weight="700" fill="#212529"') +
    label(320, 270, "NACIONALIDAD / NATIONALITY") +
    text(320, 298, "MEXICANA", 22, 'fill="#212529"') +
    label(700, 270, "SEXO / SEX") +
    text(700, 298, person.sex === "H" ? "M" : "F", 22, 'fill="#212529"') +
    label(320, 338, "FECHA DE NACIMIENTO / DATE OF BIRTH") +
    text(320, 366, `${day} ${month} ${year}`, 22, 'fill="#212529"') +
    label(700, 338, "No. PASAPORTE / PASSPORT No.") +
    text(700, 366, "G00000000", 22, 'fill="#212529"') +
    label(320, 406, "LUGAR DE NACIMIENTO / PLACE OF BIRTH") +
    text(320, 434, plain(person.city), 22, 'fill="#212529"') +
    `<rect x="30" y="540" width="940" height="120" fill="#fff"/>` +
    `<g font-family="monospace" font-size="28" fill="#212529">` +
    `<text x="46" y="590">${escapeXml(mrz1)}</text><text x="46" y="636">${escapeXml(mrz2)}</text></g>` +
    specimen(1000, 700);
  return toDocument(svg(1000, 700, body));
}

const MONTHS = ["ENE", "FEB", "MAR", "ABR", "MAY", "JUN", "JUL", "AGO", "SEP", "OCT", "NOV", "DIC"];
const billDate = (at: Date) =>
  `${String(at.getUTCDate()).padStart(2, "0")} ${MONTHS[at.getUTCMonth()]} ${String(at.getUTCFullYear()).slice(2)}`;

/** An electricity bill (the usual proof of residence), 800 × 1040, for the last two months. */
function electricityBill(name: string, address: string, index: number, now: number): Promise<Buffer> {
  const random = prng(100 + index);
  const from = new Date(now - 70 * DAY);
  const to = new Date(now - 10 * DAY);
  const bars = Array.from({ length: 6 }, (_, bar) => {
    const height = 40 + Math.floor(random() * 140);
    return `<rect x="${90 + bar * 100}" y="${840 - height}" width="60" height="${height}" fill="${bar === 5 ? "#2b8a3e" : "#adb5bd"}"/>`;
  }).join("");
  const total = (300 + Math.floor(random() * 900) + random()).toFixed(2);
  const body =
    `<rect width="800" height="1040" fill="#fff"/>` +
    `<rect width="800" height="130" fill="#2b8a3e"/>` +
    text(40, 78, "CFE", 64, 'fill="#fff" font-weight="700"') +
    text(200, 62, "Comisión Federal de Electricidad", 26, 'fill="#fff" font-weight="700"') +
    text(200, 96, "Suministrador de Servicios Básicos", 20, 'fill="#fff"') +
    text(40, 190, "AVISO-RECIBO", 30, 'font-weight="700" fill="#212529"') +
    text(40, 226, `Periodo facturado: ${billDate(from)} - ${billDate(to)}`, 20, 'fill="#495057"') +
    text(40, 290, plain(name), 24, 'font-weight="700" fill="#212529"') +
    lines(40, 324, wrap(plain(address), 52), 20, 28, 'fill="#212529"') +
    text(40, 450, `No. de servicio: 29${digits(random, 4)} ${digits(random, 6)}`, 20, 'fill="#495057"') +
    text(40, 480, "Tarifa: 1C · Uso doméstico", 20, 'fill="#495057"') +
    `<rect x="440" y="420" width="320" height="110" rx="10" fill="#ebfbee" stroke="#2b8a3e" stroke-width="2"/>` +
    text(460, 458, "TOTAL A PAGAR", 20, 'fill="#2b8a3e" font-weight="700"') +
    text(460, 506, `$ ${total}`, 38, 'fill="#212529" font-weight="700"') +
    text(40, 620, "Historial de consumo (kWh)", 20, 'font-weight="700" fill="#212529"') +
    `<line x1="70" y1="840" x2="690" y2="840" stroke="#495057" stroke-width="2"/>` +
    bars +
    specimen(800, 1040);
  return toDocument(svg(800, 1040, body));
}

/** A notarial deed of a box (its property title), 800 × 1040. */
function propertyTitle(
  box: Pick<DemoBox, "zone" | "number" | "seats">,
  venue: string,
  owner: string,
  index: number,
): Promise<Buffer> {
  const deed = `${18 + index},${String(245 + index * 37).padStart(3, "0")}`;
  const boxName = box.zone.startsWith("Palco")
    ? `${box.zone.replace("Palco", "palco")} ${box.number}`
    : `palco ${box.zone} ${box.number}`;
  const paragraph =
    `Hace constar la transmisión de los derechos de uso, goce y disfrute a perpetuidad del ${boxName} ${ofVenue(venue)}, con capacidad para ${box.seats} personas y su cajón de estacionamiento, a favor ` +
    `de ${owner}, quien lo adquiere para sí, sujeto al reglamento interior del inmueble.`;
  const body =
    `<rect width="800" height="1040" fill="#fffdf5"/>` +
    `<rect x="24" y="24" width="752" height="962" fill="none" stroke="#c2a878" stroke-width="4"/>` +
    text(400, 96, "ESTADOS UNIDOS MEXICANOS", 20, 'text-anchor="middle" fill="#495057" letter-spacing="3"') +
    text(
      400,
      140,
      `NOTARÍA PÚBLICA No. ${12 + (index % 7) * 9}`,
      26,
      'text-anchor="middle" font-weight="700" fill="#212529"',
    ) +
    text(400, 220, "TÍTULO DE PROPIEDAD", 38, 'text-anchor="middle" font-weight="700" fill="#212529"') +
    text(400, 262, `Escritura pública No. ${deed}`, 22, 'text-anchor="middle" fill="#495057"') +
    lines(80, 340, wrap(paragraph, 54), 22, 34, 'fill="#212529"') +
    `<circle cx="220" cy="850" r="80" fill="none" stroke="#364fc7" stroke-width="4" stroke-opacity="0.7"/>` +
    text(220, 856, "SELLO", 22, 'text-anchor="middle" fill="#364fc7" fill-opacity="0.7"') +
    `<path d="M450 850 q30 -50 60 0 t60 -10 t70 12" fill="none" stroke="#212529" stroke-width="3"/>` +
    `<line x1="440" y1="880" x2="720" y2="880" stroke="#495057"/>` +
    text(580, 906, "El notario público", 18, 'text-anchor="middle" fill="#495057"') +
    specimen(800, 1040);
  return toDocument(svg(800, 1040, body));
}

export type PhotoPalette = { wall: string; seat: string; floor: string; sky: string; view: "pitch" | "stage" };

export const PHOTO_PALETTES: PhotoPalette[] = [
  { wall: "#4a3b35", seat: "#c92a2a", floor: "#6f4e37", sky: "#74c0fc", view: "pitch" },
  { wall: "#1f2a44", seat: "#1971c2", floor: "#343a40", sky: "#0b1a33", view: "pitch" },
  { wall: "#e9dccb", seat: "#212529", floor: "#a68a64", sky: "#a5d8ff", view: "pitch" },
  { wall: "#2b1d3a", seat: "#f08c00", floor: "#3b2f4a", sky: "#120a1f", view: "stage" },
];

/** The inside of a box, 1280 × 720: rows of seats before a window onto the pitch (or a stage). */
export function boxPhoto({ wall, seat, floor, sky, view }: PhotoPalette): Promise<Buffer> {
  const night = view === "stage" || sky === "#0b1a33";
  const scene =
    view === "pitch"
      ? `<rect x="90" y="70" width="1100" height="360" fill="${sky}"/>` +
        `<rect x="90" y="170" width="1100" height="260" fill="#868e96"/>` +
        `<polygon points="90,430 230,250 1050,250 1190,430" fill="#2f9e44"/>` +
        `<polygon points="300,430 360,285 920,285 980,430" fill="none" stroke="#fff" stroke-width="4"/>` +
        `<line x1="640" y1="250" x2="640" y2="430" stroke="#fff" stroke-width="4"/>` +
        `<ellipse cx="640" cy="340" rx="80" ry="30" fill="none" stroke="#fff" stroke-width="4"/>` +
        (night
          ? [200, 520, 760, 1080]
              .map(
                (x) =>
                  `<circle cx="${x}" cy="110" r="16" fill="#fff9db"/><circle cx="${x}" cy="110" r="40" fill="#fff9db" fill-opacity="0.25"/>`,
              )
              .join("")
          : "")
      : `<rect x="90" y="70" width="1100" height="360" fill="${sky}"/>` +
        `<polygon points="400,70 460,70 640,330 600,330" fill="#e599f7" fill-opacity="0.35"/>` +
        `<polygon points="820,70 880,70 680,330 640,330" fill="#74c0fc" fill-opacity="0.35"/>` +
        `<rect x="380" y="300" width="520" height="60" fill="#495057"/>` +
        `<rect x="400" y="220" width="480" height="80" fill="#862e9c" fill-opacity="0.6"/>` +
        `<rect x="90" y="360" width="1100" height="70" fill="#212529"/>` +
        Array.from(
          { length: 20 },
          (_, i) => `<circle cx="${120 + i * 55}" cy="${380 + (i % 3) * 12}" r="9" fill="#495057"/>`,
        ).join("");
  const seatRow = (y: number, count: number, width: number, gap: number) => {
    const start = 640 - (count * width + (count - 1) * gap) / 2;
    return Array.from({ length: count }, (_, i) => {
      const x = start + i * (width + gap);
      return (
        `<rect x="${x}" y="${y}" width="${width}" height="${width * 0.9}" rx="${width * 0.18}" fill="${seat}"/>` +
        `<rect x="${x - 6}" y="${y + width * 0.7}" width="${width + 12}" height="${width * 0.45}" rx="${width * 0.12}" fill="${seat}" stroke="#000" stroke-opacity="0.25" stroke-width="3"/>`
      );
    }).join("");
  };
  const body =
    `<rect width="1280" height="720" fill="${wall}"/>` +
    scene +
    `<g stroke="${wall}" stroke-width="12"><line x1="456" y1="70" x2="456" y2="430"/><line x1="824" y1="70" x2="824" y2="430"/></g>` +
    `<rect x="84" y="64" width="1112" height="372" fill="none" stroke="#212529" stroke-width="12"/>` +
    `<rect x="60" y="430" width="1160" height="36" fill="#8d6e63"/>` +
    `<rect x="0" y="520" width="1280" height="200" fill="${floor}"/>` +
    seatRow(470, 7, 100, 48) +
    seatRow(580, 5, 150, 70) +
    [160, 640, 1120].map((x) => `<circle cx="${x}" cy="30" r="12" fill="#fff3bf"/>`).join("") +
    (night ? "" : `<rect x="90" y="70" width="1100" height="360" fill="#fff" fill-opacity="0.06"/>`);
  return sharp(svg(1280, 720, body))
    .png()
    .toBuffer();
}

// ---------------------------------------------------------------------------------------------------------------

/** Seeds the demo members, owners (with bank accounts and documents) and boxes (with seasons and photos). */
export async function seedDemoSupply(tx: Db, images: ImageStore, documents: DocumentStore): Promise<void> {
  const now = Date.now();
  const ago = (hours: number) => new Date(now - hours * HOUR);
  const random = prng(2026);

  // Box photos: four drawings, each prepared once and stored again for every box that shows it.
  const photos: Promise<PreparedVariants[]> = Promise.all(
    PHOTO_PALETTES.map(async (palette) => images.prepareVariants(await boxPhoto(palette), PICTURE_VARIANTS)),
  );
  photos.catch(() => {}); // awaited below; avoids an unhandled rejection while the owners are written.

  // Members.
  const emails = new Set<string>();
  const memberRows = DEMO_MEMBERS.map((person, index) => {
    const local = plain(`${person.given.split(" ")[0]}.${person.paternal}`)
      .toLowerCase()
      .replace(/\s+/g, "");
    let email = `${local}@${person.us ? "example.com" : "correo.example.mx"}`;
    for (let n = 2; emails.has(email); n++) email = `${local}${n}@correo.example.mx`;
    emails.add(email);
    const createdAt = ago(person.joined * 24 + 9 + (index % 7));
    const lastActiveHours = Math.min(person.joined * 24 - 1, 0.5 + random() * 240);
    return {
      firstName: person.given,
      lastName: person.oneSurname || !person.maternal ? person.paternal : `${person.paternal} ${person.maternal}`,
      email,
      phone: person.us ? person.phone : person.phone + digits(random, 10 - person.phone.length),
      phoneCountry: person.us ? "1" : "52",
      birthAt: person.birth,
      placeOfBirth: person.city,
      language: person.language ?? "es",
      isActive: person.isActive ?? true,
      createdAt,
      lastActiveAt: ago(lastActiveHours),
      updatedAt: ago(lastActiveHours),
    };
  });
  const memberIds = await tx.insert(members).values(memberRows).returning({ id: members.id });

  // Owners, with their specimen documents (rendered once each, stored privately like uploads).
  const store = async (image: Promise<Buffer> | Buffer, folder: string) => documents.storePrepared(await image, folder);
  const back = idBack();
  const bills = new Map<number, Promise<Buffer>>();
  const billOf = (ownerIndex: number) => {
    let bill = bills.get(ownerIndex);
    if (!bill) {
      const owner = DEMO_OWNERS[ownerIndex]!;
      bill = electricityBill(legalName(DEMO_MEMBERS[owner.member]!), owner.address, ownerIndex, now);
      bills.set(ownerIndex, bill);
    }
    return bill;
  };
  const ownerRows = await Promise.all(
    DEMO_OWNERS.map(async (owner, index) => {
      const person = DEMO_MEMBERS[owner.member]!;
      const sent = owner.documents ?? "all";
      const front =
        sent === "none"
          ? null
          : await store(
              owner.document === "passport" ? passportPage(person) : idFront(person, owner.address),
              "owner-documents",
            );
      const all = sent === "all";
      const createdAt = ago(owner.created * 24);
      const readyAt =
        owner.state === "draft" || owner.state === "blocked-pending"
          ? null
          : ago(owner.readyHours ?? (owner.created - 1) * 24);
      const decided = owner.state === "accepted" || owner.state === "blocked" || owner.state === "returned";
      return {
        memberId: memberIds[owner.member]!.id,
        name: legalName(person),
        address: owner.address,
        rfc: rfcOf(person),
        documentType: owner.document,
        idFrontKey: front,
        idBackKey: all && owner.document === "id" ? await store(back, "owner-documents") : null,
        proofOfResidencyKey: all ? await store(billOf(index), "owner-documents") : null,
        ...review(owner.state, readyAt, owner.review),
        createdAt,
        updatedAt: decided && readyAt ? new Date(Math.min(now, readyAt.getTime() + 20 * HOUR)) : (readyAt ?? createdAt),
      };
    }),
  );
  const ownerIds = await tx.insert(owners).values(ownerRows).returning({ id: owners.id });

  const accounts = DEMO_OWNERS.flatMap((owner, index) => {
    const person = DEMO_MEMBERS[owner.member]!;
    return owner.banks.map((bank, position) => {
      const accountNumber = digits(random, bank === "banamex" || bank === "azteca" ? 11 : 10);
      const first17 = `${BANKS[bank].code}${PLAZAS[person.city] ?? "180"}${accountNumber.padStart(11, "0")}`;
      // One owner waiting for review sent an account in a relative's name with a mistyped CLABE: what the review
      // screen flags for the reviewer (the rest are in order).
      const flawed = owner.flawedAccount === true && position === 0;
      const control = clabeControlDigit(first17);
      return {
        ownerId: ownerIds[index]!.id,
        position: position + 1,
        bankName: BANKS[bank].name,
        accountNumber,
        clabe: `${first17}${flawed ? (control + 1) % 10 : control}`,
        holderName: flawed ? `Jorge ${person.paternal} ${person.maternal}` : legalName(person),
        createdAt: ago(owner.created * 24 - position * 24 * 7),
      };
    });
  });
  await tx.insert(ownerBankAccounts).values(accounts);

  // Boxes, at the active venues (a box whose venue is missing or blocked moves to another active one).
  const activeVenues = await tx
    .select({ id: venues.id, name: venues.name })
    .from(venues)
    .where(eq(venues.isActive, true))
    .orderBy(asc(venues.id));
  if (activeVenues.length === 0) return;
  const venueByName = new Map(activeVenues.map((venue) => [venue.name, venue]));
  const seasons = comingSeasons(new Date(now));
  const boxRows = await Promise.all(
    DEMO_BOXES.map(async (box, index) => {
      const venue = venueByName.get(box.venue) ?? activeVenues[index % activeVenues.length]!;
      const ownerName = legalName(DEMO_MEMBERS[DEMO_OWNERS[box.owner]!.member]!);
      const sent = box.documents ?? "all";
      const createdAt = ago(box.created * 24);
      const readyAt =
        box.state === "draft" || box.state === "blocked-pending" ? null : ago(box.readyHours ?? (box.created - 1) * 24);
      const decided = box.state === "accepted" || box.state === "blocked" || box.state === "returned";
      const cancellation =
        box.type === "onetime"
          ? CANCELLATION.onetime[index % 2]!
          : box.type === "season"
            ? CANCELLATION.season
            : CANCELLATION.both;
      return {
        ownerId: ownerIds[box.owner]!.id,
        venueId: venue.id,
        number: box.number,
        zone: box.zone,
        detail: BOX_DETAILS[index % BOX_DETAILS.length]!,
        type: box.type,
        availableSeats: box.seats,
        price: box.price && box.type !== "season" ? box.price[0].toFixed(2) : null,
        deposit: box.price && box.type !== "season" ? box.price[1].toFixed(2) : null,
        positionX: (8 + random() * 84).toFixed(2),
        positionY: (10 + random() * 80).toFixed(2),
        cancellationPolicy: cancellation,
        accessIndications: ACCESS[index % ACCESS.length]!(venue.name),
        isShared: box.shared ?? false,
        propertyTitleKey:
          sent === "none" ? null : await store(propertyTitle(box, venue.name, ownerName, index), "box-documents"),
        proofOfResidencyKey: sent === "all" ? await store(billOf(box.owner), "box-documents") : null,
        ...review(box.state, readyAt, box.review),
        createdAt,
        updatedAt: decided && readyAt ? new Date(Math.min(now, readyAt.getTime() + 18 * HOUR)) : (readyAt ?? createdAt),
      };
    }),
  );
  const boxIds = await tx.insert(boxes).values(boxRows).returning({ id: boxes.id });

  const seasonRows = DEMO_BOXES.flatMap((box, index) =>
    box.type === "onetime"
      ? []
      : (box.seasons ?? []).slice(0, seasons.length).map(([price, deposit], n) => ({
          boxId: boxIds[index]!.id,
          price: price.toFixed(2),
          deposit: deposit.toFixed(2),
          startsOn: seasons[n]!.startsOn,
          endsOn: seasons[n]!.endsOn,
        })),
  );
  if (seasonRows.length > 0) await tx.insert(boxSeasons).values(seasonRows);

  const prepared = await photos;
  const photoRows = (
    await Promise.all(
      DEMO_BOXES.map((box, index) =>
        Promise.all(
          Array.from({ length: box.photos }, async (_, n) => {
            const stored = await images.saveVariants(prepared[(index + n) % prepared.length]!, "boxes");
            return {
              boxId: boxIds[index]!.id,
              position: n + 1,
              url: stored.url,
              smallUrl: stored.smallUrl,
              width: stored.width,
              height: stored.height,
            };
          }),
        ),
      ),
    )
  ).flat();
  if (photoRows.length > 0) await tx.insert(boxImages).values(photoRows);
}

// ---------------------------------------------------------------------------------------------------------------
// New supply for the activity simulator (modules/simulation): people, owner profiles and boxes made up like the
// demo's (same name pools, banks, documents and photos), for the domain services to store. Random, not seeded.

export type SpecimenPerson = DemoPerson;

const COLONIES: Record<string, { state: string; zip: string; colonies: string[] }> = {
  Guadalajara: { state: "Jal.", zip: "44", colonies: ["Americana", "Providencia", "Chapalita", "Ladrón de Guevara"] },
  Zapopan: { state: "Jal.", zip: "45", colonies: ["Puerta de Hierro", "Ciudad del Sol", "Valle Real"] },
  "Ciudad de México": { state: "CDMX", zip: "06", colonies: ["Roma Norte", "Condesa", "Juárez", "Del Valle"] },
  Monterrey: { state: "N.L.", zip: "64", colonies: ["Obispado", "Mitras Centro", "Contry", "Tecnológico"] },
  Puebla: { state: "Pue.", zip: "72", colonies: ["La Paz", "Volcanes", "Anzures"] },
  Tijuana: { state: "B.C.", zip: "22", colonies: ["Zona Río", "Chapultepec", "Hipódromo"] },
  León: { state: "Gto.", zip: "37", colonies: ["Jardines del Moral", "Campestre", "Andrade"] },
  Querétaro: { state: "Qro.", zip: "76", colonies: ["El Carrizal", "Álamos", "Jurica"] },
  Mérida: { state: "Yuc.", zip: "97", colonies: ["Centro", "García Ginerés", "Montebello"] },
  Morelia: { state: "Mich.", zip: "58", colonies: ["Centro", "Chapultepec Norte", "Vista Bella"] },
  Toluca: { state: "Méx.", zip: "50", colonies: ["Centro", "Universidad", "La Merced"] },
  Aguascalientes: { state: "Ags.", zip: "20", colonies: ["Bosques del Prado", "Jardines de la Asunción"] },
};
const STREETS = [
  "Av. Juárez",
  "Calle Morelos",
  "Av. Hidalgo",
  "Calle Allende",
  "Av. Revolución",
  "Calle Libertad",
].concat(["Av. de las Américas", "Calle Pino Suárez", "Av. Universidad", "Calle Independencia", "Av. Vallarta"]);
const ZONES = ["Platino", "Oro", "Diamante", "Preferente", "Palco Norte", "Palco Sur", "Palco VIP"];

function pickOf(random: () => number) {
  return <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
}

/** Someone new: a given name, two surnames, a birth date and a city from the demo's pools. */
export function randomPerson(random: () => number): SpecimenPerson {
  const pick = pickOf(random);
  const named = pick(DEMO_MEMBERS);
  const surnames = DEMO_MEMBERS.flatMap((person) => [person.paternal, person.maternal ?? person.paternal]);
  const from = pick(DEMO_MEMBERS.filter((person) => !person.us));
  const paternal = pick(surnames);
  let maternal = pick(surnames);
  if (maternal === paternal) maternal = pick(surnames);
  const year = 1962 + Math.floor(random() * 42);
  const month = String(1 + Math.floor(random() * 12)).padStart(2, "0");
  const day = String(1 + Math.floor(random() * 28)).padStart(2, "0");
  return {
    given: named.given,
    paternal,
    maternal,
    oneSurname: random() < 0.2,
    sex: named.sex,
    birth: `${year}-${month}-${day}`,
    city: from.city,
    phone: from.phone,
    ...(random() < 0.12 ? { language: "en" as const } : {}),
    joined: 0,
  };
}

/** What a person signs up with in the marketplace app (`tag` keeps the e-mail unique). */
export function memberSignUp(person: SpecimenPerson, random: () => number, tag: string) {
  const local = plain(`${person.given.split(" ")[0]}.${person.paternal}`)
    .toLowerCase()
    .replace(/\s+/g, "");
  return {
    firstName: person.given,
    lastName: person.oneSurname || !person.maternal ? person.paternal : `${person.paternal} ${person.maternal}`,
    email: `${local}.${tag}@correo.example.mx`,
    phone: person.phone + digits(random, 10 - person.phone.length),
    phoneCountry: "52",
    birthAt: person.birth,
    placeOfBirth: person.city,
    language: person.language ?? ("es" as const),
  };
}

/** A street address in the person's city. */
export function randomAddress(person: SpecimenPerson, random: () => number): string {
  const pick = pickOf(random);
  const place = COLONIES[person.city] ?? COLONIES.Guadalajara!;
  const zip = `${place.zip}${digits(random, 3)}`;
  return `${pick(STREETS)} ${100 + Math.floor(random() * 2900)}, Col. ${pick(place.colonies)}, ${zip} ${person.city}, ${place.state}`;
}

/**
 * An owner profile as the marketplace app sends it: the legal name, RFC and address, the ID (voter card or
 * passport) and proof of residence stored privately, and one bank account with a valid CLABE.
 */
export async function specimenOwnerProfile(person: SpecimenPerson, random: () => number, documents: DocumentStore) {
  const pick = pickOf(random);
  const address = randomAddress(person, random);
  const documentType: "id" | "passport" = random() < 0.85 ? "id" : "passport";
  const name = legalName(person);
  const index = Math.floor(random() * 1000);
  const [idFrontKey, idBackKey, proofOfResidencyKey] = await Promise.all([
    documents.storePrepared(
      await (documentType === "passport" ? passportPage(person) : idFront(person, address)),
      "owner-documents",
    ),
    documentType === "id" ? documents.storePrepared(await idBack(), "owner-documents") : null,
    documents.storePrepared(await electricityBill(name, address, index, Date.now()), "owner-documents"),
  ]);
  const bank = pick(Object.keys(BANKS) as Bank[]);
  const accountNumber = digits(random, bank === "banamex" || bank === "azteca" ? 11 : 10);
  const first17 = `${BANKS[bank].code}${PLAZAS[person.city] ?? "180"}${accountNumber.padStart(11, "0")}`;
  return {
    name,
    address,
    rfc: rfcOf(person),
    documentType,
    idFrontKey,
    idBackKey,
    proofOfResidencyKey,
    bankAccounts: [
      { bankName: BANKS[bank].name, accountNumber, clabe: `${first17}${clabeControlDigit(first17)}`, holderName: name },
    ],
  };
}

/** The demo's box photos, prepared once per image store (each box then stores its own copies). */
const preparedPhotos = new WeakMap<ImageStore, Promise<PreparedVariants[]>>();

/**
 * A box as an owner sends it from the marketplace app: zone and number, type, seats and prices (the coming
 * seasons too when it sells them), the demo's texts, photos and its property title and proof of residence.
 */
export async function specimenBox(
  random: () => number,
  where: { venue: string; owner: string; ownerAddress: string },
  images: ImageStore,
  documents: DocumentStore,
) {
  const pick = pickOf(random);
  const zone = pick(ZONES);
  const number =
    random() < 0.5 ? String(100 + Math.floor(random() * 400)) : `${zone[0]}-${1 + Math.floor(random() * 40)}`;
  const type = pick(["onetime", "onetime", "both", "both", "season"] as const);
  const seats = 6 + 2 * Math.floor(random() * 8);
  const price = 4_000 + 100 * Math.floor(random() * 200);
  const index = Math.floor(random() * 1000);
  let photos = preparedPhotos.get(images);
  if (!photos) {
    photos = Promise.all(
      PHOTO_PALETTES.map(async (palette) => images.prepareVariants(await boxPhoto(palette), PICTURE_VARIANTS)),
    );
    preparedPhotos.set(images, photos);
    photos.catch(() => preparedPhotos.delete(images));
  }
  const first = Math.floor(random() * PHOTO_PALETTES.length);
  const [propertyTitleKey, proofOfResidencyKey, stored] = await Promise.all([
    documents.storePrepared(
      await propertyTitle({ zone, number, seats }, where.venue, where.owner, index),
      "box-documents",
    ),
    documents.storePrepared(await electricityBill(where.owner, where.ownerAddress, index, Date.now()), "box-documents"),
    photos.then((prepared) =>
      Promise.all(
        Array.from({ length: 2 + Math.floor(random() * 3) }, (_, n) =>
          images.saveVariants(prepared[(first + n) % prepared.length]!, "boxes"),
        ),
      ),
    ),
  ]);
  const seasonPrice = 90_000 + 5_000 * Math.floor(random() * 50);
  return {
    box: {
      number,
      zone,
      detail: pick(BOX_DETAILS),
      type,
      availableSeats: seats,
      price: type === "season" ? null : price.toFixed(2),
      deposit: type === "season" ? null : (Math.round(price * 0.3) - (Math.round(price * 0.3) % 100)).toFixed(2),
      positionX: (8 + random() * 84).toFixed(2),
      positionY: (10 + random() * 80).toFixed(2),
      cancellationPolicy:
        type === "onetime" ? pick(CANCELLATION.onetime) : type === "season" ? CANCELLATION.season : CANCELLATION.both,
      accessIndications: pick(ACCESS)(where.venue),
      isShared: random() < 0.2,
      propertyTitleKey,
      proofOfResidencyKey,
    },
    seasons:
      type === "onetime"
        ? []
        : comingSeasons(new Date()).map((season, n) => ({
            ...season,
            price: (seasonPrice + n * 10_000).toFixed(2),
            deposit: (Math.round(seasonPrice * 0.15) - (Math.round(seasonPrice * 0.15) % 1000)).toFixed(2),
          })),
    photos: stored.map((photo) => ({
      url: photo.url,
      smallUrl: photo.smallUrl,
      width: photo.width,
      height: photo.height,
    })),
  };
}
