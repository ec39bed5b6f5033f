import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { PATHS } from '../../routes.ts';
import { OpenPage } from './OpenPage.tsx';

/**
 * /pages/expire/index (SPEC.md sections 1, 2 and 8): the account-expired
 * notice. Open to anyone, signed in or not, without the left window: an
 * expired account must be able to read it.
 */
export function ExpirePage() {
  const { t } = useTranslation();
  return (
    <OpenPage icon="lock" title={t('expire.title')} testId="expire-page">
      <p className="open-lead" data-testid="expire-message">
        {t('expire.body')}
      </p>
      <p>{t('expire.after')}</p>
      <p className="hint">{t('expire.cash')}</p>
      <Link href={PATHS.login} className="btn btn-primary">
        {t('expire.signIn')}
      </Link>
    </OpenPage>
  );
}
