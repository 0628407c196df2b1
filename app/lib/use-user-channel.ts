import { useEffect } from 'react';
import type { PublicEnv } from './env.server';

const NOTIFICATION_EVENT = 'Illuminate\\Notifications\\Events\\BroadcastNotificationCreated';

/**
 * Subscribes to the user's private channel with pusher-js. Channel authorisation goes through
 * /resources/broadcasting-auth, which signs with the session's upstream token; the browser never holds it.
 */
export function useUserChannel({
  env,
  userId,
  csrfToken,
  onNotification,
}: {
  env: PublicEnv;
  userId: number;
  csrfToken: string;
  onNotification: (payload: unknown) => void;
}) {
  useEffect(() => {
    let disconnect = () => {};
    let cancelled = false;
    void import('pusher-js').then(({ default: Pusher }) => {
      if (cancelled) return;
      const secure = env.pusherHost ? env.pusherTls : window.location.protocol === 'https:';
      const port = env.pusherPort ?? Number(window.location.port || (secure ? 443 : 80));
      const client = new Pusher(env.pusherKey, {
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
      const channel = client.subscribe(`private-App.Models.User.${userId}`);
      channel.bind(NOTIFICATION_EVENT, onNotification);
      disconnect = () => client.disconnect();
    });
    return () => {
      cancelled = true;
      disconnect();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one connection per user and page load
  }, [userId]);
}
