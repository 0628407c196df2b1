/**
 * Which pages may open the real-time WebSocket: those of a listed origin, or, when the server is told to
 * (development without APP_URL), any page served by this very server, that is an Origin whose host is the
 * request's own Host. A request without an Origin is no browser page and is not refused here.
 */
export type OriginRule = { allowed: ReadonlySet<string>; sameHost: boolean };

export function originRule(allowed: string[] = [], sameHost = false): OriginRule {
  return { allowed: new Set(allowed.map((origin) => origin.toLowerCase())), sameHost };
}

export function originAllowed(
  rule: OriginRule,
  request: { origin: string | undefined; host: string | undefined },
): boolean {
  const { origin, host } = request;
  if (origin === undefined) return true;
  if (rule.allowed.size === 0 && !rule.sameHost) return true;
  if (rule.allowed.has(origin.toLowerCase())) return true;
  if (!rule.sameHost || !host) return false;
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.host === host.toLowerCase();
  } catch {
    return false;
  }
}
