import type { SharedMessages } from "./en.ts";

export const es: SharedMessages = {
  VALIDATION: {
    REQUIRED: "Este campo es obligatorio",
    INVALID: "Este valor no es válido",
    TOO_LONG: "Este valor es demasiado largo",
    INVALID_CHARACTERS: "Este valor contiene caracteres no permitidos",
    NOT_FOUND_REFERENCE: "El elemento seleccionado no existe",
    EMAIL_FORMAT: "Escribe un correo electrónico válido",
    PASSWORD_LENGTH: "La contraseña debe tener de 8 a 24 caracteres",
    PASSWORD_LOWERCASE: "La contraseña debe contener una letra minúscula",
    PASSWORD_UPPERCASE: "La contraseña debe contener una letra mayúscula",
    PASSWORD_DIGIT: "La contraseña debe contener un dígito",
    PASSWORD_WHITESPACE: "La contraseña no debe contener espacios",
    PASSWORD_CONFIRMATION: "Las contraseñas no coinciden",
  },
  AUTH: {
    INVALID_CREDENTIALS: "Correo electrónico o contraseña incorrectos",
    ACCOUNT_INACTIVE: "Esta cuenta está bloqueada o aún no ha sido activada",
    TOO_MANY_ATTEMPTS: "Demasiados intentos de inicio de sesión. Espera unos minutos e inténtalo de nuevo.",
    TOKEN_INVALID: "Este enlace ha expirado o ya no es válido",
    SESSION_EXPIRED: "Tu sesión ha expirado, inicia sesión de nuevo",
    RESET_DONE: "Tu contraseña ha sido cambiada, ya puedes iniciar sesión",
    FORGOT_SENT: "Si la dirección pertenece a una cuenta, se le envió un enlace para restablecer la contraseña",
    EMAIL_VERIFIED: "El correo fue verificado, ya puedes iniciar sesión",
  },
  ERRORS: {
    FORBIDDEN: "La cuenta de usuario no tiene permisos suficientes para realizar esta acción",
    UNAUTHORIZED: "Necesitas iniciar sesión para realizar esta acción",
    NOT_FOUND: "No se encontró el elemento solicitado",
    VALIDATION:
      "Hubo uno o más problemas al efectuar esta operación, por favor verifica la información proporcionada e inténtalo de nuevo...",
    CONFLICT: "Esta operación entra en conflicto con el estado actual de los datos",
    INTERNAL: "Ocurrió un error inesperado, inténtalo más tarde",
    TOO_MANY_REQUESTS: "Demasiadas solicitudes, espera un momento",
  },
  COUNTRIES: {
    VALIDATION: {
      NAME_MISSING: "El nombre del país es obligatorio",
      CODE_MISSING: "El código del país es obligatorio",
      CODE_FORMAT: "El código del país debe ser exactamente tres letras mayúsculas",
      CODE_TAKEN: "Otro país ya usa este código",
    },
    HAS_STATES: "Este país aún tiene estados; elimínalos o muévelos primero",
  },
  STATES: {
    VALIDATION: {
      NAME_MISSING: "El nombre del estado es obligatorio",
      CODE_MISSING: "El código del estado es obligatorio",
      CODE_FORMAT: "El código del estado debe ser exactamente tres letras mayúsculas",
      CODE_TAKEN: "Otro estado ya usa este código",
      COUNTRY_MISSING: "El país es obligatorio",
    },
    HAS_CITIES: "Este estado aún tiene ciudades; elimínalas o muévelas primero",
  },
  CITIES: {
    VALIDATION: {
      NAME_MISSING: "El nombre de la ciudad es obligatorio",
      CODE_MISSING: "El código de la ciudad es obligatorio",
      CODE_FORMAT: "El código de la ciudad debe tener la forma ABC-123",
      CODE_TAKEN: "Otra ciudad ya usa este código",
      TIME_ZONE_MISSING: "La zona horaria es obligatoria",
      TIME_ZONE_FORMAT: "Elige una zona horaria válida",
      STATE_MISSING: "El estado es obligatorio",
    },
    IN_USE: "Esta ciudad aún está en uso; elimina primero lo que la usa",
  },
  USERS: {
    VALIDATION: {
      FIRST_NAME_MISSING: "El nombre es obligatorio",
      LAST_NAME_MISSING: "El apellido es obligatorio",
      PHONE_MISSING: "El teléfono es obligatorio",
      PHONE_FORMAT: "Escribe un teléfono de 10 dígitos, opcionalmente con +código de país",
      EMAIL_TAKEN: "Otro usuario ya usa este correo electrónico",
      ROLES_FORMAT: "Elige roles de la lista",
      ROLE_UNKNOWN: "Uno de los roles elegidos no existe",
      PICTURE_FORMAT: "La imagen debe ser JPEG, PNG, WebP o GIF",
      PICTURE_TOO_LARGE: "La imagen debe pesar como máximo 5 MB",
      PICTURE_COUNT: "Solo se permite una imagen",
    },
    CANNOT_BLOCK_SELF: "No puedes bloquear tu propia cuenta",
    CANNOT_DELETE_SELF: "No puedes eliminar tu propia cuenta",
    LAST_SUPER_ADMIN: "Es el último superadministrador activo; no se puede bloquear ni eliminar",
    IN_USE: "Este usuario aún tiene registros que lo usan",
    SUPER_ADMIN_PROTECTED: "Solo un superadministrador puede modificar una cuenta de superadministrador",
  },
  ROLES: {
    VALIDATION: {
      NAME_MISSING: "El nombre del rol es obligatorio",
      NAME_TAKEN: "Otro rol ya tiene este nombre",
      PERMISSIONS_FORMAT: "Los permisos deben ser una lista de códigos",
      PERMISSION_UNKNOWN: "Uno o más permisos no existen",
    },
    IN_USE: "Este rol está asignado a usuarios; quítaselo primero",
  },
  PAYMENT_PROVIDERS: {
    INACTIVE: "Este proveedor de pago está bloqueado y no se puede usar",
  },
  PAYMENT_METHODS: {
    INACTIVE: "Este método de pago está bloqueado y no se puede usar",
  },
};
