import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { LanguageSwitch } from '~/components/language-switch';
import { pageTitle } from '~/lib/meta';
import { landingPath } from '~/lib/navigation';
import { requireUser } from '~/lib/scope.server';

/**
 * Where `/` sends an account that may open no page (docs/decisions/022): outside the app's shell, so nothing on
 * it leads back to a page that would send the account here again. An account that gained a page goes there.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireUser(request, context);
  const landing = landingPath(user);
  if (landing) throw redirect(landing);
  return json(null);
}

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle({ matches, page: 'noAccess' }) }];

export { RouteErrorBoundary as ErrorBoundary } from '~/components/route-error';

export default function NoAccessPage() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-full flex-col items-center justify-center bg-gradient-to-br from-brand-50 to-slate-100 px-4 py-12">
      <div className="w-full max-w-md">
        <div className="mb-6 flex items-center justify-between">
          <p className="text-xl font-bold text-brand-700">{t('appName')}</p>
          <LanguageSwitch />
        </div>
        <main className="card space-y-4">
          <h1 className="text-xl font-semibold">{t('noAccess.title')}</h1>
          <p className="text-slate-600">{t('noAccess.description')}</p>
          <Form method="post" action="/auth/logout">
            <AuthenticityTokenInput />
            <button type="submit" className="btn-primary">
              {t('noAccess.signOut')}
            </button>
          </Form>
        </main>
      </div>
    </div>
  );
}
