import type { RedisConnection } from '../redis';
import type { PresenceMember, PresenceSnapshot } from './channels.js';

/**
 * A presence channel's members across instances. The embedded server keeps each instance's sockets itself; with
 * several instances, who is present is the union of all of theirs, kept here.
 */
export type SharedPresence = {
  /** Adds a socket's member; `first` when that user had no other socket in the channel on any instance. */
  join(input: { channel: string; socketId: string; member: PresenceMember }): Promise<{
    first: boolean;
    snapshot: PresenceSnapshot;
  }>;
  /** Removes a socket's member; `last` when that user has no socket left in the channel on any instance. */
  leave(input: { channel: string; socketId: string; userId: string }): Promise<{ last: boolean }>;
  snapshot(channel: string): Promise<PresenceSnapshot>;
  close(): void;
};

const ALIVE_SECONDS = 60;
const HEARTBEAT_MS = 20_000;

const membersKey = (channel: string) => `back-office:presence:${channel}`;
const aliveKey = (instanceId: string) => `back-office:presence-instance:${instanceId}`;

type Entry = { user_id: string; user_info: unknown };

/**
 * One Redis hash per presence channel: a field per socket (`instance|socket`) holding its member. Each instance
 * keeps a key alive while it runs, so the sockets of an instance that died (kill -9) stop counting within a
 * minute and are swept from the hash by the next reader. A join or leave and the read after it are one MULTI,
 * so of two sockets of one user joining on two instances at once exactly one is `first`.
 */
export function redisPresence(redis: RedisConnection): SharedPresence {
  const { commands, instanceId } = redis;
  const beat = () =>
    commands.set(aliveKey(instanceId), '1', 'EX', ALIVE_SECONDS).catch((error: unknown) => {
      console.warn('presence heartbeat failed', error);
    });
  void beat();
  const heartbeat = setInterval(beat, HEARTBEAT_MS);
  heartbeat.unref();

  /** The live entries of a hash, sweeping those of instances that are gone. */
  async function liveEntries(channel: string, fields: Record<string, string>) {
    const instances = [...new Set(Object.keys(fields).map((field) => field.split('|')[0]))];
    const alive = instances.length ? await commands.mget(instances.map(aliveKey)) : [];
    const living = new Set(instances.filter((_, index) => alive[index] !== null));
    const stale = Object.keys(fields).filter((field) => !living.has(field.split('|')[0]));
    if (stale.length) await commands.hdel(membersKey(channel), ...stale);
    return Object.entries(fields)
      .filter(([field]) => living.has(field.split('|')[0]))
      .map(([, raw]) => JSON.parse(raw) as Entry);
  }

  function snapshotOf(entries: Entry[]): PresenceSnapshot {
    const hash: Record<string, unknown> = {};
    for (const entry of entries) hash[entry.user_id] = entry.user_info;
    const ids = Object.keys(hash);
    return { ids, hash, count: ids.length };
  }

  async function afterChange(channel: string, change: (multi: ReturnType<typeof commands.multi>) => void) {
    const multi = commands.multi();
    change(multi);
    multi.hgetall(membersKey(channel));
    const results = (await multi.exec()) ?? [];
    const [error, fields] = results[results.length - 1] ?? [null, {}];
    if (error) throw error;
    return liveEntries(channel, fields as Record<string, string>);
  }

  return {
    async join({ channel, socketId, member }) {
      const entry: Entry = { user_id: member.userId, user_info: member.userInfo };
      const entries = await afterChange(channel, (multi) =>
        multi.hset(membersKey(channel), `${instanceId}|${socketId}`, JSON.stringify(entry)),
      );
      const sockets = entries.filter((one) => one.user_id === member.userId).length;
      return { first: sockets === 1, snapshot: snapshotOf(entries) };
    },
    async leave({ channel, socketId, userId }) {
      const entries = await afterChange(channel, (multi) =>
        multi.hdel(membersKey(channel), `${instanceId}|${socketId}`),
      );
      return { last: !entries.some((one) => one.user_id === userId) };
    },
    async snapshot(channel) {
      return snapshotOf(await liveEntries(channel, await commands.hgetall(membersKey(channel))));
    },
    close() {
      clearInterval(heartbeat);
    },
  };
}
