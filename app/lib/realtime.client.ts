import type Pusher from 'pusher-js';
import type { PublicEnv } from './env.server';

let client: Promise<Pusher> | null = null;

/**
 * One pusher-js connection per page load. Private channels are authorised by
 * /resources/broadcasting-auth, which signs with the session's upstream token.
 */
export function pusherClient(env: PublicEnv, csrfToken: string): Promise<Pusher> {
  client ??= import('pusher-js').then(({ default: PusherJs }) => {
    const secure = env.pusherHost ? env.pusherTls : window.location.protocol === 'https:';
    const port = env.pusherPort ?? Number(window.location.port || (secure ? 443 : 80));
    return new PusherJs(env.pusherKey, {
      cluster: env.pusherCluster,
      wsHost: env.pusherHost ?? window.location.hostname,
      wsPort: port,
      wssPort: port,
      forceTLS: secure,
      enabledTransports: ['ws', 'wss'],
      disableStats: true,
      channelAuthorization: {
        endpoint: '/resources/broadcasting-auth',
        transport: 'ajax',
        headers: { 'X-CSRF-Token': csrfToken },
      },
    });
  });
  return client;
}
