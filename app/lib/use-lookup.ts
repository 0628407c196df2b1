import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * JSON from one of this app's resource routes, fetched on demand (typed suggestions, a category's choices; with
 * JavaScript only). Not a Remix fetcher: a loaded fetcher is reloaded after every submission, and with lazy route
 * discovery a reload that starts while its route is still being discovered is sent to the catch-all route
 * (remix-run/react-router#15326), which ended the page in an error. The newest lookup wins; a failed one keeps
 * what was there.
 */
export function useLookup<T>() {
  const [data, setData] = useState<T>();
  const pending = useRef<AbortController>();
  useEffect(() => () => pending.current?.abort(), []);
  const load = useCallback((url: string) => {
    pending.current?.abort();
    const controller = new AbortController();
    pending.current = controller;
    fetch(url, { headers: { Accept: 'application/json' }, signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<T>) : undefined))
      .then((json) => {
        if (json !== undefined && !controller.signal.aborted) setData(json);
      })
      .catch(() => {});
  }, []);
  return { data, load };
}
