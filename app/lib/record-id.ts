/** The largest id a record can have (a `serial` column, as the API's MAX_ID); a larger one names nothing. */
export const MAX_RECORD_ID = 2_147_483_647;

/**
 * A record id from the address: decimal digits only, so `0x10`, `1e1`, ` 16` or `+16` (which Number() reads as
 * 16 or 10) name no record; anything else is a page that does not exist.
 */
export function pathId(raw: string | undefined) {
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : 0;
  if (id < 1 || id > MAX_RECORD_ID) throw new Response('Not Found', { status: 404 });
  return id;
}
