import type { WebAuthnResponse } from "@palco/shared";
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { COSEALG } from "@simplewebauthn/server/helpers";
import type { userPasskeys } from "../../platform/schema.ts";

export const RP_NAME = "Palco Admin";
/** How long the browser may take over a WebAuthn ceremony (the challenge row lives as long). */
export const WEBAUTHN_TIMEOUT_MS = 5 * 60 * 1000;

export interface RelyingParty {
  /** The host name of PUBLIC_URL: passkeys are bound to it. */
  id: string;
  /** PUBLIC_URL's origin: the only page a ceremony may come from. */
  origin: string;
}

export function relyingPartyOf(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  return { id: url.hostname, origin: url.origin };
}

type StoredPasskey = Pick<
  typeof userPasskeys.$inferSelect,
  "id" | "credentialId" | "publicKey" | "counter" | "transports"
>;

/**
 * EdDSA, ES256 and RS256: what authenticators in use offer. Named here rather than left to the library, whose
 * default probes Node for post-quantum algorithms and prints an experimental-feature warning on every ceremony.
 */
const SUPPORTED_ALGORITHMS = [COSEALG.EdDSA, COSEALG.ES256, COSEALG.RS256];

const descriptor = (passkey: Pick<StoredPasskey, "credentialId" | "transports">) => ({
  id: passkey.credentialId,
  transports: passkey.transports,
});

/**
 * The second factor follows a password (or proves a session that already has one): user verification is asked
 * for but not demanded, so a security key without a PIN still counts.
 */
const USER_VERIFICATION = "preferred" as const;

export function registrationOptions(
  rp: RelyingParty,
  member: { id: number; email: string; name: string },
  existing: StoredPasskey[],
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.id,
    userName: member.email,
    userDisplayName: member.name,
    // Stable per member, so a discoverable credential of the member replaces its older copy on the device.
    userID: new TextEncoder().encode(`palco-user-${member.id}`),
    timeout: WEBAUTHN_TIMEOUT_MS,
    attestationType: "none",
    excludeCredentials: existing.map(descriptor),
    authenticatorSelection: { residentKey: "preferred", userVerification: USER_VERIFICATION },
    supportedAlgorithmIDs: SUPPORTED_ALGORITHMS,
  });
}

/** The new credential, or null when the response does not answer this challenge on this site. */
export async function verifyRegistration(rp: RelyingParty, response: WebAuthnResponse, expectedChallenge: string) {
  try {
    const result = await verifyRegistrationResponse({
      response: response as unknown as RegistrationResponseJSON,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
      supportedAlgorithmIDs: SUPPORTED_ALGORITHMS,
    });
    if (!result.verified) return null;
    const { credential } = result.registrationInfo;
    return {
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString("base64url"),
      counter: credential.counter,
      transports: credential.transports ?? [],
    };
  } catch {
    // Malformed or forged responses throw: for the member it is the same "could not be verified".
    return null;
  }
}

export function authenticationOptions(
  rp: RelyingParty,
  passkeys: StoredPasskey[],
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: passkeys.map(descriptor),
    timeout: WEBAUTHN_TIMEOUT_MS,
    userVerification: USER_VERIFICATION,
  });
}

/** Which of the member's passkeys signed this challenge, and its new counter; null when none did. */
export async function verifyAuthentication(
  rp: RelyingParty,
  response: WebAuthnResponse,
  expectedChallenge: string,
  passkeys: StoredPasskey[],
): Promise<{ passkeyId: number; counter: number } | null> {
  const passkey = passkeys.find((candidate) => candidate.credentialId === response.id);
  if (!passkey) return null;
  try {
    const result = await verifyAuthenticationResponse({
      response: response as unknown as AuthenticationResponseJSON,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, "base64url")),
        counter: passkey.counter,
        transports: passkey.transports,
      },
      requireUserVerification: false,
    });
    return result.verified ? { passkeyId: passkey.id, counter: result.authenticationInfo.newCounter } : null;
  } catch {
    return null;
  }
}

/** The challenge a WebAuthn response signed (from its clientDataJSON), to find the ceremony it answers. */
export function challengeOf(response: WebAuthnResponse): string | null {
  try {
    const clientData = (response.response as { clientDataJSON?: unknown }).clientDataJSON;
    if (typeof clientData !== "string") return null;
    const parsed = JSON.parse(Buffer.from(clientData, "base64url").toString("utf8")) as { challenge?: unknown };
    return typeof parsed.challenge === "string" ? parsed.challenge : null;
  } catch {
    return null;
  }
}
