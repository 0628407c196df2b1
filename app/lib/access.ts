import { can, type Actor, type OperationName } from '../../contract/access';

export { isPlatformStaff, KIND, type OperationName } from '../../contract/access';

/** The signed-in account as the API reports it (`GET /api/account`). */
export type AccessUser = { role_id: number; permissions: readonly string[]; is_special_account: boolean };

/** The account in the contract's terms: its kind, what its role holds, and whether it is a special account. */
export function actorOf(user: AccessUser): Actor {
  return { kind: user.role_id, permissions: user.permissions, special: user.is_special_account };
}

/**
 * Whether the account may perform `operation`: the one question every screen asks (navigation, cards, buttons,
 * forms, guards), answered by the policy the API enforces (docs/decisions/022).
 */
export function userCan(user: AccessUser, operation: OperationName) {
  return can(actorOf(user), operation);
}
