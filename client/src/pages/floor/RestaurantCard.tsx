import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { State } from '#protocol';
import { errorText } from '../../i18n/keys.ts';
import { PATHS } from '../../routes.ts';
import { showToast } from '../../ui/ui-store.ts';
import { sendSetup } from './floor-send.ts';

/** The restaurant's name (on every screen and receipt), and its RUC with the way to the e-invoicing page. */
export function RestaurantCard(props: { state: State }) {
  const { t } = useTranslation();
  const saved = props.state.restaurant.name;
  const [name, setName] = useState(saved);
  const [error, setError] = useState('');
  const save = async () => {
    if (!name.trim()) return setError(errorText(t, 'REQUIRED_FIELD'));
    const reply = await sendSetup('restaurant.rename', { name: name.trim() });
    if (reply === null) return showToast(t('floor.queued'));
    if (!reply.ok) return setError(errorText(t, reply.code));
    setError('');
    showToast(t('floor.renamed'));
  };
  const ruc = props.state.settings.ruc;
  return (
    <section className="floor-card" data-testid="floor-restaurant">
      <h2>{t('floor.restaurant')}</h2>
      <label className="field">
        {t('floor.name')}
        <div className="floor-inline">
          <input value={name} maxLength={80} onChange={(e) => setName(e.target.value)} aria-invalid={error !== ''} data-testid="floor-name" />
          <button className="btn btn-primary" disabled={name.trim() === saved} onClick={() => void save()} data-testid="floor-rename">
            {t('floor.rename')}
          </button>
        </div>
        {error && (
          <span className="field-error" role="alert">
            {error}
          </span>
        )}
      </label>
      <p className="floor-ruc">
        <span data-testid="floor-ruc">{ruc ? t('floor.ruc', { ruc }) : t('floor.noRuc')}</span>
        <Link href={PATHS.fiscal} className="btn btn-small" data-testid="floor-fiscal">
          {t('floor.fiscalLink')}
        </Link>
      </p>
    </section>
  );
}
