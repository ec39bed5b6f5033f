import { useTranslation } from 'react-i18next';
import { DEFAULT_CLOSING_HOUR, type State } from '#protocol';
import { errorText } from '../../i18n/keys.ts';
import { showToast } from '../../ui/ui-store.ts';
import { ClearOnSettleSetting } from './ClearOnSettleSetting.tsx';
import { HostNamesSetting } from './HostNamesSetting.tsx';
import { sendNow } from './staff-api.ts';

const CHOICES = [0, 1, 2, 3, 5, 10, 15, 30, 60] as const;
const HOURS = Array.from({ length: 24 }, (_, h) => h);

/**
 * The restaurant's security settings: the idle lock (how long a device may
 * stay untouched before it returns to the PIN screen) and the extra names
 * the hub may be opened by; and the hour the business day ends (issue 12),
 * kept here with the other restaurant-wide settings.
 */
export function SecuritySettings(props: { state: State }) {
  const { t } = useTranslation();
  const current = props.state.settings.idleLockMinutes;
  const save = async (change: Partial<State['settings']>): Promise<boolean> => {
    const sent = await sendNow('settings.save', { ...props.state.settings, ...change });
    showToast(sent.kind === 'refused' ? errorText(t, sent.code) : t('staffAdmin.saved'), sent.kind === 'refused' ? 'error' : 'success');
    return sent.kind !== 'refused';
  };
  const choose = (minutes: number) => save({ idleLockMinutes: minutes });
  return (
    <section className="panel">
      <h2>{t('staffAdmin.security')}</h2>
      <label className="field">
        <span>{t('staffAdmin.idleLock')}</span>
        <select value={current} onChange={(e) => void choose(Number(e.target.value))} data-testid="idle-lock">
          {[...new Set([...CHOICES, current])]
            .sort((a, b) => a - b)
            .map((m) => (
              <option key={m} value={m}>
                {m === 0 ? t('staffAdmin.never') : t('staffAdmin.minutes', { count: m })}
              </option>
            ))}
        </select>
      </label>
      <label className="field">
        <span>{t('staffAdmin.closingHour')}</span>
        <select
          value={props.state.settings.closingHour ?? DEFAULT_CLOSING_HOUR}
          onChange={(e) => void save({ closingHour: Number(e.target.value) })}
          data-testid="closing-hour"
        >
          {HOURS.map((h) => (
            <option key={h} value={h}>
              {`${String(h).padStart(2, '0')}:00`}
            </option>
          ))}
        </select>
        <small className="hint">{t('staffAdmin.closingHourHint')}</small>
      </label>
      <ClearOnSettleSetting settings={props.state.settings} save={(clearOnSettle) => void save({ clearOnSettle })} />
      <HostNamesSetting settings={props.state.settings} save={(hostNames) => save({ hostNames })} />
    </section>
  );
}
