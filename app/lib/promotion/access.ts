import { can, type OperationName } from '../../../contract/access';
import type { Account } from '../upstream/account.server';

/** What the promotion screens offer, asked of the same operations the API declares (docs/decisions/022). */
export function promotionActions(user: Account) {
  const actor = { kind: user.role_id, permissions: user.permissions, special: user.is_special_account };
  const allows = (operation: OperationName) => can(actor, operation);
  return {
    list: allows('promotion.list'),
    create: allows('promotion.create'),
    update: allows('promotion.update'),
    destroy: allows('promotion.delete'),
  };
}
