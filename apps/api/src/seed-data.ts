/** [name, code, IANA time zone] */
type CitySeed = readonly [string, string, string];
interface StateSeed {
  name: string;
  code: string;
  cities: readonly CitySeed[];
}
interface CountrySeed {
  name: string;
  code: string;
  states: readonly StateSeed[];
}

const MX = "America/Mexico_City";

/**
 * Demo geography: all 32 Mexican states (3-letter codes as in ISO 3166-2:MX, CMX for Mexico City) with at least
 * one real city each and the time zone the IANA database assigns to it, plus a few other countries.
 * City codes follow ABC-123 with the city's usual (often airport) abbreviation.
 */
export const DEMO_COUNTRIES: readonly CountrySeed[] = [
  {
    name: "México",
    code: "MEX",
    states: [
      { name: "Aguascalientes", code: "AGU", cities: [["Aguascalientes", "AGU-001", MX]] },
      {
        name: "Baja California",
        code: "BCN",
        cities: [
          ["Tijuana", "TIJ-001", "America/Tijuana"],
          ["Mexicali", "MXL-001", "America/Tijuana"],
          ["Ensenada", "ENS-001", "America/Tijuana"],
        ],
      },
      {
        name: "Baja California Sur",
        code: "BCS",
        cities: [
          ["La Paz", "LAP-001", "America/Mazatlan"],
          ["Los Cabos", "SJD-001", "America/Mazatlan"],
        ],
      },
      { name: "Campeche", code: "CAM", cities: [["Campeche", "CPE-001", "America/Merida"]] },
      { name: "Chiapas", code: "CHP", cities: [["Tuxtla Gutiérrez", "TGZ-001", MX]] },
      {
        name: "Chihuahua",
        code: "CHH",
        cities: [
          ["Chihuahua", "CUU-001", "America/Chihuahua"],
          ["Ciudad Juárez", "CJS-001", "America/Ciudad_Juarez"],
        ],
      },
      { name: "Ciudad de México", code: "CMX", cities: [["Ciudad de México", "CMX-001", MX]] },
      {
        name: "Coahuila",
        code: "COA",
        cities: [
          ["Saltillo", "SLW-001", "America/Monterrey"],
          ["Torreón", "TRC-001", "America/Monterrey"],
        ],
      },
      {
        name: "Colima",
        code: "COL",
        cities: [
          ["Colima", "CLQ-001", MX],
          ["Manzanillo", "ZLO-001", MX],
        ],
      },
      { name: "Durango", code: "DUR", cities: [["Durango", "DGO-001", "America/Monterrey"]] },
      {
        name: "Guanajuato",
        code: "GUA",
        cities: [
          ["León", "LEO-001", MX],
          ["Guanajuato", "GTO-001", MX],
        ],
      },
      { name: "Guerrero", code: "GRO", cities: [["Acapulco", "ACA-001", MX]] },
      { name: "Hidalgo", code: "HID", cities: [["Pachuca", "PCA-001", MX]] },
      {
        name: "Jalisco",
        code: "JAL",
        cities: [
          ["Guadalajara", "GDL-001", MX],
          ["Zapopan", "ZAP-001", MX],
          ["Tlaquepaque", "TLQ-001", MX],
          ["Puerto Vallarta", "PVR-001", MX],
        ],
      },
      {
        name: "Estado de México",
        code: "MEX",
        cities: [
          ["Toluca", "TLC-001", MX],
          ["Naucalpan", "NAU-001", MX],
        ],
      },
      { name: "Michoacán", code: "MIC", cities: [["Morelia", "MLM-001", MX]] },
      { name: "Morelos", code: "MOR", cities: [["Cuernavaca", "CVJ-001", MX]] },
      { name: "Nayarit", code: "NAY", cities: [["Tepic", "TPQ-001", "America/Mazatlan"]] },
      {
        name: "Nuevo León",
        code: "NLE",
        cities: [
          ["Monterrey", "MTY-001", "America/Monterrey"],
          ["San Pedro Garza García", "SPG-001", "America/Monterrey"],
        ],
      },
      { name: "Oaxaca", code: "OAX", cities: [["Oaxaca de Juárez", "OAX-001", MX]] },
      { name: "Puebla", code: "PUE", cities: [["Puebla", "PUE-001", MX]] },
      { name: "Querétaro", code: "QUE", cities: [["Querétaro", "QRO-001", MX]] },
      {
        name: "Quintana Roo",
        code: "ROO",
        cities: [
          ["Cancún", "CUN-001", "America/Cancun"],
          ["Playa del Carmen", "PCM-001", "America/Cancun"],
          ["Chetumal", "CTM-001", "America/Cancun"],
        ],
      },
      { name: "San Luis Potosí", code: "SLP", cities: [["San Luis Potosí", "SLP-001", MX]] },
      {
        name: "Sinaloa",
        code: "SIN",
        cities: [
          ["Culiacán", "CUL-001", "America/Mazatlan"],
          ["Mazatlán", "MZT-001", "America/Mazatlan"],
        ],
      },
      { name: "Sonora", code: "SON", cities: [["Hermosillo", "HMO-001", "America/Hermosillo"]] },
      { name: "Tabasco", code: "TAB", cities: [["Villahermosa", "VSA-001", MX]] },
      {
        name: "Tamaulipas",
        code: "TAM",
        cities: [
          ["Tampico", "TAM-001", "America/Monterrey"],
          ["Reynosa", "REX-001", "America/Matamoros"],
        ],
      },
      { name: "Tlaxcala", code: "TLA", cities: [["Tlaxcala", "TLX-001", MX]] },
      {
        name: "Veracruz",
        code: "VER",
        cities: [
          ["Veracruz", "VER-001", MX],
          ["Xalapa", "XAL-001", MX],
        ],
      },
      { name: "Yucatán", code: "YUC", cities: [["Mérida", "MID-001", "America/Merida"]] },
      { name: "Zacatecas", code: "ZAC", cities: [["Zacatecas", "ZCL-001", MX]] },
    ],
  },
  {
    name: "Estados Unidos",
    code: "USA",
    states: [
      {
        name: "California",
        code: "CAL",
        cities: [
          ["Los Angeles", "LAX-001", "America/Los_Angeles"],
          ["San Francisco", "SFO-001", "America/Los_Angeles"],
        ],
      },
      {
        name: "Texas",
        code: "TEX",
        cities: [
          ["Houston", "HOU-001", "America/Chicago"],
          ["Dallas", "DAL-001", "America/Chicago"],
        ],
      },
      { name: "Nueva York", code: "NYS", cities: [["Nueva York", "NYC-001", "America/New_York"]] },
      { name: "Florida", code: "FLA", cities: [["Miami", "MIA-001", "America/New_York"]] },
    ],
  },
  {
    name: "Canadá",
    code: "CAN",
    states: [
      { name: "Ontario", code: "ONT", cities: [["Toronto", "YYZ-001", "America/Toronto"]] },
      { name: "Quebec", code: "QUE", cities: [["Montreal", "YUL-001", "America/Toronto"]] },
      { name: "Columbia Británica", code: "BCO", cities: [["Vancouver", "YVR-001", "America/Vancouver"]] },
    ],
  },
  {
    name: "España",
    code: "ESP",
    states: [
      { name: "Comunidad de Madrid", code: "MAD", cities: [["Madrid", "MAD-001", "Europe/Madrid"]] },
      { name: "Cataluña", code: "CAT", cities: [["Barcelona", "BCN-001", "Europe/Madrid"]] },
      { name: "Andalucía", code: "AND", cities: [["Sevilla", "SVQ-001", "Europe/Madrid"]] },
    ],
  },
  {
    name: "Colombia",
    code: "COL",
    states: [
      { name: "Bogotá D.C.", code: "BDC", cities: [["Bogotá", "BOG-001", "America/Bogota"]] },
      { name: "Antioquia", code: "ANT", cities: [["Medellín", "MDE-001", "America/Bogota"]] },
      { name: "Valle del Cauca", code: "VAC", cities: [["Cali", "CLO-001", "America/Bogota"]] },
    ],
  },
];

/**
 * Payment integrations the code supports (reference data, seeded on every start whatever SEED_DEMO says). Methods:
 * card; cash = paid at a convenience store (OXXO, 7-Eleven…) with a reference; bank = transfer (SPEI in Mexico).
 * Countries are linked by code when they exist.
 */
export const PAYMENT_PROVIDERS: readonly {
  code: string;
  name: string;
  methods: readonly ("bank" | "cash" | "card")[];
  countries: readonly string[];
}[] = [
  // Cards, OXXO Pay and SPEI transfers.
  { code: "conekta", name: "Conekta", methods: ["card", "cash", "bank"], countries: ["MEX"] },
  // Cards, SPEI and payment at convenience stores (Paynet); also operates in Colombia.
  { code: "openpay", name: "Openpay", methods: ["card", "bank", "cash"], countries: ["MEX", "COL"] },
  // Cards and cash at OXXO and other stores (Efecty in Colombia).
  { code: "mercadopago", name: "Mercado Pago", methods: ["card", "cash"], countries: ["MEX", "COL"] },
  // Cards everywhere; OXXO vouchers in Mexico.
  { code: "stripe", name: "Stripe", methods: ["card", "cash"], countries: ["MEX", "USA", "CAN", "ESP"] },
];

/**
 * Demo data is in Spanish, the language of the Mexican marketplace it stands for: role names, and places by their
 * Spanish names (Nueva York, Columbia Británica). Records hold one name, shown as it is in either UI language.
 */
export const GEOGRAPHY_EDITOR_ROLE = "Editor de geografía";
export const READ_ONLY_ROLE = "Solo lectura";

/** Extra demo roles (permission codes) so the access screens have something to show. */
export const DEMO_ROLES: readonly { name: string; permissions: readonly string[]; requiresMfa?: boolean }[] = [
  {
    name: "Operaciones",
    permissions: [
      "USERS_INDEX",
      "USERS_SHOW",
      "COUNTRIES_INDEX",
      "COUNTRIES_SHOW",
      "STATES_INDEX",
      "STATES_SHOW",
      "CITIES_INDEX",
      "CITIES_SHOW",
      "PAYMENT_PROVIDERS_INDEX",
      "PAYMENT_PROVIDERS_SHOW",
      "PAYMENT_METHODS_INDEX",
    ],
  },
  {
    name: "Soporte",
    permissions: ["USERS_INDEX", "USERS_SHOW", "USERS_EDIT", "USERS_ACTIVATE", "ROLES_INDEX", "ROLES_SHOW"],
  },
  {
    // Named for the money: the dashboard's reports (REPORT_PERMISSIONS: income and the booked boxes need the
    // bookings list, box sign-ups the boxes list, member reports either), the bookings they link to, and the fees its
    // member changes in the demo's trail.
    name: "Finanzas",
    permissions: [
      "BOOKINGS_INDEX",
      "BOOKINGS_SHOW",
      "BOXES_INDEX",
      "SERVICES_INDEX",
      "PAYMENT_PROVIDERS_INDEX",
      "PAYMENT_PROVIDERS_SHOW",
      "PAYMENT_PROVIDERS_ACTIVATE",
      "PAYMENT_METHODS_INDEX",
      "PAYMENT_METHODS_ACTIVATE",
    ],
  },
  {
    // Records owners' payouts: the role that shows two-step sign-in required by role (README, "Two-step sign-in").
    name: "Tesorería",
    requiresMfa: true,
    permissions: ["BOOKINGS_INDEX", "BOOKINGS_SHOW", "BOOKINGS_UPDATE", "OWNERS_INDEX", "OWNERS_SHOW"],
  },
];

/**
 * The demo member whose authenticator app is set up, with this key (base32): add it to any authenticator app, or
 * compute codes with `otpauth`. Her recovery codes are DEMO_RECOVERY_CODES. Demo data only.
 */
export const DEMO_TOTP_MEMBER = "teresa.ortega@palco.local";
export const DEMO_TOTP_SECRET = "PALCODEMOTOTPKEYDEMOPALCOADMIN23";
export const DEMO_RECOVERY_CODES: readonly string[] = Array.from(
  { length: 10 },
  (_, index) => `demo0-${String(index).padStart(5, "0")}`,
);

/** Demo staff beyond the three the end-to-end tests use; with them the user list has two pages. */
export const DEMO_STAFF: readonly {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  roles: readonly string[];
  isActive?: boolean;
}[] = [
  {
    firstName: "Alejandro",
    lastName: "Hernández Ruiz",
    email: "alejandro.hernandez@palco.local",
    phone: "+52 55 4123 8890",
    roles: ["Operaciones"],
  },
  {
    firstName: "María Fernanda",
    lastName: "López Díaz",
    email: "mafer.lopez@palco.local",
    phone: "+52 33 3615 2047",
    roles: ["Soporte"],
  },
  {
    firstName: "José Luis",
    lastName: "Martínez Treviño",
    email: "jose.martinez@palco.local",
    phone: "+52 81 8340 1192",
    roles: ["Operaciones", "Finanzas"],
  },
  {
    firstName: "Guadalupe",
    lastName: "Ramírez Ortega",
    email: "guadalupe.ramirez@palco.local",
    phone: "+52 222 248 3391",
    roles: ["Finanzas"],
  },
  {
    firstName: "Juan Carlos",
    lastName: "Sánchez Medina",
    email: "juancarlos.sanchez@palco.local",
    phone: "+52 55 5208 7713",
    roles: ["Operaciones"],
  },
  {
    firstName: "Daniela",
    lastName: "Torres Villanueva",
    email: "daniela.torres@palco.local",
    phone: "+52 442 215 6084",
    roles: ["Soporte"],
  },
  {
    firstName: "Ricardo",
    lastName: "Flores Cantú",
    email: "ricardo.flores@palco.local",
    phone: "+52 81 1257 4430",
    roles: [GEOGRAPHY_EDITOR_ROLE],
  },
  {
    firstName: "Sofía",
    lastName: "Castillo Aguilar",
    email: "sofia.castillo@palco.local",
    phone: "+52 998 884 1276",
    roles: ["Operaciones"],
  },
  {
    firstName: "Miguel Ángel",
    lastName: "Morales Reyes",
    email: "miguel.morales@palco.local",
    phone: "+52 33 3827 5519",
    roles: ["Soporte", "Operaciones"],
  },
  {
    firstName: "Valeria",
    lastName: "Gutiérrez Navarro",
    email: "valeria.gutierrez@palco.local",
    phone: "+52 55 6790 3348",
    roles: [READ_ONLY_ROLE],
  },
  {
    firstName: "Luis Enrique",
    lastName: "Vázquez Domínguez",
    email: "luis.vazquez@palco.local",
    phone: "+52 999 926 4105",
    roles: ["Finanzas"],
    isActive: false,
  },
  {
    firstName: "Teresa",
    lastName: "Ortega Campos",
    email: "teresa.ortega@palco.local",
    phone: "+52 55 2841 7730",
    roles: ["Tesorería"],
  },
  {
    // Tesorería requires a second factor and he has none: signing in leads him to set one up.
    firstName: "Tomás",
    lastName: "Aguilar Reyes",
    email: "tomas.aguilar@palco.local",
    phone: "+52 81 1932 6604",
    roles: ["Tesorería"],
  },
];
