export const ROLE = {
  administrator: 1,
  vendor: 2,
  brand: 3,
  keyAccount: 4,
} as const;

export const ROLE_NAMES: Record<number, string> = {
  [ROLE.administrator]: 'Administrator',
  [ROLE.vendor]: 'Vendor',
  [ROLE.brand]: 'Brand',
  [ROLE.keyAccount]: 'Key Account',
};

export function isPlatformStaff(roleId: number) {
  return roleId === ROLE.administrator || roleId === ROLE.keyAccount;
}
