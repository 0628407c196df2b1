import { parseWithZod } from '@conform-to/zod';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Form, useLoaderData, useNavigation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { SettingsHeader } from '~/components/settings/settings-header';
import { requireCsrf } from '~/lib/csrf.server';
import { pageTitle } from '~/lib/meta';
import { shippingSwitchSchema } from '~/lib/schemas/settings';
import { requireCard } from '~/lib/settings/access';
import { requireUser } from '~/lib/scope.server';
import { redirectWithToast } from '~/lib/toast.server';
import { UpstreamError } from '~/lib/upstream.server';
import { settingsApi, type ShippingMethod } from '~/lib/upstream/settings.server';
import { readForm, refusalMessage } from '~/lib/forms.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, api } = await requireUser(request, context);
  requireCard(user, 'shipping');
  const methods = await settingsApi.shippingMethods(api);
  const channels = new Map<number, { id: number; name: string; methods: ShippingMethod[] }>();
  for (const method of methods) {
    const channel = channels.get(method.channel_id) ?? {
      id: method.channel_id,
      name: method.channel_name,
      methods: [],
    };
    channel.methods.push(method);
    channels.set(method.channel_id, channel);
  }
  return json({ channels: [...channels.values()] });
}

/** One switch: each is its own small form, so it works without JavaScript. */
export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  await requireCsrf(formData, request);
  const { user, api } = await requireUser(request, context);
  requireCard(user, 'shipping');
  const submission = parseWithZod(formData, { schema: shippingSwitchSchema });
  if (submission.status !== 'success') throw new Response('Bad Request', { status: 400 });
  try {
    await settingsApi.switchShippingMethod(api, {
      id: submission.value.id,
      isActive: submission.value.is_active === '1',
    });
    return redirectWithToast('/settings/pengiriman', { type: 'success', message: 'toast.saved' });
  } catch (error) {
    if (!(error instanceof UpstreamError) || error.status >= 500 || error.status === 401) throw error;
    return redirectWithToast('/settings/pengiriman', { type: 'error', message: refusalMessage(error) });
  }
}

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle({ matches, page: 'settingsShipping' }) },
];

export { RouteErrorBoundary as ErrorBoundary } from '~/components/route-error';

export default function ShippingPage() {
  const { channels } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const navigation = useNavigation();
  return (
    <section aria-labelledby="page-title" className="space-y-4">
      <SettingsHeader title={t('settings.shipping.title')} />
      <p className="text-sm text-slate-600">{t('settings.shipping.text')}</p>
      {channels.length ? null : <p className="card text-slate-600">{t('table.empty')}</p>}
      <div className="grid gap-4 md:grid-cols-2">
        {channels.map((channel) => (
          <section key={channel.id} aria-labelledby={`channel-${channel.id}`} className="card space-y-3">
            <h2 id={`channel-${channel.id}`} className="text-lg font-semibold">
              {channel.name}
            </h2>
            <ul className="divide-y divide-slate-100">
              {channel.methods.map((method) => (
                <li key={method.id} className="flex items-center justify-between py-2">
                  <span id={`method-${method.id}`}>{method.name}</span>
                  <Form method="post" preventScrollReset>
                    <AuthenticityTokenInput />
                    <input type="hidden" name="id" value={method.id} />
                    <input type="hidden" name="is_active" value={method.is_active ? '0' : '1'} />
                    <button
                      type="submit"
                      role="switch"
                      aria-checked={method.is_active}
                      aria-labelledby={`method-${method.id}`}
                      disabled={navigation.state === 'submitting'}
                      className={`relative inline-flex h-6 w-11 items-center rounded-full transition ${
                        method.is_active ? 'bg-brand-600' : 'bg-slate-300'
                      }`}
                    >
                      <span
                        aria-hidden="true"
                        className={`inline-block h-5 w-5 rounded-full bg-white shadow transition ${
                          method.is_active ? 'translate-x-5' : 'translate-x-1'
                        }`}
                      />
                      <span className="sr-only">
                        {method.is_active ? t('settings.shipping.on') : t('settings.shipping.off')}
                      </span>
                    </button>
                  </Form>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </section>
  );
}
