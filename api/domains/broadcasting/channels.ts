import type { Database } from '../../db/client';
import type { AuthUser } from '../../access/auth-user';
import { ROLE } from '../../access/roles';

const USER_CHANNEL = /^private-App\.Models\.User\.(\d+)$/;
const BRAND_CHANNEL = /^private-brand\.(\d+)\.(order-status|invoice-status)$/;
const VENDOR_CHANNEL = /^private-vendor\.(\d+)\.order-status$/;

/** Whether the user may hear `channel`; only the channel families of the product exist. */
export async function mayListen(db: Database, user: AuthUser, channel: string): Promise<boolean> {
  const userMatch = USER_CHANNEL.exec(channel);
  if (userMatch) return Number(userMatch[1]) === user.id;
  const brandMatch = BRAND_CHANNEL.exec(channel);
  if (brandMatch) {
    const allowed = user.brandIds;
    return allowed === 'all' || allowed.includes(Number(brandMatch[1]));
  }
  // A vendor's channel carries its orders of every brand it serves, so brand-side users (who may see only
  // some of those brands) listen on their brand channels instead; only the vendor's users and administrators hear it.
  const vendorMatch = VENDOR_CHANNEL.exec(channel);
  if (vendorMatch) {
    const vendorId = Number(vendorMatch[1]);
    if (user.roleId === ROLE.vendor) return user.vendorId === vendorId;
    return user.roleId === ROLE.administrator;
  }
  return false;
}
