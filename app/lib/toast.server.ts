import { createCookieSessionStorage, redirect } from '@remix-run/node';
import { env } from './env.server';

export type Toast = { type: 'success' | 'error' | 'info'; message: string; values?: Record<string, string> };

const toastStorage = createCookieSessionStorage<{ toast: Toast }, { toast: Toast }>({
  cookie: {
    name: 'bo_toast',
    httpOnly: true,
    sameSite: 'lax',
    secure: env.NODE_ENV === 'production',
    path: '/',
    secrets: [env.SESSION_SECRET],
  },
});

/** `message` is an i18n key, or the upstream's own message when it has one to show. */
export async function redirectWithToast(url: string, toast: Toast, init: ResponseInit = {}) {
  const session = await toastStorage.getSession();
  session.flash('toast', toast);
  const headers = new Headers(init.headers);
  headers.append('Set-Cookie', await toastStorage.commitSession(session));
  return redirect(url, { ...init, headers });
}

export async function readToast(request: Request) {
  const session = await toastStorage.getSession(request.headers.get('Cookie'));
  const toast = session.get('toast') ?? null;
  return { toast, setCookie: toast ? await toastStorage.commitSession(session) : null };
}
