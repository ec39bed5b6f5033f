import { useTranslation } from 'react-i18next';
import type { Settings } from '#protocol';

/**
 * "Clear the table on settle" (issue 18 item 14): with it, a paid table is
 * free again in the settlement's own record, not "to be cleared" waiting for
 * two more taps. Off by default, as SPEC.md's table status 5 has it: a
 * restaurant that resets tables before seating again keeps that step.
 */
export function ClearOnSettleSetting(props: { settings: Settings; save: (clearOnSettle: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <label className="setting-check">
      <input type="checkbox" checked={props.settings.clearOnSettle ?? false} onChange={(e) => props.save(e.target.checked)} data-testid="clear-on-settle" />
      <span>
        <b>{t('staffAdmin.clearOnSettle')}</b>
        <small className="hint">{t('staffAdmin.clearOnSettleHint')}</small>
      </span>
    </label>
  );
}
