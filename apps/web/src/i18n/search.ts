import type { TextShape } from "./shape.ts";

/**
 * The command palette's texts (features/search, the PALETTE namespace), loaded with the palette on its first
 * opening. The group names are the menu's (NAV.*), which every page already has; the marketplace's members, who have
 * no page of their own, are named here (GROUP).
 */
const en = {
  LABEL: "Search and go",
  PLACEHOLDER: "Search bookings, owners, boxes, events, guests… or type a command",
  SHORTCUT: "Ctrl+K",
  LOADING: "Searching…",
  NOTHING_FOUND: "Nothing found for “{{query}}”",
  TYPE_MORE: "Type at least two characters to search",
  ERROR: "The search failed. Check the connection and try again.",
  RECENT: "Recently opened",
  ACTIONS: "Actions",
  GROUP: { members: "Guests and owners" },
  ACTION: {
    NEW_EVENT: "New event",
    NEW_VENUE: "New venue",
    NEW_USER: "New user",
    OWNERS_WAITING: "Owners waiting for review",
    BOXES_WAITING: "Boxes waiting for review",
    BOOKINGS: "Bookings",
    SETTINGS: "Settings",
    SECURITY: "Security of my account",
    AUDIT_LOG: "Audit trail",
  },
};

const es: TextShape<typeof en> = {
  LABEL: "Buscar e ir",
  PLACEHOLDER: "Busca reservas, propietarios, palcos, eventos, huéspedes… o escribe un comando",
  SHORTCUT: "Ctrl+K",
  LOADING: "Buscando…",
  NOTHING_FOUND: "No se encontró nada para «{{query}}»",
  TYPE_MORE: "Escribe al menos dos caracteres para buscar",
  ERROR: "La búsqueda falló. Revisa la conexión e intenta de nuevo.",
  RECENT: "Abiertos recientemente",
  ACTIONS: "Acciones",
  GROUP: { members: "Huéspedes y propietarios" },
  ACTION: {
    NEW_EVENT: "Nuevo evento",
    NEW_VENUE: "Nuevo recinto",
    NEW_USER: "Nuevo usuario",
    OWNERS_WAITING: "Propietarios en espera de revisión",
    BOXES_WAITING: "Palcos en espera de revisión",
    BOOKINGS: "Reservas",
    SETTINGS: "Configuración",
    SECURITY: "Seguridad de mi cuenta",
    AUDIT_LOG: "Bitácora de cambios",
  },
};

export const texts = { en: { PALETTE: en }, es: { PALETTE: es } };
