import type { AppLoadContext } from '@remix-run/node';
import { requireToken, sendToSignIn } from './auth.server';
import { upstreamClient, type Upstream, type UpstreamError } from './upstream/client.server';
import { transportFor } from './upstream/transport-for.server';

export { guestUpstream, UpstreamError, type Upstream } from './upstream/client.server';

/**
 * A refusal as the browser should see it: an expired or revoked token signs the user out to sign in again;
 * 404, and a 403 to a page being read, are thrown as such; a page's own query that the upstream refuses (an
 * address edited by hand) is a bad request; an upstream that is briefly away is a 503 with Retry-After.
 * Anything else stays an UpstreamError, so a submitted form's 403, 409 or 422 reaches the form, which keeps
 * what was typed and says why.
 */
async function answerRefusal(request: Request, error: UpstreamError): Promise<never> {
  if (error.status === 401) return sendToSignIn(request);
  if (error.status === 404 || (error.status === 403 && request.method === 'GET'))
    throw new Response(error.message, { status: error.status });
  if (error.status === 422 && request.method === 'GET') throw new Response(error.message, { status: 400 });
  // The upstream (or its database) is away for a moment: say so, and when to try again.
  if (error.status === 503) {
    throw new Response(error.message, {
      status: 503,
      headers: { 'Retry-After': String(error.retryAfter ?? 2) },
    });
  }
  throw error;
}

/**
 * The upstream for one browser request: the session's token (refreshed ahead of expiry, once per session), in
 * process when the API is embedded, and refusals answered as the page should. No session sends the user to
 * sign in.
 */
export async function upstreamFor(request: Request, context: AppLoadContext): Promise<Upstream> {
  const token = await requireToken(request, context);
  return upstreamClient({
    transport: transportFor(context),
    token,
    onRefusal: (error) => answerRefusal(request, error),
  });
}
