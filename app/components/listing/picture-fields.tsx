import { useTranslation } from 'react-i18next';
import { IMAGE_ACCEPT } from '~/lib/schemas/image';
import { ariaOf, ErrorText, idsOf, StepButton } from './fields';

/**
 * Pictures: the first is the product's photo; up to the shop's limit (5, 7 for an official
 * store). Pictures chosen are uploaded with the next step or save, then kept by address like the earlier ones.
 */
export function PictureFields({
  pictures,
  onChange,
  limit,
  hydrated,
  canEdit,
  errors,
}: {
  pictures: string[];
  onChange: (next: string[]) => void;
  limit: number;
  hydrated: boolean;
  canEdit: boolean;
  errors?: string[];
}) {
  const { t } = useTranslation();
  const input = idsOf('new_pictures');
  return (
    <div className="space-y-3">
      {pictures.length ? (
        <ul className="flex flex-wrap gap-3">
          {pictures.map((url, index) => (
            <li key={url} className="w-28 space-y-1 text-center text-xs">
              <input type="hidden" name={`pictures[${index}]`} value={url} />
              <img
                src={url}
                alt={t(index === 0 ? 'listing.mainPicture' : 'listing.pictureN', { n: index + 1 })}
                className="h-28 w-28 rounded border border-slate-200 object-cover"
              />
              {canEdit ? (
                <StepButton
                  intent={`remove-picture-${index}`}
                  hydrated={hydrated}
                  onClick={() => onChange(pictures.filter((_, at) => at !== index))}
                  className="btn-secondary w-full px-2 py-1 text-xs text-red-700"
                  label={t('listing.removePicture', { n: index + 1 })}
                >
                  {t('listing.remove')}
                </StepButton>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-500">{t('listing.noPictures')}</p>
      )}
      {canEdit && pictures.length < limit ? (
        <div className="space-y-1">
          <label htmlFor={input.id} className="block text-sm font-medium text-slate-700">
            {t('listing.addPictures')}
          </label>
          <input
            id={input.id}
            type="file"
            name="new_pictures"
            accept={IMAGE_ACCEPT}
            multiple
            className="block text-sm"
            {...ariaOf('pictures', errors)}
          />
        </div>
      ) : null}
      <p className="text-xs text-slate-500">{t('listing.pictureHint', { limit })}</p>
      <ErrorText name="pictures" errors={errors} />
    </div>
  );
}
