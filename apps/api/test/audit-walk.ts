import type { LightMyRequestResponse } from "fastify";

/** What one request of the audit walk must leave in the trail (audit.test.ts and its case files). */
export type Expected = {
  action: string;
  resource: string;
  recordId: number | string | null;
  actorId: number | null;
  /**
   * The entries the same request writes before this one, when one request is several events: a two-step sign-in
   * is a sign-in and a second factor passed (and a recovery code spent). Every other request writes one.
   */
  before?: string[];
};

export interface WalkCase {
  /** Prepares, makes the successful call, and says which entry it must leave. */
  succeed(): Promise<{ response: LightMyRequestResponse; expected: Expected }>;
  /**
   * Prepares (its set-up may write entries) and answers the call under test, which is refused (403) or fails
   * (4xx) and must leave no entry.
   */
  refuse(): Promise<() => Promise<LightMyRequestResponse>>;
}
