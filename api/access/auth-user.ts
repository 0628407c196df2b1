/**
 * The signed-in account as the access rules read it: its kind, permissions and reach. The HTTP layer finds it from
 * the bearer token (http/auth.ts) and carries it on each request; the rules here only read it.
 */
export type AuthUser = {
  id: number;
  name: string;
  email: string;
  roleId: number;
  brandId: number | null;
  vendorId: number | null;
  currentBrandId: number | null;
  isSpecialAccount: boolean;
  permissions: readonly string[];
  /** The brands the user may act on from the brand side; `'all'` for administrators, none for a vendor's users. */
  brandIds: readonly number[] | 'all';
  /**
   * Every brand the account's work touches (docs/decisions/022): its brands, or for a vendor's user every brand its
   * vendor serves. Nobody reads, creates or changes what reaches further.
   */
  reach: readonly number[] | 'all';
  tokenId: string;
};
