import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { PATHS } from '../../routes.ts';
import { OpenPage } from './OpenPage.tsx';
import { QrCode } from './QrCode.tsx';

/**
 * /pages/app/download (SPEC.md section 2): how to put the app on a device.
 * The app is this web page, served by the hub: "downloading" it is opening
 * the hub's address and adding it to the home screen (the hub serves a web
 * app manifest and icons: client/public/). The address is also a QR code, so
 * a new phone needs no typing. Open to anyone, without the left window.
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
      <p>{t('download.qr')}</p>
      <div style={{ width: 'min(220px, 60vw)', margin: '4px auto 12px' }}>
        <QrCode text={address} label={address} testId="download-qr" />
      </div>
      <ul className="open-steps">
        <li>{t('download.android')}</li>
        <li>{t('download.iphone')}</li>
      </ul>
      <p className="hint" data-testid="download-browsers">
        {t('download.browsers')}
      </p>
      <Link href={PATHS.numberLogin} className="btn btn-primary">
        {t('download.signIn')}
      </Link>
    </OpenPage>
  );
}
