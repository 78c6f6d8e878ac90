import type { Language } from "@palco/shared";
import type { MailMessage } from "./mail.ts";

// E-mail texts exist only on the server, so they live here rather than in the shared catalogue.
const texts = {
  en: {
    greeting: (name: string) => (name ? `Hello ${name},` : "Hello,"),
    signature: "— Palco Admin",
    reset: {
      subject: "Reset your Palco Admin password",
      intro: "We received a request to reset the password of your Palco Admin account.",
      action: "Choose a new password",
      expiry: "This link can be used once and expires in 1 hour.",
      ignore: "If you did not ask for it, you can ignore this message: your password stays the same.",
    },
    activation: {
      subject: "Activate your Palco Admin account",
      intro: "An account was created for you in Palco Admin. Confirm your e-mail address to activate it.",
      action: "Verify my account",
      expiry: "This link can be used once and expires in 7 days.",
      ignore: "If you were not expecting this message, you can ignore it.",
    },
  },
  es: {
    greeting: (name: string) => (name ? `Hola ${name}:` : "Hola:"),
    signature: "— Palco Admin",
    reset: {
      subject: "Restablece tu contraseña de Palco Admin",
      intro: "Recibimos una solicitud para restablecer la contraseña de tu cuenta de Palco Admin.",
      action: "Elegir una nueva contraseña",
      expiry: "Este enlace se puede usar una sola vez y caduca en 1 hora.",
      ignore: "Si no lo solicitaste, puedes ignorar este mensaje: tu contraseña no cambia.",
    },
    activation: {
      subject: "Activa tu cuenta de Palco Admin",
      intro: "Se creó una cuenta para ti en Palco Admin. Confirma tu correo electrónico para activarla.",
      action: "Verificar mi cuenta",
      expiry: "Este enlace se puede usar una sola vez y caduca en 7 días.",
      ignore: "Si no esperabas este mensaje, puedes ignorarlo.",
    },
  },
} as const;

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function render(language: Language, kind: "reset" | "activation", to: string, name: string, link: string): MailMessage {
  const t = texts[language];
  const body = t[kind];
  const text = [
    t.greeting(name),
    "",
    body.intro,
    "",
    `${body.action}: ${link}`,
    "",
    body.expiry,
    body.ignore,
    "",
    t.signature,
    "",
  ].join("\n");
  const html = `<!doctype html>
<html lang="${language}"><body style="font-family: Arial, sans-serif; color: #222; line-height: 1.5">
<p>${escapeHtml(t.greeting(name))}</p>
<p>${escapeHtml(body.intro)}</p>
<p><a href="${escapeHtml(link)}" style="display: inline-block; padding: 10px 18px; background: #228be6; color: #fff; text-decoration: none; border-radius: 4px">${escapeHtml(body.action)}</a></p>
<p style="font-size: 13px; color: #555">${escapeHtml(link)}</p>
<p>${escapeHtml(body.expiry)}<br>${escapeHtml(body.ignore)}</p>
<p>${escapeHtml(t.signature)}</p>
</body></html>
`;
  return { to, subject: body.subject, text, html };
}

export function resetPasswordMail(language: Language, to: string, name: string, link: string): MailMessage {
  return render(language, "reset", to, name, link);
}

export function activationMail(language: Language, to: string, name: string, link: string): MailMessage {
  return render(language, "activation", to, name, link);
}

/** What a review decision e-mail is about: the owner profile, or one box (named "Zone number at Venue"). */
export type ReviewSubject = { kind: "owner" } | { kind: "box"; label: string };

const decisionTexts = {
  en: {
    greeting: texts.en.greeting,
    signature: "— The Palco team",
    subject: (subject: ReviewSubject, accepted: boolean) =>
      subject.kind === "owner"
        ? accepted
          ? "Your owner profile was approved"
          : "Your owner profile needs changes"
        : accepted
          ? `Your box ${subject.label} was approved`
          : `Your box ${subject.label} needs changes`,
    accepted: (subject: ReviewSubject) =>
      subject.kind === "owner"
        ? "We reviewed your documents and bank account: your owner profile is approved, and you can now rent out your boxes."
        : `We reviewed your box ${subject.label}: it is approved and guests can now book it.`,
    returned: (subject: ReviewSubject) =>
      subject.kind === "owner"
        ? "We reviewed your owner profile and could not approve it yet. Our reviewer wrote:"
        : `We reviewed your box ${subject.label} and could not approve it yet. Our reviewer wrote:`,
    again: "Make the changes in the Palco app and send it for review again.",
  },
  es: {
    greeting: texts.es.greeting,
    signature: "— El equipo de Palco",
    subject: (subject: ReviewSubject, accepted: boolean) =>
      subject.kind === "owner"
        ? accepted
          ? "Tu perfil de propietario fue aprobado"
          : "Tu perfil de propietario necesita cambios"
        : accepted
          ? `Tu palco ${subject.label} fue aprobado`
          : `Tu palco ${subject.label} necesita cambios`,
    accepted: (subject: ReviewSubject) =>
      subject.kind === "owner"
        ? "Revisamos tus documentos y tu cuenta bancaria: tu perfil de propietario está aprobado y ya puedes rentar tus palcos."
        : `Revisamos tu palco ${subject.label}: está aprobado y los invitados ya pueden reservarlo.`,
    returned: (subject: ReviewSubject) =>
      subject.kind === "owner"
        ? "Revisamos tu perfil de propietario y aún no pudimos aprobarlo. Nuestro revisor escribió:"
        : `Revisamos tu palco ${subject.label} y aún no pudimos aprobarlo. Nuestro revisor escribió:`,
    again: "Haz los cambios en la app de Palco y envíalo de nuevo a revisión.",
  },
} as const;

/** The outcome of a review, to the owner, in their language: approved, or returned with the reviewer's text. */
export function reviewDecisionMail(
  language: Language,
  to: string,
  name: string,
  subject: ReviewSubject,
  decision: { accepted: boolean; review: string | null },
): MailMessage {
  const t = decisionTexts[language];
  const lines = decision.accepted
    ? [t.accepted(subject)]
    : [t.returned(subject), "", decision.review ?? "", "", t.again];
  const text = [t.greeting(name), "", ...lines, "", t.signature, ""].join("\n");
  const html = `<!doctype html>
<html lang="${language}"><body style="font-family: Arial, sans-serif; color: #222; line-height: 1.5">
<p>${escapeHtml(t.greeting(name))}</p>
${
  decision.accepted
    ? `<p>${escapeHtml(t.accepted(subject))}</p>`
    : `<p>${escapeHtml(t.returned(subject))}</p>
<blockquote style="margin: 0 0 1em; padding: 8px 14px; border-left: 4px solid #c92a2a; background: #f8f9fa">${escapeHtml(decision.review ?? "").replace(/\n/g, "<br>")}</blockquote>
<p>${escapeHtml(t.again)}</p>`
}
<p>${escapeHtml(t.signature)}</p>
</body></html>
`;
  return { to, subject: t.subject(subject, decision.accepted), text, html };
}

/** What a security notice tells the member: something changed how their account is protected. */
export type SecurityNotice =
  | { kind: "factor-added"; factor: "passkey" | "totp"; name?: string }
  | { kind: "recovery-code-used"; codesLeft: number }
  | { kind: "mfa-reset" };

const securityTexts = {
  en: {
    greeting: texts.en.greeting,
    signature: texts.en.signature,
    subject: {
      "factor-added": "A new sign-in method was added to your Palco Admin account",
      "recovery-code-used": "A recovery code was used on your Palco Admin account",
      "mfa-reset": "Your Palco Admin two-step sign-in was reset",
    },
    body: (notice: SecurityNotice) => {
      switch (notice.kind) {
        case "factor-added":
          return notice.factor === "passkey"
            ? `A passkey${notice.name ? ` ("${notice.name}")` : ""} was added to your account's two-step sign-in.`
            : "An authenticator app was set up for your account's two-step sign-in.";
        case "recovery-code-used":
          return `One of your recovery codes was just used to confirm it was you. Recovery codes left: ${notice.codesLeft}.`;
        case "mfa-reset":
          return "A staff member reset your two-step sign-in: your passkeys, authenticator app and recovery codes were removed and every session was signed out. Sign in again and set up a new method.";
      }
    },
    unexpected: {
      "factor-added":
        "If it was not you, change your password at once and tell an administrator: someone may know your password.",
      "recovery-code-used":
        "If it was not you, change your password at once and tell an administrator: someone may know your password.",
      "mfa-reset": "If you did not ask for it, tell an administrator.",
    },
  },
  es: {
    greeting: texts.es.greeting,
    signature: texts.es.signature,
    subject: {
      "factor-added": "Se agregó un nuevo método de inicio de sesión a tu cuenta de Palco Admin",
      "recovery-code-used": "Se usó un código de recuperación en tu cuenta de Palco Admin",
      "mfa-reset": "Se restableció tu inicio de sesión en dos pasos de Palco Admin",
    },
    body: (notice: SecurityNotice) => {
      switch (notice.kind) {
        case "factor-added":
          return notice.factor === "passkey"
            ? `Se agregó una llave de acceso${notice.name ? ` («${notice.name}»)` : ""} al inicio de sesión en dos pasos de tu cuenta.`
            : "Se configuró una app de autenticación para el inicio de sesión en dos pasos de tu cuenta.";
        case "recovery-code-used":
          return `Se acaba de usar uno de tus códigos de recuperación para confirmar que eras tú. Códigos de recuperación restantes: ${notice.codesLeft}.`;
        case "mfa-reset":
          return "Un miembro del equipo restableció tu inicio de sesión en dos pasos: se quitaron tus llaves de acceso, tu app de autenticación y tus códigos de recuperación, y se cerraron todas tus sesiones. Inicia sesión de nuevo y configura un nuevo método.";
      }
    },
    unexpected: {
      "factor-added":
        "Si no fuiste tú, cambia tu contraseña de inmediato y avisa a un administrador: alguien podría conocer tu contraseña.",
      "recovery-code-used":
        "Si no fuiste tú, cambia tu contraseña de inmediato y avisa a un administrador: alguien podría conocer tu contraseña.",
      "mfa-reset": "Si no lo pediste, avisa a un administrador.",
    },
  },
} as const;

/** Tells the member that their account's protection changed (a new factor, a recovery code used, a reset by staff). */
export function securityNoticeMail(language: Language, to: string, name: string, notice: SecurityNotice): MailMessage {
  const t = securityTexts[language];
  const body = t.body(notice);
  const unexpected = t.unexpected[notice.kind];
  const text = [t.greeting(name), "", body, "", unexpected, "", t.signature, ""].join("\n");
  const html = `<!doctype html>
<html lang="${language}"><body style="font-family: Arial, sans-serif; color: #222; line-height: 1.5">
<p>${escapeHtml(t.greeting(name))}</p>
<p>${escapeHtml(body)}</p>
<p>${escapeHtml(unexpected)}</p>
<p>${escapeHtml(t.signature)}</p>
</body></html>
`;
  return { to, subject: t.subject[notice.kind], text, html };
}
