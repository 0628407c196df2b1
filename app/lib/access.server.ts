import type { OperationName } from '../../contract/access';
import { userCan, type AccessUser } from './access';

/** A page or action the account may not use answers 403, shown by the route's error boundary. */
export function requirePermission(user: AccessUser, operation: OperationName) {
  if (!userCan(user, operation)) throw new Response('Forbidden', { status: 403 });
}
