const CHANNEL_NAME_PATTERN = /^[A-Za-z0-9_\-=@,.;]+$/;
const MAX_CHANNEL_NAME_LENGTH = 200;

export type ChannelKind = 'public' | 'private' | 'presence';

export type PresenceMember = { userId: string; userInfo: unknown };

export type PresenceSnapshot = {
  ids: string[];
  hash: Record<string, unknown>;
  count: number;
};

export type ChannelSummary = { name: string; subscriptionCount: number; userCount: number | null };

type ChannelState<Subscriber> = {
  subscribers: Map<string, Subscriber>;
  userIdBySocket: Map<string, string>;
  members: Map<string, { userInfo: unknown; socketIds: Set<string> }>;
};

export type ChannelRegistry<Subscriber> = {
  subscribe(args: { channel: string; socketId: string; subscriber: Subscriber; member?: PresenceMember }): {
    memberAdded: PresenceMember | null;
  };
  unsubscribe(args: { channel: string; socketId: string }): { memberRemoved: string | null };
  isSubscribed(args: { channel: string; socketId: string }): boolean;
  subscribers(channel: string): Iterable<[string, Subscriber]>;
  presence(channel: string): PresenceSnapshot;
  userIdOf(args: { channel: string; socketId: string }): string | undefined;
  summaries(): ChannelSummary[];
};

export function isValidChannelName(name: unknown): name is string {
  return (
    typeof name === 'string' && name.length <= MAX_CHANNEL_NAME_LENGTH && CHANNEL_NAME_PATTERN.test(name)
  );
}

export function channelKind(name: string): ChannelKind {
  if (name.startsWith('presence-')) return 'presence';
  // private-encrypted- channels authorize exactly like private- ones; encryption is end to end.
  if (name.startsWith('private-')) return 'private';
  return 'public';
}

export function createChannelRegistry<Subscriber>(): ChannelRegistry<Subscriber> {
  const channels = new Map<string, ChannelState<Subscriber>>();

  function subscribe({
    channel,
    socketId,
    subscriber,
    member,
  }: {
    channel: string;
    socketId: string;
    subscriber: Subscriber;
    member?: PresenceMember;
  }): { memberAdded: PresenceMember | null } {
    let state = channels.get(channel);
    if (!state) {
      state = { subscribers: new Map(), userIdBySocket: new Map(), members: new Map() };
      channels.set(channel, state);
    }
    state.subscribers.set(socketId, subscriber);
    if (!member) return { memberAdded: null };

    const previousUserId = state.userIdBySocket.get(socketId);
    if (previousUserId !== undefined && previousUserId !== member.userId) {
      removeMembership({ state, socketId });
    }
    state.userIdBySocket.set(socketId, member.userId);
    const existing = state.members.get(member.userId);
    if (existing) {
      existing.socketIds.add(socketId);
      return { memberAdded: null };
    }
    state.members.set(member.userId, { userInfo: member.userInfo, socketIds: new Set([socketId]) });
    return { memberAdded: member };
  }

  function removeMembership({
    state,
    socketId,
  }: {
    state: ChannelState<Subscriber>;
    socketId: string;
  }): string | null {
    const userId = state.userIdBySocket.get(socketId);
    if (userId === undefined) return null;
    state.userIdBySocket.delete(socketId);
    const entry = state.members.get(userId);
    if (!entry) return null;
    entry.socketIds.delete(socketId);
    // A user with several tabs open stays present until the last one leaves.
    if (entry.socketIds.size > 0) return null;
    state.members.delete(userId);
    return userId;
  }

  function unsubscribe({ channel, socketId }: { channel: string; socketId: string }): {
    memberRemoved: string | null;
  } {
    const state = channels.get(channel);
    if (!state || !state.subscribers.delete(socketId)) return { memberRemoved: null };
    const memberRemoved = removeMembership({ state, socketId });
    if (state.subscribers.size === 0) channels.delete(channel);
    return { memberRemoved };
  }

  function isSubscribed({ channel, socketId }: { channel: string; socketId: string }): boolean {
    return channels.get(channel)?.subscribers.has(socketId) ?? false;
  }

  function subscribers(channel: string): Iterable<[string, Subscriber]> {
    // A copy, so handlers that unsubscribe while we iterate cannot disturb delivery.
    return [...(channels.get(channel)?.subscribers ?? [])];
  }

  function presence(channel: string): PresenceSnapshot {
    const hash: Record<string, unknown> = {};
    for (const [userId, entry] of channels.get(channel)?.members ?? []) hash[userId] = entry.userInfo;
    const ids = Object.keys(hash);
    return { ids, hash, count: ids.length };
  }

  function userIdOf({ channel, socketId }: { channel: string; socketId: string }): string | undefined {
    return channels.get(channel)?.userIdBySocket.get(socketId);
  }

  function summaries(): ChannelSummary[] {
    return [...channels].map(([name, state]) => ({
      name,
      subscriptionCount: state.subscribers.size,
      userCount: channelKind(name) === 'presence' ? state.members.size : null,
    }));
  }

  return { subscribe, unsubscribe, isSubscribed, subscribers, presence, userIdOf, summaries };
}
