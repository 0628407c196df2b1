import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { Form, useNavigation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { Field, FormError, SelectField } from '~/components/field';
import { FormKeyField } from '~/components/form-key-field';
import { userFormSchema } from '~/lib/schemas/settings';
import { validateAfterSubmit } from '~/lib/form-validation';

type Option = { id: number; name: string };

export type EditedUser = {
  id: number;
  name: string;
  email: string;
  mobile_phone: string | null;
  roles: Option[];
  brand_ids: number[];
};

const ADMINISTRATOR_ROLE = 1;

/**
 * The user form. `staff`: no phone, the role from the global roles (hidden when editing an
 * administrator), the brands of a key account; `member`: a brand's or vendor's user with a phone. The password
 * is required on create, optional on edit. Without `canSave` the form is read-only, with no Save.
 */
export function UserForm({
  mode,
  user,
  roles,
  brands = [],
  lastResult,
  formKey,
  canSave = true,
}: {
  mode: 'staff' | 'member';
  user: EditedUser | null;
  roles: Option[];
  brands?: Option[];
  lastResult?: SubmissionResult<string[]>;
  formKey: string;
  canSave?: boolean;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const editing = Boolean(user);
  const schema = userFormSchema({ mode, editing });
  const currentRole = user?.roles[0]?.id;
  const hideRole = mode === 'staff' && currentRole === ADMINISTRATOR_ROLE;
  const [form, fields] = useForm({
    id: `user-${user?.id ?? 'new'}`,
    lastResult,
    defaultValue: {
      name: user?.name ?? '',
      email: user?.email ?? '',
      mobile_phone: user?.mobile_phone ?? '',
      role_id: currentRole ? String(currentRole) : '',
    },
    constraint: getZodConstraint(schema),
    ...validateAfterSubmit,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="max-w-xl space-y-4 rounded-lg border border-slate-200 bg-white p-5"
    >
      <AuthenticityTokenInput />
      <FormKeyField value={formKey} />
      <FormError id={form.errorId} errors={form.errors} />
      <fieldset disabled={!canSave} className="space-y-4">
        <Field label={t('settings.user.name')} meta={fields.name} type="text" autoComplete="off" />
        <Field label={t('settings.user.email')} meta={fields.email} type="email" autoComplete="off" />
        {mode === 'member' ? (
          <Field label={t('settings.user.phone')} meta={fields.mobile_phone} type="tel" autoComplete="off" />
        ) : null}
        <Field
          label={t('settings.user.password')}
          meta={fields.password}
          type="password"
          autoComplete="new-password"
          hint={editing ? t('settings.user.passwordKeep') : t('settings.user.passwordMin')}
        />
        {hideRole ? null : (
          <SelectField label={t('settings.user.role')} meta={fields.role_id}>
            <option value="" disabled>
              {t('settings.user.chooseRole')}
            </option>
            {roles.map((role) => (
              <option key={role.id} value={role.id}>
                {role.name}
              </option>
            ))}
          </SelectField>
        )}
        {mode === 'staff' && brands.length && !hideRole ? (
          <fieldset className="space-y-1">
            <legend className="text-sm font-medium text-slate-700">{t('settings.user.brands')}</legend>
            <p className="text-xs text-slate-500">{t('settings.user.brandsHint')}</p>
            {brands.map((brand) => (
              <label key={brand.id} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name="brand_ids"
                  value={brand.id}
                  defaultChecked={user?.brand_ids.includes(brand.id)}
                  className="h-4 w-4"
                />
                {brand.name}
              </label>
            ))}
          </fieldset>
        ) : null}
      </fieldset>
      {canSave ? (
        <button type="submit" className="btn-primary" disabled={navigation.state === 'submitting'}>
          {t('settings.save')}
        </button>
      ) : null}
    </Form>
  );
}
