import { useNavigation, useRevalidator, useRouteLoaderData } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { pusherClient } from './realtime.client';
import type { loader as rootLoader } from '~/root';

/**
 * Calls `onEvent` for `event` on the private `channel` while the component is mounted (JavaScript
 * only). Returns whether the subscription is live, so the page can say so.
 */
export function useChannel(channel: string | null, event: string, onEvent: (payload: unknown) => void) {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const env = root?.env;
  const csrfToken = root?.csrfToken;
  const handler = useRef(onEvent);
  handler.current = onEvent;
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (!channel || !env || !csrfToken) return;
    let cancelled = false;
    let release = () => {};
    void pusherClient(env, csrfToken).then((pusher) => {
      if (cancelled) return;
      const subscription = pusher.subscribe(channel);
      const listener = (payload: unknown) => handler.current(payload);
      const ready = () => setLive(true);
      subscription.bind(event, listener);
      subscription.bind('pusher:subscription_succeeded', ready);
      if (subscription.subscribed) setLive(true);
      release = () => {
        subscription.unbind(event, listener);
        subscription.unbind('pusher:subscription_succeeded', ready);
      };
    });
    return () => {
      cancelled = true;
      release();
    };
  }, [channel, event, env, csrfToken]);
  return live;
}

/** The live connection as the header tells it: not known yet, up, or down (refused, lost, or never made). */
export type LiveConnection = 'pending' | 'up' | 'down';

const DOWN_STATES = new Set(['unavailable', 'failed', 'disconnected']);

/**
 * The state of the page's one live connection (JavaScript only; without it there is no connection and this stays
 * `pending`). pusher-js reports `unavailable` once it has tried for its unavailable timeout (10 s) without
 * getting through, so a short hiccup never shows; while it retries (`connecting`) the last known state holds.
 */
export function useLiveConnection(): LiveConnection {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const env = root?.env;
  const csrfToken = root?.csrfToken;
  const [state, setState] = useState<LiveConnection>('pending');
  useEffect(() => {
    if (!env || !csrfToken) return;
    let cancelled = false;
    let release = () => {};
    pusherClient(env, csrfToken).then(
      (pusher) => {
        if (cancelled) return;
        const update = () => {
          const current = pusher.connection.state;
          if (current === 'connected') setState('up');
          else if (DOWN_STATES.has(current)) setState('down');
        };
        update();
        pusher.connection.bind('state_change', update);
        release = () => pusher.connection.unbind('state_change', update);
      },
      // The client script itself did not load: no live updates either.
      () => {
        if (!cancelled) setState('down');
      },
    );
    return () => {
      cancelled = true;
      release();
    };
  }, [env, csrfToken]);
  return state;
}

/** How long after the document began to leave a live event waits: a download leaves the page where it was. */
const LEAVING_MS = 10_000;

/**
 * When the document last began to leave (a form submitted before the page hydrated, a link that reloads the
 * document): the browser's own navigation, which the router does not see as one.
 */
function useLeavingSince() {
  const since = useRef(0);
  useEffect(() => {
    const leave = () => {
      since.current = Date.now();
    };
    window.addEventListener('beforeunload', leave);
    return () => window.removeEventListener('beforeunload', leave);
  }, []);
  return since;
}

/**
 * Reloads the page's data when `event` arrives on `channel`, unless a navigation or form submission
 * is under way: that one reloads anyway, and interrupting it would lose its flash message. That holds for a
 * submission the browser makes itself too (clicked before the page hydrated): a reload of the data then would
 * read the flash message its redirect set, and the page it leads to would show none.
 */
export function useLiveReload(channel: string | null, event: string) {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const busy = useRef(false);
  busy.current = navigation.state !== 'idle';
  const leavingSince = useLeavingSince();
  return useChannel(channel, event, () => {
    if (busy.current || Date.now() - leavingSince.current < LEAVING_MS) return;
    revalidator.revalidate();
  });
}
