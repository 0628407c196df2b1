import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, nullableTimestamp, updatedAt } from './columns';
import { brands, vendors } from './tenancy';

/** A role is global (no brand, no vendor), a brand's or a vendor's; its name is unique where it lives. */
export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    brandId: integer('brand_id').references(() => brands.id),
    vendorId: integer('vendor_id').references(() => vendors.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('roles_scope_name_unique').on(
      sql`coalesce(${t.brandId}, 0)`,
      sql`coalesce(${t.vendorId}, 0)`,
      sql`lower(${t.name})`,
    ),
  ],
);

export const permissions = pgTable('permissions', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const gateSettings = pgTable(
  'gate_settings',
  {
    id: serial('id').primaryKey(),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('gate_settings_role_unique').on(t.roleId)],
);

export const gateSettingPermissions = pgTable(
  'gate_setting_permissions',
  {
    gateSettingId: integer('gate_setting_id')
      .notNull()
      .references(() => gateSettings.id, { onDelete: 'cascade' }),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => permissions.id),
  },
  (t) => [primaryKey({ columns: [t.gateSettingId, t.permissionId] })],
);

export const media = pgTable('media', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  encodedName: text('encoded_name').notNull(),
  size: integer('size').notNull(),
  extension: text('extension').notNull(),
  mimeType: text('mime_type').notNull(),
  path: text('path').notNull(),
  disk: text('disk').notNull().default('public'),
  createdBy: integer('created_by'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    mobilePhone: text('mobile_phone'),
    passwordHash: text('password_hash').notNull(),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    brandId: integer('brand_id').references(() => brands.id),
    vendorId: integer('vendor_id').references(() => vendors.id),
    currentBrandId: integer('current_brand_id').references(() => brands.id),
    photoId: integer('photo_id').references(() => media.id),
    /** The role whose gate setting gives the user's permissions; null: the role of the user's kind (`role_id`). */
    assignedRoleId: integer('assigned_role_id').references(() => roles.id),
    isSpecialAccount: boolean('is_special_account').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: nullableTimestamp('deleted_at'),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    index('users_brand_idx').on(t.brandId),
    index('users_vendor_idx').on(t.vendorId),
    index('users_assigned_role_idx').on(t.assignedRoleId),
  ],
);

export const userBrands = pgTable(
  'user_brands',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.brandId] })],
);

export const accessTokens = pgTable(
  'access_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: nullableTimestamp('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('access_tokens_hash_unique').on(t.tokenHash),
    index('access_tokens_user_idx').on(t.userId),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accessTokenId: uuid('access_token_id')
      .notNull()
      .references(() => accessTokens.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /**
     * Every refresh token rotated out of the same sign-in shares its family: a rotated one presented again means
     * it was copied, and the whole family is revoked.
     */
    familyId: uuid('family_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: nullableTimestamp('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_unique').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
  ],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: nullableTimestamp('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('password_resets_email_idx').on(t.email)],
);

export type NotificationData = {
  web: { type: string; route: string; brand: { id: number | null } };
  notification: {
    title: string;
    description: string;
    timestamp: string;
    order_id?: number | null;
    invoice_offer_log_id?: number | null;
    update_stock_history_id?: number | null;
  };
};

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    data: jsonb('data').$type<NotificationData>().notNull(),
    readAt: nullableTimestamp('read_at'),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_created_idx').on(t.userId, t.createdAt)],
);

export const auditLogs = pgTable(
  'audit_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: integer('actor_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    changes: jsonb('changes')
      .$type<Record<string, { before: unknown; after: unknown }>>()
      .notNull()
      .default({}),
    ip: text('ip'),
    /** The tenants the record belongs to, taken by the unit of work from the entry (docs/decisions/014). */
    brandId: integer('brand_id'),
    vendorId: integer('vendor_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_logs_entity_idx').on(t.entity, t.entityId),
    index('audit_logs_actor_idx').on(t.actorId),
    index('audit_logs_brand_idx').on(t.brandId, t.id),
    index('audit_logs_vendor_idx').on(t.vendorId, t.id),
  ],
);

export const eventOutbox = pgTable(
  'event_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: text('channel').notNull(),
    event: text('event').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
    publishedAt: nullableTimestamp('published_at'),
  },
  (t) => [
    index('event_outbox_unpublished_idx')
      .on(t.id)
      .where(sql`published_at is null`),
  ],
);

/**
 * The answers of creating requests sent with an `Idempotency-Key`, per user: the same key and body replay the
 * first answer, so a form posted twice creates one record. `status` is null while the first is in progress.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    status: integer('status'),
    response: text('response'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
