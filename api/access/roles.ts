import { KIND, isPlatformStaff } from '../../contract/access';

/** The built-in roles carry the ids of the kinds of account they are the roles of (1 Administrator … 4 Key Account). */
export const ROLE = KIND;

export const ROLE_NAMES: Record<number, string> = {
  [ROLE.administrator]: 'Administrator',
  [ROLE.vendor]: 'Vendor',
  [ROLE.brand]: 'Brand',
  [ROLE.keyAccount]: 'Key Account',
};

export { isPlatformStaff };
