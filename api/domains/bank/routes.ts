import type { Context } from 'hono';
import type { ApiEnv } from '../../http/context';
import { endpoint, endpointGroup } from '../../http/endpoints';
import { parseId } from '../../http/tenancy';
import { write } from '../../http/write';
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
import { WRITE_MESSAGE } from '../../http/messages';

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
    policy: { operation: 'bank.list', tenancy: 'shared' },
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
    policy: { operation: 'bank.create', tenancy: 'shared' },
    handle: async (c, { body }) => {
      const bank = await write(c, (work) => createBank(work, body));
      return c.json({ message: WRITE_MESSAGE.created, data: serializeBank(bank) }, 201);
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/bank/{id}',
    summary: 'One bank',
    tag: 'bank',
    policy: { operation: 'bank.list', tenancy: 'shared' },
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
    policy: { operation: 'bank.update', tenancy: 'shared' },
    handle: async (c, { body }) => {
      const id = bankId(c);
      const bank = await write(c, (work) => updateBank(work, id, body));
      return c.json({ message: WRITE_MESSAGE.updated, data: serializeBank(bank) });
    },
  }),
  endpoint({
    method: 'delete',
    path: '/api/bank/{id}',
    summary: 'Delete a bank no voucher names (422 otherwise)',
    tag: 'bank',
    policy: { operation: 'bank.delete', tenancy: 'shared' },
    handle: async (c) => {
      const id = bankId(c);
      await write(c, (work) => deleteBank(work, id));
      return c.json({ message: WRITE_MESSAGE.deleted });
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/select/bank',
    summary: 'Bank options of the payment form (administrators and key accounts)',
    tag: 'bank',
    query: bankSelectQuerySchema,
    policy: { operation: 'payment.bank-options', tenancy: 'shared' },
    handle: async (c, { query }) => c.json(await bankOptions(c.var.deps.db, query)),
  }),
]);
