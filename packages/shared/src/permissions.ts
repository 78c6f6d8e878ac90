/**
 * The full permission catalogue of both specification documents. Codes are exactly as written there
 * (including the singular CITY_DELETE / STATE_DELETE / COUNTRY_DELETE / VENUE_ACTIVATE).
 * The API loads this list into the database at migration time; both sides check codes from here.
 */
type Text = { en: string; es: string };
type PermissionDefinition = { group: PermissionGroup; description: Text };

export const PERMISSION_GROUPS = {
  users: { en: "Users", es: "Usuarios" },
  roles: { en: "Roles", es: "Roles" },
  countries: { en: "Countries", es: "Países" },
  states: { en: "States", es: "Estados" },
  cities: { en: "Cities", es: "Ciudades" },
  paymentProviders: { en: "Payment providers", es: "Proveedores de pago" },
  paymentMethods: { en: "Payment methods", es: "Métodos de pago" },
  venues: { en: "Venues", es: "Recintos" },
  owners: { en: "Owners", es: "Propietarios" },
  boxes: { en: "Boxes", es: "Palcos" },
  categories: { en: "Categories", es: "Categorías" },
  services: { en: "Services", es: "Servicios" },
  events: { en: "Events", es: "Eventos" },
  notifications: { en: "Notifications", es: "Notificaciones" },
  bookings: { en: "Bookings", es: "Reservas" },
  audit: { en: "Audit trail", es: "Bitácora de cambios" },
} as const satisfies Record<string, Text>;
export type PermissionGroup = keyof typeof PERMISSION_GROUPS;

const crud = (group: PermissionGroup, en: string, es: string) => ({
  index: { group, description: { en: `List ${en}`, es: `Listar ${es}` } },
  create: { group, description: { en: `Create ${en}`, es: `Crear ${es}` } },
  show: { group, description: { en: `View ${en}`, es: `Ver ${es}` } },
  edit: { group, description: { en: `Edit ${en}`, es: `Editar ${es}` } },
  delete: { group, description: { en: `Delete ${en}`, es: `Eliminar ${es}` } },
  activate: { group, description: { en: `Block and unblock ${en}`, es: `Bloquear y desbloquear ${es}` } },
});

const users = crud("users", "users", "usuarios");
const roles = crud("roles", "roles", "roles");
const cities = crud("cities", "cities", "ciudades");
const states = crud("states", "states", "estados");
const countries = crud("countries", "countries", "países");
const providers = crud("paymentProviders", "payment providers", "proveedores de pago");
const methods = crud("paymentMethods", "payment methods", "métodos de pago");
const venues = crud("venues", "venues", "recintos");
const owners = crud("owners", "owners", "propietarios");
const boxes = crud("boxes", "boxes", "palcos");
const categories = crud("categories", "categories", "categorías");
const services = crud("services", "services", "servicios");
const events = crud("events", "events", "eventos");
const bookings = crud("bookings", "bookings", "reservas");

export const PERMISSIONS = {
  USERS_INDEX: users.index,
  USERS_CREATE: users.create,
  USERS_SHOW: users.show,
  USERS_EDIT: users.edit,
  USERS_DELETE: {
    group: "users",
    description: { en: "Delete users and roles", es: "Eliminar usuarios y roles" },
  },
  USERS_ACTIVATE: users.activate,
  ROLES_INDEX: roles.index,
  ROLES_CREATE: roles.create,
  ROLES_SHOW: roles.show,
  ROLES_EDIT: roles.edit,
  CITIES_INDEX: cities.index,
  CITIES_CREATE: cities.create,
  CITIES_SHOW: cities.show,
  CITIES_EDIT: cities.edit,
  CITIES_ACTIVATE: cities.activate,
  CITY_DELETE: cities.delete,
  STATES_INDEX: states.index,
  STATES_CREATE: states.create,
  STATES_SHOW: states.show,
  STATES_EDIT: states.edit,
  STATES_ACTIVATE: states.activate,
  STATE_DELETE: states.delete,
  COUNTRIES_INDEX: countries.index,
  COUNTRIES_CREATE: countries.create,
  COUNTRIES_SHOW: countries.show,
  COUNTRIES_EDIT: countries.edit,
  COUNTRIES_ACTIVATE: countries.activate,
  COUNTRY_DELETE: countries.delete,
  PAYMENT_PROVIDERS_INDEX: providers.index,
  PAYMENT_PROVIDERS_SHOW: providers.show,
  PAYMENT_PROVIDERS_ACTIVATE: providers.activate,
  PAYMENT_METHODS_INDEX: {
    group: "paymentMethods",
    description: { en: "List and view payment methods", es: "Listar y ver métodos de pago" },
  },
  PAYMENT_METHODS_ACTIVATE: methods.activate,
  VENUES_INDEX: venues.index,
  VENUES_CREATE: venues.create,
  VENUES_EDIT: venues.edit,
  VENUES_SHOW: venues.show,
  VENUES_DELETE: venues.delete,
  VENUE_ACTIVATE: venues.activate,
  OWNERS_INDEX: owners.index,
  OWNERS_SHOW: owners.show,
  OWNERS_CHANGE_STATUS: {
    group: "owners",
    description: { en: "Accept and reject owners", es: "Aceptar y rechazar propietarios" },
  },
  OWNERS_ACTIVATE: owners.activate,
  BOXES_INDEX: boxes.index,
  BOXES_SHOW: boxes.show,
  BOXES_CHANGE_STATUS: {
    group: "boxes",
    description: { en: "Accept and reject boxes", es: "Aceptar y rechazar palcos" },
  },
  BOXES_ACTIVATE: boxes.activate,
  CATEGORIES_INDEX: categories.index,
  CATEGORIES_CREATE: categories.create,
  CATEGORIES_EDIT: categories.edit,
  CATEGORIES_SHOW: categories.show,
  CATEGORIES_ACTIVATE: categories.activate,
  CATEGORIES_DELETE: categories.delete,
  SERVICES_INDEX: {
    group: "services",
    description: {
      en: "List services and manage fee settings",
      es: "Listar servicios y administrar comisiones",
    },
  },
  SERVICES_CREATE: services.create,
  SERVICES_EDIT: services.edit,
  SERVICES_SHOW: services.show,
  SERVICES_DELETE: services.delete,
  EVENTS_INDEX: events.index,
  EVENTS_CREATE: events.create,
  EVENTS_EDIT: events.edit,
  EVENTS_SHOW: events.show,
  EVENTS_ACTIVATE: events.activate,
  EVENTS_DELETE: events.delete,
  NOTIFICATIONS_INDEX: {
    group: "notifications",
    description: { en: "Read notifications", es: "Leer notificaciones" },
  },
  BOOKINGS_INDEX: bookings.index,
  BOOKINGS_SHOW: bookings.show,
  BOOKINGS_UPDATE: {
    group: "bookings",
    description: {
      en: "Update tickets and owner payment of bookings",
      es: "Actualizar boletos y pago al propietario de reservas",
    },
  },
  BOOKINGS_CANCEL_BOOKING: {
    group: "bookings",
    description: { en: "Cancel bookings", es: "Cancelar reservas" },
  },
  // Not in the spec: the audit trail (decisions.md). Only the super-admin holds it in the demo data.
  AUDIT_LOG_INDEX: {
    group: "audit",
    description: {
      en: "Read the audit trail and every record's history",
      es: "Consultar la bitácora de cambios y el historial de cada registro",
    },
  },
} as const satisfies Record<string, PermissionDefinition>;

export type PermissionCode = keyof typeof PERMISSIONS;
export const PERMISSION_CODES = Object.keys(PERMISSIONS) as PermissionCode[];

export function isPermissionCode(value: string): value is PermissionCode {
  return Object.hasOwn(PERMISSIONS, value);
}

/** What both sides need to decide access: the super-admin flag bypasses every check. */
export type Grantee = { isSuperAdmin: boolean; permissions: readonly string[] };

export function can(user: Grantee | null | undefined, code: PermissionCode | null): boolean {
  if (!user) return false;
  if (code === null || user.isSuperAdmin) return true;
  return user.permissions.includes(code);
}
