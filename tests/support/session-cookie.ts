/** A signed Remix session cookie as the browser sends it: its value still percent-encoded. */
export const SESSION_COOKIE = { name: '__Host-bo_session', value: 'eyJpZCI6IjQyIn0%3D.c2lnbmF0dXJl%2B' };
