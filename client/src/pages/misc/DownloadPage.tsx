import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { PATHS } from '../../routes.ts';
import { OpenPage } from './OpenPage.tsx';

/**
 * /pages/app/download (SPEC.md section 2): how to put the app on a device.
 * The app is this web page, served by the hub: "downloading" it is opening
 * the hub's address and adding it to the home screen. Open to anyone,
 * without the left window.
 */
export function DownloadPage() {
  const { t } = useTranslation();
  const address = `${window.location.origin}/`;
  return (
    <OpenPage icon="download" title={t('download.title')} testId="download-page">
      <p>{t('download.body')}</p>
      <p>{t('download.address')}</p>
      <p className="open-address" data-testid="download-address">
        {address}
      </p>
      <ul className="open-steps">
        <li>{t('download.android')}</li>
        <li>{t('download.iphone')}</li>
      </ul>
      <Link href={PATHS.numberLogin} className="btn btn-primary">
        {t('download.signIn')}
      </Link>
    </OpenPage>
  );
}
