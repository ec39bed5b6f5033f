import { useTranslation } from 'react-i18next';
import { Icon } from '../ui/icons.tsx';
import { Link } from 'wouter';

/** A route the role may not open: said plainly, with the way back to where the person may be. */
export function NoAccess(props: { home: string | null }) {
  const { t } = useTranslation();
  return (
    <div className="not-available" data-testid="no-access">
      <div className="na-icon" aria-hidden="true">
        <Icon name="lock" />
      </div>
      <h1>{t('auth.noAccessTitle')}</h1>
      <p>{props.home ? t('auth.noAccessBody') : t('auth.nothingAllowed')}</p>
      {props.home && (
        <Link href={props.home} className="btn btn-primary">
          {t('auth.back')}
        </Link>
      )}
    </div>
  );
}
