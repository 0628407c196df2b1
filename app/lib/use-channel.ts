import { useNavigation, useRevalidator, useRouteLoaderData } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { pusherClient } from './realtime.client';
import type { loader as rootLoader } from '~/root';

/** Calls `onEvent` for `event` on the private `channel` while the component is mounted (JavaScript only). */
export function useChannel(channel: string | null, event: string, onEvent: (payload: unknown) => void) {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const handler = useRef(onEvent);
  handler.current = onEvent;
  useEffect(() => {
    if (!channel || !root) return;
    let cancelled = false;
    let release = () => {};
    void pusherClient(root.env, root.csrfToken).then((pusher) => {
      if (cancelled) return;
      const subscription = pusher.subscribe(channel);
      const listener = (payload: unknown) => handler.current(payload);
      subscription.bind(event, listener);
      release = () => subscription.unbind(event, listener);
    });
    return () => {
      cancelled = true;
      release();
    };
  }, [channel, event, root]);
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
  useChannel(channel, event, () => {
    if (!busy.current) revalidator.revalidate();
  });
}
