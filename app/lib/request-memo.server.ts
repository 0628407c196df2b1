import type { AppLoadContext } from '@remix-run/node';

const memos = new WeakMap<AppLoadContext, Map<string, Promise<unknown>>>();

/**
 * Remix hands the loaders of one page request the same load context, so what the layout and the page both
 * need (the session's token, the account) is read once for them. GET only: a document POST runs its action
 * in the same context before the loaders, and the loaders must see what the action changed.
 */
export function oncePerRequest<T>(
  request: Request,
  context: AppLoadContext | undefined,
  key: string,
  load: () => Promise<T>,
): Promise<T> {
  if (!context || request.method !== 'GET') return load();
  let memo = memos.get(context);
  if (!memo) memos.set(context, (memo = new Map()));
  let pending = memo.get(key) as Promise<T> | undefined;
  if (!pending) memo.set(key, (pending = load()));
  return pending;
}
