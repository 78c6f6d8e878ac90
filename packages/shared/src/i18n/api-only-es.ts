import type { apiOnlyEn } from "./api-only.ts";

/** The Spanish of api-only.ts. */
export const apiOnlyEs: typeof apiOnlyEn = {
  BULK: {
    VALIDATION: {
      ACTION: "Elige una de las acciones que ofrece esta lista",
      ACTION_UNAVAILABLE: "Esta acción no está disponible para esta lista",
      IDS: "Los registros deben indicarse como números enteros mayores que cero",
      IDS_EMPTY: "Selecciona al menos un registro",
      IDS_TOO_MANY: "Como máximo 1,000 registros a la vez",
      IDS_DUPLICATE: "Cada registro puede aparecer solo una vez",
    },
  },
  // The command palette's search (GET /api/search): its validation and the parts of each result's subtitle.
  SEARCH: {
    VALIDATION: { QUERY_MISSING: "Escribe qué buscar" },
    BOOKING_STATUSES: {
      pending: "Pendiente",
      accepted: "Aceptada",
      rejected: "Rechazada",
      partial: "Parcial",
      missed: "Perdida",
      canceled: "Cancelada",
    },
    REVIEW_STATUSES: { pending: "Pendiente", waiting: "Espera revisión", accepted: "Aceptado", returned: "Rechazado" },
    SEASON: "Temporada",
    BLOCKED: "Bloqueado",
    GUEST: "Huésped",
    OWNER: "Propietario",
    ROLE_USERS: "Usuarios: {{count}}",
  },
};
