import type { TextShape } from "./shape.ts";

/**
 * The texts of the Export menu, its progress panel and the Exports page (features/exports): feature texts
 * (lib/i18n.ts), loaded with them, under EXPORTS beside the button's (exports.ts).
 */
const en = {
  CSV: "CSV (spreadsheets, any program)",
  XLSX: "Excel workbook",
  TITLE: "Exports",
  DESCRIPTION: "Files of your lists, made in the background. Each one is deleted 24 hours after it is ready.",
  EMPTY: "You have not exported any list yet. Use Export on any list.",
  START_FAILED: "The export could not be started. Please try again.",
  PANEL_TITLE: "Export of {{list}}",
  PANEL_CLOSE: "Close",
  PROGRESS: "{{rows}} of {{total}} rows",
  PROGRESS_UNKNOWN: "{{rows}} rows",
  QUEUED: "Waiting to start…",
  DOWNLOAD: "Download",
  DOWNLOAD_NAMED: "Download {{name}}",
  SEE_ALL: "See all exports",
  STATUSES: { queued: "Queued", running: "Running", ready: "Ready", failed: "Failed" },
  COLUMNS: {
    LIST: "List",
    FORMAT: "Format",
    STATUS: "Status",
    PROGRESS: "Rows",
    CREATED: "Created",
    EXPIRES: "Deleted",
    FILE: "File",
  },
  FORMATS: { csv: "CSV", xlsx: "Excel" },
  LISTS: {
    bookings: "Bookings",
    owners: "Owners",
    boxes: "Boxes",
    events: "Events",
    users: "Users",
    venues: "Venues",
    cities: "Cities",
    categories: "Categories",
    services: "Services",
    "audit-log": "Audit trail",
  },
};

const es: TextShape<typeof en> = {
  CSV: "CSV (hojas de cálculo, cualquier programa)",
  XLSX: "Libro de Excel",
  TITLE: "Exportaciones",
  DESCRIPTION: "Archivos de tus listas, hechos en segundo plano. Cada uno se borra 24 horas después de estar listo.",
  EMPTY: "Aún no has exportado ninguna lista. Usa Exportar en cualquier lista.",
  START_FAILED: "No se pudo iniciar la exportación. Inténtalo de nuevo.",
  PANEL_TITLE: "Exportación de {{list}}",
  PANEL_CLOSE: "Cerrar",
  PROGRESS: "{{rows}} de {{total}} filas",
  PROGRESS_UNKNOWN: "{{rows}} filas",
  QUEUED: "Esperando para empezar…",
  DOWNLOAD: "Descargar",
  DOWNLOAD_NAMED: "Descargar {{name}}",
  SEE_ALL: "Ver todas las exportaciones",
  STATUSES: { queued: "En espera", running: "En curso", ready: "Lista", failed: "Fallida" },
  COLUMNS: {
    LIST: "Lista",
    FORMAT: "Formato",
    STATUS: "Estado",
    PROGRESS: "Filas",
    CREATED: "Creada",
    EXPIRES: "Se borra",
    FILE: "Archivo",
  },
  FORMATS: { csv: "CSV", xlsx: "Excel" },
  LISTS: {
    bookings: "Reservas",
    owners: "Propietarios",
    boxes: "Palcos",
    events: "Eventos",
    users: "Usuarios",
    venues: "Recintos",
    cities: "Ciudades",
    categories: "Categorías",
    services: "Servicios",
    "audit-log": "Bitácora",
  },
};

export const texts = { en: { EXPORTS: en }, es: { EXPORTS: es } };
