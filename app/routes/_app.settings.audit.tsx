import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Form, Link, useLoaderData, useSearchParams } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import {
  auditActionLabel,
  auditChangeLines,
  auditRecordText,
  auditWording,
  type AuditLookup,
} from '../../contract/audit';
import { DataTable } from '~/components/data-table';
import { DateRange } from '~/components/date-range';
import { Pagination } from '~/components/pagination';
import { SettingsHeader } from '~/components/settings/settings-header';
import { formatDateTime } from '~/lib/format';
import { listQuery } from '~/lib/list-query.server';
import { pageTitle } from '~/lib/meta';
import { requireCard } from '~/lib/settings/access';
import { resources } from '~/lib/i18n-resources.server';
import {
  AUDIT_ENTITIES,
  AUDIT_FILTERS,
  auditActionNames,
  auditActionOptions,
  recordHref,
} from '~/lib/settings/audit';
import { requireUser } from '~/lib/scope.server';
import { settingsApi } from '~/lib/upstream/settings.server';

/** The filters of the address, as the upstream takes them (page, per_page and dates mended by listQuery). */
function auditQuery(url: URL) {
  const base = listQuery(url);
  const query: Record<string, string | string[]> = {};
  for (const name of ['page', 'per_page', 'date-from', 'date-to'] as const)
    if (base[name]) query[name] = base[name];
  for (const name of ['actor', 'entity_id'] as const) {
    const value = url.searchParams.get(name);
    if (value && /^\d{1,10}$/.test(value)) query[name] = value;
  }
  const entity = url.searchParams.get('entity');
  if (entity && (AUDIT_ENTITIES as readonly string[]).includes(entity)) query.entity = entity;
  const action = url.searchParams.get('action');
  if (action && /^[a-z_.-]{1,100}$/.test(action)) query.action = action;
  if (url.searchParams.get('sign_ins') === '1') query.sign_ins = '1';
  return query;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, api } = await requireUser(request, context);
  requireCard(user, 'audit');
  const url = new URL(request.url);
  const [rows, actors] = await Promise.all([
    settingsApi.audit(api, { query: auditQuery(url) }),
    settingsApi.userOptions(api),
  ]);
  // The actions the filter offers: those the locale files label (a unit test holds them to what the API writes).
  const actions = auditActionNames(resources.id.common.settings.audit.actions);
  return json({ rows, actors, actions });
}

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle({ matches, page: 'settingsAudit' }) }];

export { RouteErrorBoundary as ErrorBoundary } from '~/components/route-error';

export default function AuditPage() {
  const { rows, actors, actions } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const lookup: AuditLookup = (key) => {
    const text = t(`settings.audit.${key}`, { defaultValue: '' });
    return typeof text === 'string' && text ? text : undefined;
  };
  const actionOptions = auditActionOptions(actions, (action) => auditActionLabel(lookup, action));
  const exportParams = new URLSearchParams();
  for (const name of AUDIT_FILTERS) {
    const value = params.get(name);
    if (value) exportParams.set(name, value);
  }
  return (
    <section aria-labelledby="page-title" className="space-y-4">
      <SettingsHeader title={t('settings.audit.title')}>
        <a href={`/settings/audit/export?${exportParams.toString()}`} className="btn-secondary" download>
          {t('settings.audit.export')}
        </a>
      </SettingsHeader>
      <Form
        method="get"
        role="search"
        className="grid grid-cols-[repeat(auto-fill,minmax(12rem,1fr))] gap-3 rounded-lg border border-slate-200 bg-white p-4"
      >
        <div>
          <label htmlFor="audit-actor" className="block text-sm font-medium text-slate-700">
            {t('settings.audit.actor')}
          </label>
          <select
            id="audit-actor"
            name="actor"
            defaultValue={params.get('actor') ?? ''}
            className="input mt-1"
          >
            <option value="">{t('settings.audit.anyone')}</option>
            {actors.map((actor) => (
              <option key={actor.id} value={actor.id}>
                {actor.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="audit-entity" className="block text-sm font-medium text-slate-700">
            {t('settings.audit.entity')}
          </label>
          <select
            id="audit-entity"
            name="entity"
            defaultValue={params.get('entity') ?? ''}
            className="input mt-1"
          >
            <option value="">{t('settings.audit.anyEntity')}</option>
            {AUDIT_ENTITIES.map((entity) => (
              <option key={entity} value={entity}>
                {t(`settings.audit.entities.${entity}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="audit-action" className="block text-sm font-medium text-slate-700">
            {t('settings.audit.action')}
          </label>
          <select
            id="audit-action"
            name="action"
            defaultValue={params.get('action') ?? ''}
            className="input mt-1"
          >
            <option value="">{t('settings.audit.anyAction')}</option>
            {actionOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="audit-entity-id" className="block text-sm font-medium text-slate-700">
            {t('settings.audit.entityId')}
          </label>
          <input
            id="audit-entity-id"
            name="entity_id"
            inputMode="numeric"
            defaultValue={params.get('entity_id') ?? ''}
            className="input mt-1"
          />
        </div>
        <DateRange id="audit" from={params.get('date-from') ?? ''} to={params.get('date-to') ?? ''} />
        <div className="flex items-center gap-2 sm:col-span-3 lg:col-span-7">
          <input
            id="audit-sign-ins"
            type="checkbox"
            name="sign_ins"
            value="1"
            defaultChecked={params.get('sign_ins') === '1'}
            className="h-4 w-4 rounded border-slate-300"
          />
          <label htmlFor="audit-sign-ins" className="text-sm text-slate-700">
            {t('settings.audit.signIns')}
          </label>
        </div>
        <div className="flex items-end gap-2">
          <button type="submit" className="btn-primary">
            {t('settings.audit.apply')}
          </button>
          <Link to="/settings/audit" className="btn-secondary">
            {t('settings.audit.reset')}
          </Link>
        </div>
      </Form>
      <DataTable
        caption={t('settings.audit.title')}
        rowKey={(row) => row.id}
        rows={rows.data}
        columns={[
          { key: 'when', header: t('settings.audit.when'), cell: (row) => formatDateTime(row.created_at) },
          {
            key: 'who',
            header: t('settings.audit.actor'),
            cell: (row) => row.actor?.name ?? t('settings.audit.system'),
          },
          {
            key: 'action',
            header: t('settings.audit.action'),
            cell: (row) => <span title={row.action}>{auditActionLabel(lookup, row.action)}</span>,
          },
          {
            key: 'record',
            header: t('settings.audit.record'),
            cell: (row) => {
              const label = auditRecordText(lookup, row);
              const href = recordHref(row.entity, row.entity_id);
              return href ? (
                <Link to={href} className="text-brand-700 hover:underline">
                  {label}
                </Link>
              ) : (
                label
              );
            },
          },
          {
            key: 'changes',
            header: t('settings.audit.changes'),
            cell: (row) => {
              const lines = auditChangeLines(
                row.changes,
                auditWording(lookup, { names: row.names, time: formatDateTime }),
              );
              if (!lines.length) return <span className="text-slate-400">–</span>;
              return (
                <dl className="max-w-md space-y-1 text-xs">
                  {lines.map((line, index) => (
                    <div key={index} className="break-words">
                      <dt className="inline font-semibold">{line.label}: </dt>
                      <dd className="inline">
                        <span className="text-red-700 line-through decoration-1">{line.before}</span>
                        <span aria-hidden="true"> → </span>
                        <span className="sr-only">{t('settings.audit.becomes')}</span>
                        <span className="text-green-800">{line.after}</span>
                      </dd>
                    </div>
                  ))}
                </dl>
              );
            },
          },
          { key: 'ip', header: 'IP', cell: (row) => row.ip ?? '–' },
        ]}
      />
      <Pagination meta={rows.meta} />
    </section>
  );
}
