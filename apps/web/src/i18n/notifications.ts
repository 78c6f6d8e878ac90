import type { Language } from "@palco/shared/constants";

/**
 * The texts of the notification screens (list and detail), in a chunk that loads with them (lib/i18n.ts, "feature
 * texts"), beside the shared NOTIFICATIONS texts (each kind's title and body, which the server fills in). The menu's
 * badge and the sound's switch are in every page's texts (en.ts, es.ts). Spanish has exactly the English shape.
 */
const en = {
  NOTIFICATIONS: {
    TITLE: "Notifications",
    DETAIL_TITLE: "Notification",
    SEARCH: "Search by person, booking key, box or venue",
    DATE: "Date",
    UNREAD_ONLY: "Unread only",
    UNREAD: "Unread",
    NOT_READ: "Not read yet",
    MARK_READ: "Mark read",
    MARK_READ_OF: "Mark read: {{title}} #{{id}}",
    FIELDS: {
      NUMBER: "#",
      ID: "ID",
      TITLE: "Title",
      USER: "User",
      BODY: "Message",
      CREATED_AT: "Created at",
      READ_AT: "Read at",
    },
    ERROR_MODAL_TEXT: "The notification could not be loaded. The connection may have failed.",
  },
};

const es: typeof en = {
  NOTIFICATIONS: {
    TITLE: "Notificaciones",
    DETAIL_TITLE: "Notificación",
    SEARCH: "Buscar por persona, clave de reserva, palco o recinto",
    DATE: "Fecha",
    UNREAD_ONLY: "Solo no leídas",
    UNREAD: "No leída",
    NOT_READ: "Aún no se lee",
    MARK_READ: "Marcar como leída",
    MARK_READ_OF: "Marcar como leída: {{title}} #{{id}}",
    FIELDS: {
      NUMBER: "#",
      ID: "ID",
      TITLE: "Título",
      USER: "Usuario",
      BODY: "Mensaje",
      CREATED_AT: "Fecha de creación",
      READ_AT: "Leída el",
    },
    ERROR_MODAL_TEXT: "No se pudo cargar la notificación. Puede que la conexión haya fallado.",
  },
};

export const texts: Record<Language, object> = { en, es };
