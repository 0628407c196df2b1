import { parseWithZod } from '@conform-to/zod';
import { describe, expect, it } from 'vitest';
import { z, type ZodTypeAny } from 'zod';
import en from '../../locales/en/common.json';
import id from '../../locales/id/common.json';
import * as account from '~/lib/schemas/account';
import * as auth from '~/lib/schemas/auth';
import * as image from '~/lib/schemas/image';
import * as listing from '~/lib/schemas/listing';
import * as order from '~/lib/schemas/order';
import * as payment from '~/lib/schemas/payment';
import * as promotion from '~/lib/schemas/promotion';
import * as search from '~/lib/schemas/search';
import * as settings from '~/lib/schemas/settings';
import * as stock from '~/lib/schemas/stock';

const modules = { account, auth, image, listing, order, payment, promotion, search, settings, stock };

/** The schemas a factory makes, in every shape a screen asks for. */
const made: Record<string, ZodTypeAny[]> = {
  'listing.listingFormSchema': [true, false].map((creating) =>
    listing.listingFormSchema({ creating, pictureLimit: 5 }),
  ),
  'settings.userFormSchema': (['staff', 'member'] as const).flatMap((mode) =>
    [true, false].map((editing) => settings.userFormSchema({ mode, editing })),
  ),
  'settings.tenantFormSchema': (['brand', 'vendor'] as const).map((kind) =>
    settings.tenantFormSchema({ kind }),
  ),
  'image.imageField': [z.object({ file: image.imageField() })],
};

function formSchemas() {
  const found: [string, ZodTypeAny][] = [];
  for (const [file, exports] of Object.entries(modules)) {
    for (const [name, value] of Object.entries(exports)) {
      if (value instanceof z.ZodType) found.push([`${file}.${name}`, value]);
      else if (typeof value === 'function' && /Schema$|Field$/.test(name)) {
        const schemas = made[`${file}.${name}`];
        if (!schemas) throw new Error(`${file}.${name} makes a schema this test does not walk`);
        schemas.forEach((schema, index) => found.push([`${file}.${name}#${index}`, schema]));
      }
    }
  }
  return found;
}

/** The object shapes inside a schema: its fields, and the fields of the rows of its lists. */
function shapeOf(schema: ZodTypeAny): Record<string, ZodTypeAny> {
  const def = schema._def as Record<string, unknown>;
  if (schema instanceof z.ZodObject) return schema.shape as Record<string, ZodTypeAny>;
  if (schema instanceof z.ZodIntersection)
    return { ...shapeOf(def.left as ZodTypeAny), ...shapeOf(def.right as ZodTypeAny) };
  for (const inner of ['schema', 'innerType', 'in', 'type']) {
    if (def[inner] instanceof z.ZodType) return shapeOf(def[inner] as ZodTypeAny);
  }
  return {};
}

function rowShapeOf(field: ZodTypeAny): Record<string, ZodTypeAny> | null {
  const def = field._def as Record<string, unknown>;
  if (field instanceof z.ZodArray) {
    const rows = shapeOf(field.element as ZodTypeAny);
    return Object.keys(rows).length ? rows : null;
  }
  for (const inner of ['schema', 'innerType', 'in']) {
    if (def[inner] instanceof z.ZodType) return rowShapeOf(def[inner] as ZodTypeAny);
  }
  return null;
}

const WRONG: unknown[] = ['', 'abc', 'x'.repeat(5000), '-1.5', '1e400', -1, 0, 1.5, true, {}, ['abc'], null];

/** Every field at once set to each wrong value, and rows of lists filled with it. */
function payloads(schema: ZodTypeAny) {
  const shape = shapeOf(schema);
  const all: Record<string, unknown>[] = [{}];
  for (const wrong of WRONG) {
    const payload: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(shape)) {
      const rows = rowShapeOf(field);
      payload[key] = rows ? [Object.fromEntries(Object.keys(rows).map((sub) => [sub, wrong])), wrong] : wrong;
    }
    all.push(payload);
  }
  return all;
}

function formDataOf(payload: Record<string, unknown>) {
  const form = new FormData();
  const add = (name: string, value: unknown) => {
    if (Array.isArray(value)) value.forEach((item, index) => add(`${name}[${index}]`, item));
    else if (value && typeof value === 'object')
      Object.entries(value).forEach(([key, item]) => add(`${name}.${key}`, item));
    else if (value !== null && value !== undefined) form.append(name, String(value));
  };
  Object.entries(payload).forEach(([key, value]) => add(key, value));
  return form;
}

function messagesOf(schema: ZodTypeAny, payload: Record<string, unknown>) {
  const direct = schema.safeParse(payload);
  const messages = direct.success ? [] : direct.error.issues.map((issue) => issue.message);
  const submitted = parseWithZod(formDataOf(payload), { schema });
  if (submitted.status === 'error')
    messages.push(...Object.values(submitted.error ?? {}).flatMap((list) => list ?? []));
  return messages.filter((message): message is string => typeof message === 'string');
}

function translated(locale: unknown, key: string) {
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], locale);
  return typeof value === 'string';
}

const LIBRARY_WORDING =
  /expected|received|invalid input|\bnan\b|^required$|invalid (?:literal|enum|type)|must (?:contain|be)/i;

describe('every form schema speaks to people', () => {
  const schemas = formSchemas();

  it('walks every schema the forms use', () => {
    expect(schemas.length).toBeGreaterThan(25);
  });

  it.each(schemas)('%s answers empty and wrong-typed input in its own words', (_name, schema) => {
    const seen = new Set<string>();
    for (const payload of payloads(schema))
      for (const message of messagesOf(schema, payload)) seen.add(message);
    expect(seen.size).toBeGreaterThan(0);
    for (const message of seen) {
      expect(message, message).not.toMatch(LIBRARY_WORDING);
      // A message is shown through t(): a key both languages hold, or a spec's literal text (the listing form's).
      const literal = !/^[a-z][\w-]*(\.[\w-]+)+$/i.test(message);
      if (!literal) {
        expect(translated(id, message), `${message} in locales/id`).toBe(true);
        expect(translated(en, message), `${message} in locales/en`).toBe(true);
      }
    }
  });
});
