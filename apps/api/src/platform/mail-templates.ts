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
