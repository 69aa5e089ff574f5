import { useState } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { ChoiceGroup } from '@/features/lists/choice-group.tsx';
import { setUploadRoute, uploadRoute, type UploadRoute } from '@/features/uploads/upload-route.ts';
import '@/features/lists/lists.css';

/** Settings > Network: where the signed-in user's pictures and videos are uploaded. */
export function UploadRouteSection({ pubkey }: { pubkey: string }) {
  const { t } = useTranslation();
  const [route, setRoute] = useState<UploadRoute>(() => uploadRoute(pubkey));
  return (
    <section aria-labelledby="net-uploads" className="settings-section">
      <h2 id="net-uploads" className="settings-section-title">
        {t('network.uploadsTitle')}
      </h2>
      <ChoiceGroup<UploadRoute>
        legend={t('network.uploadsVia')}
        name="upload-route"
        value={route}
        onChange={(next) => {
          setUploadRoute(pubkey, next);
          setRoute(next);
        }}
        options={[
          {
            value: 'blossom',
            label: t('network.uploadsBlossom'),
            hint: t('network.uploadsBlossomHint'),
          },
          { value: 'cache', label: t('network.uploadsCache'), hint: t('network.uploadsCacheHint') },
        ]}
      />
    </section>
  );
}
