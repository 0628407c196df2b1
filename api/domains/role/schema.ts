import { z } from 'zod';
import { idParam } from '../../http/params';
import { pageQuerySchema } from '../../http/pagination';

export const roleListQuerySchema = pageQuerySchema.extend({ sorted_by: z.string().max(50).optional() });

export type RoleListQuery = z.infer<typeof roleListQuerySchema>;

export const roleBodySchema = z.object({ name: z.string().trim().min(1).max(100) }).strict();

export type RoleBody = z.infer<typeof roleBodySchema>;

const permissionIds = z.array(idParam).max(500);

export const gateSettingCreateSchema = z
  .object({ role_id: idParam, permission_ids: permissionIds.default([]) })
  .strict();

/** The role of a gate setting is fixed once created (the form disables it); sent again, it must be the same. */
export const gateSettingUpdateSchema = z
  .object({ role_id: idParam.optional(), permission_ids: permissionIds })
  .strict();

export type GateSettingCreate = z.infer<typeof gateSettingCreateSchema>;
export type GateSettingUpdate = z.infer<typeof gateSettingUpdateSchema>;
