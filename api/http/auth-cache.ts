type Entry<T> = { value: T; storedAt: number };

/**
 * Who a bearer token belongs to, kept for a few seconds so that a page's burst of API calls does not look the
 * same user up again and again. Every write that changes what a token grants (sign-out, token refresh, password,
 * profile, current brand) calls `invalidate()` after its commit; the TTL bounds what another instance of the API,
 * or a change made straight in the database, can leave behind. A lookup that started before an invalidation is
 * never stored, so it cannot bring an old answer back. With several instances, `onInvalidate` tells the others
 * (over Redis), which then `forget()` theirs; a write awaits that before it answers, so a client that heard
 * "signed out" from one instance is refused by the next. Of the user it knows only when the token expires.
 */
export class AuthCache<User extends { expiresAt: Date }> {
  private readonly users = new Map<string, Entry<User>>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly onInvalidate: () => Promise<void> | void = () => undefined,
  ) {}

  /** The cached user of a token hash, if it is fresh and the token has not expired by `now`. */
  get(tokenHash: string, now: Date) {
    const entry = this.users.get(tokenHash);
    if (!entry) return undefined;
    if (now.getTime() - entry.storedAt >= this.ttlMs || entry.value.expiresAt <= now) {
      this.users.delete(tokenHash);
      return undefined;
    }
    return entry.value;
  }

  /** Marks the start of a lookup; pass the mark to `set`. */
  mark() {
    return this.generation;
  }

  set(tokenHash: string, user: User, now: Date, mark: number) {
    if (this.ttlMs <= 0 || mark !== this.generation) return;
    if (this.users.size >= this.maxEntries) this.users.clear();
    this.users.set(tokenHash, { value: user, storedAt: now.getTime() });
  }

  /** Drops every cached user here and, once the returned promise settles, tells the other instances. */
  async invalidate() {
    this.forget();
    await this.onInvalidate();
  }

  /** Drops every cached user of this instance only. */
  forget() {
    this.generation += 1;
    this.users.clear();
  }
}
