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

/**
 * Reloads the page's data when `event` arrives on `channel`, unless a navigation or form submission
 * is under way: that one reloads anyway, and interrupting it would lose its flash message.
 */
export function useLiveReload(channel: string | null, event: string) {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const busy = useRef(false);
  busy.current = navigation.state !== 'idle';
  return useChannel(channel, event, () => {
    if (!busy.current) revalidator.revalidate();
  });
}
