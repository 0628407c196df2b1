import { redirect, type AppLoadContext } from '@remix-run/node';
import { Authenticator, AuthorizationError } from 'remix-auth';
import { FormStrategy } from 'remix-auth-form';
import { env } from './env.server';
import { oncePerRequest } from './request-memo.server';
import { getSession, sessionStorage, toStoredTokens, type StoredTokens } from './session.server';
import { accountApi } from './upstream/account.server';
import { guestUpstream, upstreamClient, UpstreamError } from './upstream/client.server';
import { credentialsApi } from './upstream/credentials.server';
import { transportFor } from './upstream/transport-for.server';

const REFRESH_MARGIN_MS = 30_000;
const LAST_SEEN_RESOLUTION_MS = 60_000;

export const authenticator = new Authenticator<StoredTokens>(sessionStorage, { sessionKey: 'tokens' });

authenticator.use(
  new FormStrategy(async ({ form, context }) => {
    const tokens = await credentialsApi.passwordGrant(guestUpstream(context), {
      username: String(form.get('email') ?? ''),
      password: String(form.get('password') ?? ''),
    });
    return toStoredTokens(tokens);
  }),
  'password',
);

/** Signs in through the upstream's password grant; an upstream refusal comes back as its UpstreamError. */
export async function signIn(request: Request, formData: FormData, context: AppLoadContext) {
  try {
    // remix-auth copies the request; the body was already read into formData, so hand it a bodiless copy.
    const copy = new Request(request.url, { method: 'POST', headers: request.headers });
    return await authenticator.authenticate('password', copy, {
      throwOnError: true,
      context: { ...context, formData },
    });
  } catch (error) {
    if (error instanceof AuthorizationError && error.cause instanceof UpstreamError) throw error.cause;
    throw error;
  }
}

/** A fresh session (new id) on every sign-in, so a session id known before sign-in is worthless after it. */
export async function createUserSession(request: Request, tokens: StoredTokens, redirectTo: string) {
  const previous = await getSession(request);
  const headers = new Headers();
  if (previous.id) headers.append('Set-Cookie', await sessionStorage.destroySession(previous));
  const session = await sessionStorage.getSession();
  const now = Date.now();
  session.set('tokens', tokens);
  session.set('createdAt', now);
  session.set('lastSeenAt', now);
  headers.append('Set-Cookie', await sessionStorage.commitSession(session));
  return redirect(redirectTo, { headers });
}

const SAME_ORIGIN = 'http://same-origin.invalid';

/**
 * A path of this app to go to after signing in, or `fallback`. The target is resolved as a browser would
 * (which drops tabs and line breaks and reads `/\` as `//`), and only a path that stays on this origin is
 * kept, re-serialised, so nothing of the original text reaches a Location header.
 */
export function safeRedirect(target: FormDataEntryValue | string | null | undefined, fallback = '/') {
  if (typeof target !== 'string' || !target.startsWith('/')) return fallback;
  let url: URL;
  try {
    url = new URL(target, SAME_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== SAME_ORIGIN) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

function loginUrl(request: Request) {
  const url = new URL(request.url);
  const here = `${url.pathname}${url.search}`;
  return here === '/' ? '/auth/login' : `/auth/login?redirectTo=${encodeURIComponent(here)}`;
}

/** Ends the session and sends the user to sign in, back to this page afterwards. */
export async function sendToSignIn(request: Request): Promise<never> {
  const session = await getSession(request);
  throw redirect(loginUrl(request), {
    headers: { 'Set-Cookie': await sessionStorage.destroySession(session) },
  });
}

const refreshes = new Map<string, Promise<StoredTokens>>();

/** Refreshes once per session even when parallel loaders all find the token expiring. */
function refreshOnce(sessionId: string, tokens: StoredTokens, context: AppLoadContext) {
  let pending = refreshes.get(sessionId);
  if (!pending) {
    pending = credentialsApi
      .refreshGrant(guestUpstream(context), { refreshToken: tokens.refreshToken })
      .then((fresh) => toStoredTokens(fresh))
      .finally(() => setTimeout(() => refreshes.delete(sessionId), 5_000).unref());
    refreshes.set(sessionId, pending);
  }
  return pending;
}

/**
 * The session's upstream access token, refreshed when close to expiry; no session sends the user to sign in.
 * Given the load context, the loaders of one page read the session once.
 */
export function requireToken(request: Request, context: AppLoadContext): Promise<string> {
  return oncePerRequest(request, context, 'token', () => readToken(request, context));
}

/**
 * The file session storage rewrites a session's file in place (truncate, then write); a parallel request of the
 * same session that reads it in between finds no JSON. That read is tried again a moment later.
 */
async function readSession(request: Request) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await getSession(request);
    } catch (error) {
      if (!(error instanceof SyntaxError) || attempt === 3) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 * attempt));
    }
  }
}

async function readToken(request: Request, context: AppLoadContext): Promise<string> {
  const session = await readSession(request);
  const tokens = session.get('tokens');
  if (!tokens) throw redirect(loginUrl(request));
  const now = Date.now();
  const idle = now - (session.get('lastSeenAt') ?? 0) > env.SESSION_IDLE_MINUTES * 60_000;
  const expired = now - (session.get('createdAt') ?? 0) > env.SESSION_MAX_HOURS * 3_600_000;
  if (idle || expired) return sendToSignIn(request);

  let current = tokens;
  let changed = now - (session.get('lastSeenAt') ?? 0) > LAST_SEEN_RESOLUTION_MS;
  if (tokens.expiresAt - REFRESH_MARGIN_MS <= now) {
    try {
      current = await refreshOnce(session.id, tokens, context);
    } catch (error) {
      if (error instanceof UpstreamError && error.status < 500) return sendToSignIn(request);
      throw error;
    }
    session.set('tokens', current);
    changed = true;
  }
  // Parallel loaders share one session file: write it only when something changed, not on every request.
  if (changed) {
    session.set('lastSeenAt', now);
    await sessionStorage.commitSession(session);
  }
  return current.accessToken;
}

export async function redirectIfSignedIn(request: Request) {
  const session = await getSession(request);
  if (session.get('tokens')) throw redirect('/dashboard');
}

/** Revokes the upstream tokens first, so a copy of the cookie is dead even if the browser keeps it. */
export async function signOut(request: Request, context: AppLoadContext) {
  const session = await getSession(request);
  const tokens = session.get('tokens');
  if (tokens) {
    const api = upstreamClient({ transport: transportFor(context), token: tokens.accessToken });
    await accountApi.logout(api).catch(() => undefined);
  }
  return redirect('/auth/login', { headers: { 'Set-Cookie': await sessionStorage.destroySession(session) } });
}
