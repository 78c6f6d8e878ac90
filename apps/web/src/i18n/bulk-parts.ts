import type { TextShape } from "./shape.ts";

/**
 * The texts of the bulk actions' bar, dialogs and summary (kit/bulk-parts.tsx): feature texts (lib/i18n.ts), loaded
 * with them on a list's first selection, under BULK beside the checkboxes' (bulk.ts).
 */
const en = {
  PAGE_SELECTED_one: "The {{count}} row on this page is selected.",
  PAGE_SELECTED_other: "All {{count}} on this page are selected.",
  SELECT_MATCHING: "Select all {{total}} matching",
  SELECT_MATCHING_CAPPED: "Select the first {{total}} matching",
  MATCHING_SELECTED: "All {{count}} matching are selected.",
  MATCHING_CAPPED:
    "The first {{count}} matching are selected: a selection holds at most {{count}}. Narrow the search to reach the others.",
  MATCHING_FAILED: "The matching rows could not be selected, please try again.",
  SELECTED_one: "{{count}} selected",
  SELECTED_other: "{{count}} selected",
  CLEAR: "Clear selection",
  BAR_LABEL: "Bulk actions",
  ACTIONS: {
    activate: "Unblock",
    deactivate: "Block",
    delete: "Delete",
    read: "Mark as read",
  },
  CONFIRM: {
    activate_one: "Unblock {{count}} record?",
    activate_other: "Unblock {{count}} records?",
    deactivate_one: "Block {{count}} record?",
    deactivate_other: "Block {{count}} records?",
    delete_one: "Delete {{count}} record?",
    delete_other: "Delete {{count}} records?",
    read_one: "Mark {{count}} notification as read?",
    read_other: "Mark {{count}} notifications as read?",
  },
  CONFIRM_TEXT: "Each record is checked on its own: the ones that cannot be changed are listed at the end.",
  CONFIRM_DELETE_TEXT: "Deleted records cannot be recovered. The ones that cannot be deleted are listed at the end.",
  PROGRESS: "{{done}} of {{total}} done",
  PROGRESS_TITLE: "Working…",
  DONE: {
    activate_one: "{{count}} unblocked",
    activate_other: "{{count}} unblocked",
    deactivate_one: "{{count}} blocked",
    deactivate_other: "{{count}} blocked",
    delete_one: "{{count}} deleted",
    delete_other: "{{count}} deleted",
    read_one: "{{count}} marked as read",
    read_other: "{{count}} marked as read",
  },
  FAILED_one: "{{count}} could not be:",
  FAILED_other: "{{count}} could not be:",
  NOT_SENT_one: "{{count}} was not sent: the connection failed.",
  NOT_SENT_other: "{{count}} were not sent: the connection failed.",
  MORE_FAILURES: "…and {{count}} more",
  SUMMARY_TITLE: "Bulk action finished",
  DISMISS: "Dismiss",
};

const es: TextShape<typeof en> = {
  PAGE_SELECTED_one: "La {{count}} fila de esta página está seleccionada.",
  PAGE_SELECTED_other: "Las {{count}} filas de esta página están seleccionadas.",
  SELECT_MATCHING: "Seleccionar las {{total}} que coinciden",
  SELECT_MATCHING_CAPPED: "Seleccionar las primeras {{total}} que coinciden",
  MATCHING_SELECTED: "Las {{count}} que coinciden están seleccionadas.",
  MATCHING_CAPPED:
    "Las primeras {{count}} que coinciden están seleccionadas: una selección tiene como máximo {{count}}. Acota la búsqueda para llegar a las demás.",
  MATCHING_FAILED: "No se pudieron seleccionar las filas que coinciden, inténtalo de nuevo.",
  SELECTED_one: "{{count}} seleccionada",
  SELECTED_other: "{{count}} seleccionadas",
  CLEAR: "Quitar selección",
  BAR_LABEL: "Acciones en lote",
  ACTIONS: {
    activate: "Desbloquear",
    deactivate: "Bloquear",
    delete: "Eliminar",
    read: "Marcar como leídas",
  },
  CONFIRM: {
    activate_one: "¿Desbloquear {{count}} registro?",
    activate_other: "¿Desbloquear {{count}} registros?",
    deactivate_one: "¿Bloquear {{count}} registro?",
    deactivate_other: "¿Bloquear {{count}} registros?",
    delete_one: "¿Eliminar {{count}} registro?",
    delete_other: "¿Eliminar {{count}} registros?",
    read_one: "¿Marcar {{count}} notificación como leída?",
    read_other: "¿Marcar {{count}} notificaciones como leídas?",
  },
  CONFIRM_TEXT: "Cada registro se revisa por separado: los que no se puedan cambiar se listan al final.",
  CONFIRM_DELETE_TEXT:
    "Los registros eliminados no se pueden recuperar. Los que no se puedan eliminar se listan al final.",
  PROGRESS: "{{done}} de {{total}} listos",
  PROGRESS_TITLE: "Procesando…",
  DONE: {
    activate_one: "{{count}} desbloqueado",
    activate_other: "{{count}} desbloqueados",
    deactivate_one: "{{count}} bloqueado",
    deactivate_other: "{{count}} bloqueados",
    delete_one: "{{count}} eliminado",
    delete_other: "{{count}} eliminados",
    read_one: "{{count}} marcada como leída",
    read_other: "{{count}} marcadas como leídas",
  },
  FAILED_one: "{{count}} no se pudo:",
  FAILED_other: "{{count}} no se pudieron:",
  NOT_SENT_one: "{{count}} no se envió: falló la conexión.",
  NOT_SENT_other: "{{count}} no se enviaron: falló la conexión.",
  MORE_FAILURES: "…y {{count}} más",
  SUMMARY_TITLE: "Acción en lote terminada",
  DISMISS: "Cerrar",
};

export const texts = { en: { BULK: en }, es: { BULK: es } };
