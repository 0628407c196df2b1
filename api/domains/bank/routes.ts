import type { Context } from 'hono';
import type { ApiEnv } from '../../http/context';
import { endpoint, endpointGroup } from '../../http/endpoints';
import { forbidden } from '../../http/errors';
import { parseId } from '../../http/tenancy';
import { write } from '../../http/write';
import { isPlatformStaff, ROLE } from '../access/roles';
import { bankBodySchema, bankListQuerySchema, bankSelectQuerySchema } from './schema';
import {
  bankOptions,
  createBank,
  deleteBank,
  findBank,
  listBanks,
  serializeBank,
  updateBank,
} from './service';

/** Banks are a setting of administrators alone (spec 001 §6: the bank menu is the administrator's). */
function requireAdministrator(c: Context<ApiEnv>) {
  if (c.var.user.roleId !== ROLE.administrator) throw forbidden();
}

function bankId(c: Context<ApiEnv>) {
  return parseId(c.req.param('id'));
}

/** /api/bank (the settings screen) and /api/select/bank (the payment form's options). */
export const bankEndpoints = endpointGroup([
  endpoint({
    method: 'get',
    path: '/api/bank',
    summary: 'Banks (administrators)',
    tag: 'bank',
    query: bankListQuerySchema,
    authorize: requireAdministrator,
    handle: async (c, { query }) => {
      return c.json(await listBanks(c.var.deps.db, query));
    },
  }),
  endpoint({
    method: 'post',
    path: '/api/bank',
    summary: 'Add a bank',
    tag: 'bank',
    body: bankBodySchema,
    authorize: requireAdministrator,
    handle: async (c, { body }) => {
      const bank = await write(c, (work) => createBank(work, body));
      return c.json({ message: 'Data berhasil dibuat', data: serializeBank(bank) }, 201);
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/bank/{id}',
    summary: 'One bank',
    tag: 'bank',
    authorize: requireAdministrator,
    handle: async (c) => {
      return c.json({ data: serializeBank(await findBank(c.var.deps.db, bankId(c))) });
    },
  }),
  endpoint({
    method: 'put',
    path: '/api/bank/{id}',
    summary: 'Rename a bank',
    tag: 'bank',
    body: bankBodySchema,
    authorize: requireAdministrator,
    handle: async (c, { body }) => {
      const id = bankId(c);
      const bank = await write(c, (work) => updateBank(work, id, body));
      return c.json({ message: 'Data berhasil diubah', data: serializeBank(bank) });
    },
  }),
  endpoint({
    method: 'delete',
    path: '/api/bank/{id}',
    summary: 'Delete a bank no voucher names (422 otherwise)',
    tag: 'bank',
    authorize: requireAdministrator,
    handle: async (c) => {
      const id = bankId(c);
      await write(c, (work) => deleteBank(work, id));
      return c.json({ message: 'Data berhasil dihapus' });
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/select/bank',
    summary: 'Bank options of the payment form (administrators and key accounts)',
    tag: 'bank',
    query: bankSelectQuerySchema,
    authorize: (c) => {
      if (!isPlatformStaff(c.var.user.roleId)) throw forbidden();
    },
    handle: async (c, { query }) => c.json(await bankOptions(c.var.deps.db, query)),
  }),
]);
