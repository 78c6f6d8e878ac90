import type { RedisClient } from "./redis.ts";

/** Counters that expire a fixed time after their first hit. */
export interface CounterStore {
  get(key: string): Promise<number>;
  increment(key: string, windowMs: number): Promise<number>;
  decrement(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

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

  async decrement(key: string): Promise<void> {
    const name = this.prefix + key;
    if ((await this.client.decr(name)) <= 0) await this.client.del(name);
  }

  async reset(key: string): Promise<void> {
    await this.client.del(this.prefix + key);
  }
}

export interface LoginThrottleOptions {
  windowMs: number;
  maxPerAccount: number;
  maxPerIp: number;
}

export const DEFAULT_LOGIN_THROTTLE: LoginThrottleOptions = {
  windowMs: 15 * 60 * 1000,
  maxPerAccount: 5,
  maxPerIp: 30,
};

/**
 * Limits sign-in attempts per account and per client IP. The attempt is counted (atomically, so parallel
 * requests cannot slip through) before the password is hashed: a throttled caller costs no argon2 work and
 * learns nothing, even with the right password. A success clears the account's counter and gives the IP its
 * attempt back, so only failures add up.
 */
export class LoginThrottle {
  constructor(
    private readonly store: CounterStore,
    private readonly options: LoginThrottleOptions = DEFAULT_LOGIN_THROTTLE,
  ) {}

  private accountKey(email: string) {
    return `login:account:${email.toLowerCase()}`;
  }

  private ipKey(ip: string) {
    return `login:ip:${ip}`;
  }

  /** Counts one attempt; false when the account or the IP is over its limit. */
  async attempt(email: string, ip: string): Promise<boolean> {
    const [account, address] = await Promise.all([
      this.store.increment(this.accountKey(email), this.options.windowMs),
      this.store.increment(this.ipKey(ip), this.options.windowMs),
    ]);
    return account <= this.options.maxPerAccount && address <= this.options.maxPerIp;
  }

  async succeeded(email: string, ip: string): Promise<void> {
    await Promise.all([this.store.reset(this.accountKey(email)), this.store.decrement(this.ipKey(ip))]);
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
