import type { Database } from '../../db/client';
import type { AuthUser } from '../../http/context';
import { ApiError } from '../../http/errors';
import { brandIdsOf, resolveVendor } from '../../http/tenancy';

const USER_CHANNEL = /^private-App\.Models\.User\.(\d+)$/;
const BRAND_CHANNEL = /^private-brand\.(\d+)\.(order-status|invoice-status)$/;
const VENDOR_CHANNEL = /^private-vendor\.(\d+)\.order-status$/;

/** Whether the user may hear `channel`; only the channel families of the product exist. */
export async function mayListen(db: Database, user: AuthUser, channel: string): Promise<boolean> {
  const userMatch = USER_CHANNEL.exec(channel);
  if (userMatch) return Number(userMatch[1]) === user.id;
  const brandMatch = BRAND_CHANNEL.exec(channel);
  if (brandMatch) {
    const allowed = await brandIdsOf(db, user);
    return allowed === 'all' || allowed.includes(Number(brandMatch[1]));
  }
  const vendorMatch = VENDOR_CHANNEL.exec(channel);
  if (vendorMatch) {
    try {
      await resolveVendor(db, user, Number(vendorMatch[1]));
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return false;
      throw error;
    }
  }
  return false;
}
