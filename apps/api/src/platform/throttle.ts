import type { RedisClient } from "./redis.ts";

/** "Refuse when every one of these counters is at least its threshold" (indexes into the keys of the call). */
export type RefuseClause = readonly { key: number; atLeast: number }[];

/** Counters that expire a fixed time after their first hit. */
export interface CounterStore {
  get(key: string): Promise<number>;
  increment(key: string, windowMs: number): Promise<number>;
  decrement(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  /**
   * Atomically: when any clause holds for the current counts of `keys`, changes nothing and answers false;
   * otherwise increments every key (each window starting at its first hit) and answers true. Parallel callers
   * therefore never all pass a limit they would together exceed.
   */
  incrementUnless(keys: readonly string[], windowMs: number, refuseWhen: readonly RefuseClause[]): Promise<boolean>;
}

const holds = (clauses: readonly RefuseClause[], counts: readonly number[]) =>
  clauses.some((clause) => clause.every(({ key, atLeast }) => (counts[key] ?? 0) >= atLeast));

export class MemoryCounterStore implements CounterStore {
  private readonly counters = new Map<string, { count: number; expiresAt: number }>();

  constructor(private readonly maxKeys = 100_000) {}

  async get(key: string): Promise<number> {
    const entry = this.counters.get(key);
    if (!entry) return 0;
    if (entry.expiresAt <= Date.now()) {
      this.counters.delete(key);
      return 0;
    }
    return entry.count;
  }

  async increment(key: string, windowMs: number): Promise<number> {
    const now = Date.now();
    const entry = this.counters.get(key);
    if (entry && entry.expiresAt > now) {
      entry.count += 1;
      return entry.count;
    }
    if (this.counters.size >= this.maxKeys) this.sweep(now);
    this.counters.set(key, { count: 1, expiresAt: now + windowMs });
    return 1;
  }

  async incrementUnless(
    keys: readonly string[],
    windowMs: number,
    refuseWhen: readonly RefuseClause[],
  ): Promise<boolean> {
    // No await between the read and the writes: nothing else runs in between.
    const now = Date.now();
    const counts = keys.map((key) => {
      const entry = this.counters.get(key);
      return entry && entry.expiresAt > now ? entry.count : 0;
    });
    if (holds(refuseWhen, counts)) return false;
    for (const key of keys) {
      const entry = this.counters.get(key);
      if (entry && entry.expiresAt > now) entry.count += 1;
      else {
        if (this.counters.size >= this.maxKeys) this.sweep(now);
        this.counters.set(key, { count: 1, expiresAt: now + windowMs });
      }
    }
    return true;
  }

  async decrement(key: string): Promise<void> {
    const entry = this.counters.get(key);
    if (!entry) return;
    entry.count -= 1;
    if (entry.count <= 0) this.counters.delete(key);
  }

  async reset(key: string): Promise<void> {
    this.counters.delete(key);
  }

  /** Drops expired entries; if an attacker filled the map with live ones, the oldest go first. */
  private sweep(now: number) {
    for (const [key, entry] of this.counters) if (entry.expiresAt <= now) this.counters.delete(key);
    while (this.counters.size >= this.maxKeys) {
      const oldest = this.counters.keys().next();
      if (oldest.done) break;
      this.counters.delete(oldest.value);
    }
  }
}

// KEYS: the counters; ARGV[1]: window in ms; ARGV[2]: JSON [[[keyIndex (1-based), atLeast], ...], ...].
const INCREMENT_UNLESS = `
local counts = {}
for i, key in ipairs(KEYS) do counts[i] = tonumber(redis.call("GET", key) or "0") end
for _, clause in ipairs(cjson.decode(ARGV[2])) do
  local all = true
  for _, condition in ipairs(clause) do
    if counts[condition[1]] < condition[2] then all = false end
  end
  if all then return 0 end
end
for _, key in ipairs(KEYS) do
  if redis.call("INCR", key) == 1 then redis.call("PEXPIRE", key, ARGV[1]) end
end
return 1
`;

// An expired counter must not come back as -1 (DECR on a missing key creates it, without a TTL).
const DECREMENT = `
if redis.call("EXISTS", KEYS[1]) == 0 then return 0 end
if redis.call("DECR", KEYS[1]) <= 0 then redis.call("DEL", KEYS[1]) end
return 1
`;

/** Shared between API processes, so limits hold behind a load balancer. */
export class RedisCounterStore implements CounterStore {
  constructor(
    private readonly client: RedisClient,
    private readonly prefix = "palco:throttle:",
  ) {}

  async get(key: string): Promise<number> {
    const value = await this.client.get(this.prefix + key);
    return value ? Number(value) : 0;
  }

  async increment(key: string, windowMs: number): Promise<number> {
    const name = this.prefix + key;
    // NX: the window starts at the first failure and is not pushed back by later ones.
    const [count] = await this.client.multi().incr(name).pExpire(name, windowMs, "NX").exec();
    return Number(count);
  }

  async incrementUnless(
    keys: readonly string[],
    windowMs: number,
    refuseWhen: readonly RefuseClause[],
  ): Promise<boolean> {
    // Lua scripts run atomically in Redis: no other client's command lands between the check and the increments.
    const clauses = JSON.stringify(refuseWhen.map((clause) => clause.map(({ key, atLeast }) => [key + 1, atLeast])));
    const admitted = await this.client.eval(INCREMENT_UNLESS, {
      keys: keys.map((key) => this.prefix + key),
      arguments: [String(windowMs), clauses],
    });
    return Number(admitted) === 1;
  }

  async decrement(key: string): Promise<void> {
    await this.client.eval(DECREMENT, { keys: [this.prefix + key] });
  }

  async reset(key: string): Promise<void> {
    await this.client.del(this.prefix + key);
  }
}

export interface LoginThrottleOptions {
  windowMs: number;
  /** Failures one IP may make against one account per window. */
  maxPerAccountIp: number;
  /** Failures one IP may make across all accounts per window. */
  maxPerIp: number;
  /**
   * Failures (from any IP) after which an account is under attack: it then accepts attempts only from IPs with no
   * failure in the window.
   */
  accountUnderAttack: number;
}

export const DEFAULT_LOGIN_THROTTLE: LoginThrottleOptions = {
  windowMs: 15 * 60 * 1000,
  maxPerAccountIp: 5,
  maxPerIp: 30,
  accountUnderAttack: 10,
};

/**
 * Sign-in throttling that makes guessing expensive without letting anyone lock an account. Three counters of
 * failures, each in a window starting at its first failure:
 * - per account and IP: at most `maxPerAccountIp`;
 * - per IP, across accounts: at most `maxPerIp`;
 * - per account, across IPs: once it reaches `accountUnderAttack`, only IPs with no failure at all in the window
 *   may still try that account. Each IP of a distributed attack is held to one guess per window, while the owner
 *   signing in from a clean address (home, office, phone) still gets in.
 * A refused attempt (429) never reaches argon2 and counts nothing. An admitted attempt is counted up front,
 * atomically with the check (so parallel requests cannot slip past a limit), and given back if the password was
 * right: a success clears that account-IP counter, so only failures add up. An attempt the server could not judge
 * (the database failed) is given back too.
 */
export class LoginThrottle {
  constructor(
    private readonly store: CounterStore,
    private readonly options: LoginThrottleOptions = DEFAULT_LOGIN_THROTTLE,
  ) {}

  private keys(email: string, ip: string) {
    const account = email.toLowerCase();
    return {
      pair: `login:account-ip:${account}|${ip}`,
      ip: `login:ip:${ip}`,
      account: `login:account:${account}`,
    };
  }

  /** Counts one attempt; false (nothing counted) when the caller must wait. */
  async attempt(email: string, ip: string): Promise<boolean> {
    const keys = this.keys(email, ip);
    // Indexes into the keys: 0 account-IP, 1 IP, 2 account.
    return this.store.incrementUnless([keys.pair, keys.ip, keys.account], this.options.windowMs, [
      [{ key: 0, atLeast: this.options.maxPerAccountIp }],
      [{ key: 1, atLeast: this.options.maxPerIp }],
      [
        { key: 2, atLeast: this.options.accountUnderAttack },
        { key: 1, atLeast: 1 },
      ],
    ]);
  }

  /**
   * The attempt was never judged (the database failed before the password could be checked): it is given back on
   * every counter, so an outage locks nobody out, neither the account nor the address.
   */
  async notJudged(email: string, ip: string): Promise<void> {
    const keys = this.keys(email, ip);
    await Promise.all([
      this.store.decrement(keys.pair),
      this.store.decrement(keys.ip),
      this.store.decrement(keys.account),
    ]);
  }

  /** The password was right: the attempt was not a failure. */
  async succeeded(email: string, ip: string): Promise<void> {
    const keys = this.keys(email, ip);
    await Promise.all([this.store.reset(keys.pair), this.store.decrement(keys.ip), this.store.decrement(keys.account)]);
  }
}

/** A simple "at most N per window" limiter (used for password-reset e-mails). */
export class RateLimiter {
  constructor(
    private readonly store: CounterStore,
    private readonly name: string,
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Counts the attempt; false when it is over the limit. */
  async take(key: string): Promise<boolean> {
    const count = await this.store.increment(`${this.name}:${key}`, this.windowMs);
    return count <= this.max;
  }
}
