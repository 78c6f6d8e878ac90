/**
 * The texts of the kit's chat panel (kit/chat-panel.tsx, the CHAT namespace). The panel has no chunk of its own:
 * every feature-texts chunk whose screens show it spreads these in (`CHAT: chatTexts.en`), so they load with them.
 */
const en = {
  LOAD_OLDER: "Load older",
  SEND: "Send",
  EMPTY: "No messages yet",
  PLACEHOLDER: "Write a message (Enter sends, Shift+Enter starts a new line)",
  MESSAGE_MISSING: "Write a message",
  LOAD_ERROR: "The messages could not be loaded.",
  SEND_ERROR_TITLE: "The message was not sent",
  SEND_ERROR: "The message could not be sent. Check the connection and try again.",
};

const es: typeof en = {
  LOAD_OLDER: "Cargar anteriores",
  SEND: "Enviar",
  EMPTY: "Aún no hay mensajes",
  PLACEHOLDER: "Escribe un mensaje (Enter envía, Mayús+Enter agrega una línea)",
  MESSAGE_MISSING: "Escribe un mensaje",
  LOAD_ERROR: "No se pudieron cargar los mensajes.",
  SEND_ERROR_TITLE: "El mensaje no se envió",
  SEND_ERROR: "No se pudo enviar el mensaje. Revisa la conexión e intenta de nuevo.",
};

export const chatTexts = { en, es };
