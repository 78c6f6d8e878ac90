/** The base32 key in groups of four, as authenticator apps print it ("JBSW Y3DP …"): easier to type without slips. */
export const groupKey = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

/** The plain-text file of a set of recovery codes: whose they are, when they were made, then one code per line. */
export function recoveryCodesText(codes: string[], header: string, note: string): string {
  return [header, note, "", ...codes, ""].join("\n");
}
