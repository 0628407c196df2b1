import type { PublicEnv } from './env.server';
import { PusherLite } from './realtime/pusher-lite';

let client: PusherLite | null = null;

/**
 * One Pusher connection per page load. Private channels are authorised by /resources/broadcasting-auth, which
 * signs with the session's upstream token (the browser never holds it).
 */
export function pusherClient(env: PublicEnv, csrfToken: string): Promise<PusherLite> {
  if (!client) {
    const secure = env.pusherHost ? env.pusherTls : window.location.protocol === 'https:';
    client = new PusherLite({
      key: env.pusherKey,
      host: env.pusherHost ?? window.location.hostname,
      port: env.pusherPort ?? Number(window.location.port || (secure ? 443 : 80)),
      secure,
      authorize: async (socketId, channel) => {
        const response = await fetch('/resources/broadcasting-auth', {
          method: 'POST',
          headers: { 'X-CSRF-Token': csrfToken },
          body: new URLSearchParams({ socket_id: socketId, channel_name: channel }),
        });
        if (!response.ok) throw new Error(`channel authorisation answered ${response.status}`);
        return response.json();
      },
    });
  }
  return Promise.resolve(client);
}
