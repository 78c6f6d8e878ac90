import type { Language } from "@palco/shared/constants";

/**
 * The texts of the second step of a sign-in and of the step-up dialog, in a chunk that loads with them
 * (lib/i18n.ts, "feature texts"): most visits of the sign-in page and of the app never show either. Spanish has
 * exactly the English shape.
 */
const en = {
  SECOND_STEP: {
    TITLE: "Two-step verification",
    SUBTITLE: "Enter the code from your authenticator app to finish signing in.",
    SUBTITLE_PASSKEY: "Use your passkey or a code to finish signing in.",
    USE_PASSKEY: "Use a passkey",
    PASSKEY_FAILED: "The passkey was not used. Try again, or use a code instead.",
    PASSKEY_CANCELLED: "The passkey prompt was closed before it finished. Try again, or use a code instead.",
    CODE: "Authentication code",
    CODE_HINT: "The 6-digit code your authenticator app shows now.",
    RECOVERY_CODE: "Recovery code",
    RECOVERY_HINT: "One of the recovery codes you saved, such as abcde-12345. Each one works once.",
    PASSWORD: "Password",
    USE_RECOVERY: "Use a recovery code",
    USE_APP: "Use a code from the authenticator app",
    USE_PASSWORD: "Use your password",
    VERIFY: "Verify",
    BACK: "Back to sign in",
    FAILED_TITLE: "Verification failed",
    EXPIRED_TITLE: "Sign in again",
  },
  STEP_UP: {
    TITLE: "Confirm it is you",
    TEXT: "This action is protected. Confirm it is you to continue; what you typed stays as it is.",
    TEXT_PASSWORD: "This action is protected. Enter your password to continue; what you typed stays as it is.",
    CONFIRM: "Confirm and continue",
    OPTIONS_FAILED: "Your sign-in methods could not be loaded.",
    FAILED: "The check could not be completed. Please try again.",
  },
};

const es: typeof en = {
  SECOND_STEP: {
    TITLE: "Verificación en dos pasos",
    SUBTITLE: "Escribe el código de tu app de autenticación para terminar de iniciar sesión.",
    SUBTITLE_PASSKEY: "Usa tu llave de acceso o un código para terminar de iniciar sesión.",
    USE_PASSKEY: "Usar una llave de acceso",
    PASSKEY_FAILED: "No se usó la llave de acceso. Inténtalo de nuevo o usa un código.",
    PASSKEY_CANCELLED:
      "Se cerró la ventana de la llave de acceso antes de terminar. Inténtalo de nuevo o usa un código.",
    CODE: "Código de autenticación",
    CODE_HINT: "El código de 6 dígitos que muestra ahora tu app de autenticación.",
    RECOVERY_CODE: "Código de recuperación",
    RECOVERY_HINT: "Uno de los códigos de recuperación que guardaste, como abcde-12345. Cada uno sirve una sola vez.",
    PASSWORD: "Contraseña",
    USE_RECOVERY: "Usar un código de recuperación",
    USE_APP: "Usar un código de la app de autenticación",
    USE_PASSWORD: "Usar tu contraseña",
    VERIFY: "Verificar",
    BACK: "Regresar a iniciar sesión",
    FAILED_TITLE: "No se pudo verificar",
    EXPIRED_TITLE: "Inicia sesión de nuevo",
  },
  STEP_UP: {
    TITLE: "Confirma que eres tú",
    TEXT: "Esta acción está protegida. Confirma que eres tú para continuar; lo que escribiste se conserva.",
    TEXT_PASSWORD: "Esta acción está protegida. Escribe tu contraseña para continuar; lo que escribiste se conserva.",
    CONFIRM: "Confirmar y continuar",
    OPTIONS_FAILED: "No se pudieron cargar tus métodos de inicio de sesión.",
    FAILED: "No se pudo completar la verificación. Por favor, inténtalo de nuevo.",
  },
};

export const texts: Record<Language, typeof en> = { en, es };
