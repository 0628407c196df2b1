import { parseWithZod } from '@conform-to/zod';
import { json } from '@remix-run/node';
import { formKeyOf } from '../form-key.server';
import { replyWithUpstreamError } from '../forms.server';
import { userFormSchema } from '../schemas/settings';
import { redirectWithToast } from '../toast.server';
import type { Upstream } from '../upstream.server';
import { settingsApi, type SettingsScope, type UserBody } from '../upstream/settings.server';

/** Whose account a user form makes: platform staff, or a brand's or a vendor's user. */
export type UserTarget =
  | { mode: 'staff' }
  | { mode: 'member'; kind: 'Brand'; brandId: number }
  | { mode: 'member'; kind: 'Vendor'; vendorId: number };

const ADMINISTRATOR_ROLE = 1;
const KIND_ROLES = { Brand: 3, Vendor: 2 } as const;
const BASE_ROLES = [1, 2, 3, 4];

/**
 * The roles a user form offers: the global ones but Brand and Vendor for platform staff; for a brand's or
 * vendor's user its kind's role, the roles that brand or vendor made, and (when platform staff fill the form)
 * the global roles made beyond the four kinds.
 */
export async function roleOptionsFor(api: Upstream, target: UserTarget, { staff }: { staff: boolean }) {
  const list = async (scope: SettingsScope) =>
    (await settingsApi.roles(api, { scope, query: { per_page: 1000 } })).data.map((role) => ({
      id: role.id,
      name: role.name,
    }));
  // Platform staff are administrators or key accounts: the Brand and Vendor roles are for members' forms.
  if (target.mode === 'staff')
    return (await list({ kind: 'global' })).filter(
      (role) => role.id !== KIND_ROLES.Brand && role.id !== KIND_ROLES.Vendor,
    );
  const own = await list(
    target.kind === 'Brand' ? { kind: 'brand', id: target.brandId } : { kind: 'vendor', id: target.vendorId },
  );
  const global = staff
    ? (await list({ kind: 'global' })).filter((role) => !BASE_ROLES.includes(role.id))
    : [];
  return [{ id: KIND_ROLES[target.kind], name: target.kind }, ...own, ...global];
}

/**
 * The body the API takes (docs/decisions/014): an administrator saving a user whose role is not the Administrator
 * role adds role_name "Key Account" (with the brands it manages); brand and vendor users go as "Brand" with
 * brand_id or "Vendor" with vendor_id.
 */
function bodyOf(
  target: UserTarget,
  value: {
    name: string;
    email: string;
    mobile_phone?: string;
    password?: string;
    role_id?: number;
    brand_ids: number[];
  },
  editing: boolean,
): UserBody {
  const body: UserBody = { name: value.name, email: value.email };
  if (value.password) body.password = value.password;
  if (value.role_id) body.role_id = value.role_id;
  if (target.mode === 'staff') {
    if (value.role_id && value.role_id !== ADMINISTRATOR_ROLE) {
      body.role_name = 'Key Account';
      body.brand_ids = value.brand_ids;
    }
    return body;
  }
  body.mobile_phone = value.mobile_phone;
  if (!editing) {
    body.role_name = target.kind;
    if (target.kind === 'Brand') body.brand_id = target.brandId;
    else body.vendor_id = target.vendorId;
  }
  return body;
}

export async function saveUserAction({
  api,
  formData,
  target,
  id,
  listPath,
  formPath,
}: {
  api: Upstream;
  formData: FormData;
  target: UserTarget;
  id: number | null;
  /** Where a created user sends the page (its list), and the base of an edited one's address. */
  listPath: string;
  formPath: string;
}) {
  const schema = userFormSchema({ mode: target.mode, editing: Boolean(id) });
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== 'success') {
    return json({ result: submission.reply({ hideFields: ['password'] }) }, { status: 400 });
  }
  try {
    await settingsApi.saveUser(api, {
      id: id ?? undefined,
      body: bodyOf(target, submission.value, Boolean(id)),
      formKey: formKeyOf(formData),
    });
    return redirectWithToast(id ? `${formPath}/${id}` : listPath, {
      type: 'success',
      message: id ? 'toast.saved' : 'toast.created',
    });
  } catch (error) {
    const fields = ['name', 'email', 'mobile_phone', 'password', 'role_id', 'brand_ids'];
    return json(
      { result: replyWithUpstreamError(submission, error, fields, { hideFields: ['password'] }) },
      { status: 400 },
    );
  }
}
