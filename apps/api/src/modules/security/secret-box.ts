import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * Encrypts TOTP secrets at rest (AES-256-GCM). The key is derived with HKDF-SHA256 from MFA_ENCRYPTION_KEY, or from
 * the JWT secret with an info string of its own, so a leaked database alone does not reveal anyone's authenticator
 * and the signing key never doubles as an encryption key.
 */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

const VERSION = "v1";
const INFO = { dedicated: "palco-admin/mfa-secrets/v1", fromJwt: "palco-admin/mfa-secrets-from-jwt-secret/v1" };

export function createSecretBox(keys: { mfaEncryptionKey: string | undefined; jwtSecret: string }): SecretBox {
  const material = keys.mfaEncryptionKey ?? keys.jwtSecret;
  const info = keys.mfaEncryptionKey ? INFO.dedicated : INFO.fromJwt;
  const key = Buffer.from(hkdfSync("sha256", material, "palco-admin", info, 32));
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), body]
        .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
        .join(".");
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split(".");
      if (version !== VERSION || !iv || !tag || body === undefined) throw new Error("Unknown sealed secret format");
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
    },
  };
}
