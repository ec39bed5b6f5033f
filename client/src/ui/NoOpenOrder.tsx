import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { PATHS } from '../routes.ts';

/** Shown where an order screen has no open order to show (closed meanwhile, or a stale link): says so, with the way back to the tables. */
export function NoOpenOrder() {
  const { t } = useTranslation();
  return (
    <div className="empty">
      <p>{t('order.notOpen')}</p>
      <Link href={PATHS.tables} className="btn btn-primary">
        {t('order.back')}
      </Link>
    </div>
  );
}
