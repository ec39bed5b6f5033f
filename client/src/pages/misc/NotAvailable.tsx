import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Icon } from '../../ui/icons.tsx';
import { PATHS } from '../../routes.ts';

/** A route of SPEC.md that is not built yet: said plainly, inside the layout, never a blank page. */
export function NotAvailable() {
  const { t } = useTranslation();
  return (
    <div className="not-available" data-testid="not-available">
      <div className="na-icon" aria-hidden="true">
        <Icon name="construction" />
      </div>
      <h1>{t('notAvailable.title')}</h1>
      <p>{t('notAvailable.body')}</p>
      <Link href={PATHS.tables} className="btn btn-primary">
        {t('notAvailable.back')}
      </Link>
    </div>
  );
}
