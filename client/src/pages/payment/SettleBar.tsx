import { useTranslation } from 'react-i18next';
import { formatSoles } from '#hub/domain/money.ts';
import { errorText } from '../../i18n/keys.ts';
import { OpenShiftButton } from '../shift/OpenShiftButton.tsx';
import type { DraftSummary } from './draft.ts';
import type { SettleBlocker } from './settle-blocker.ts';

/**
 * The payment screen's sticky bar: "Cobrar e imprimir" and "Cobrar", and
 * beside them why they are grey (issue 18 item 18: the reason used to sit
 * below the fold, under this very bar) with the one-tap fix where there is
 * one (send the dishes to the kitchen, open the shift); once payable, the
 * change to hand back.
 */
export function SettleBar(props: { blocker: SettleBlocker | null; sum: DraftSummary; paying: boolean; dueCents: number; busy: boolean; onSend: () => void; onAsk: (print: boolean) => void }) {
  const { t } = useTranslation();
  const { blocker, sum } = props;
  const disabled = blocker !== null || props.busy;
  return (
    <footer className="pay-actions">
      <div className={`pay-why${blocker ? ' blocked' : ' change'}`} role="status" data-testid="settle-why">
        <Why blocker={blocker} sum={sum} paying={props.paying} />
        {blocker?.kind === 'unsent' && (
          <button className="btn btn-small" onClick={props.onSend} data-testid="settle-send">
            {t('pay.sendNow', { count: blocker.dishes })}
          </button>
        )}
        {blocker?.kind === 'noShift' && (
          // Asks the float right here and goes on to the settle's confirmation (issue 18 item 5).
          <OpenShiftButton onOpened={() => props.onAsk(false)} />
        )}
      </div>
      <div className="pay-buttons">
        <button className="btn" disabled={disabled} onClick={() => props.onAsk(true)} data-testid="settle-print">
          {t('pay.settlePrint')}
        </button>
        <button className="btn btn-primary" disabled={disabled} onClick={() => props.onAsk(false)} data-testid="settle">
          {t('pay.goSettle', { amount: formatSoles(props.dueCents) })}
        </button>
      </div>
    </footer>
  );
}

/** The reason in words: what is missing, or the change once it is payable. */
function Why(props: { blocker: SettleBlocker | null; sum: DraftSummary; paying: boolean }) {
  const { t } = useTranslation();
  const { blocker, sum } = props;
  if (!blocker) return props.paying ? <span data-testid="pay-actions-sum">{`${t('pay.change')} ${formatSoles(sum.changeCents)}`}</span> : null;
  switch (blocker.kind) {
    case 'empty':
      return <span>{errorText(t, 'CART_EMPTY')}</span>;
    case 'unsent':
      return <span>{t('pay.why.unsent', { count: blocker.dishes })}</span>;
    case 'noShift':
      return <span>{errorText(t, 'NO_OPEN_SHIFT')}</span>;
    case 'missing':
      return <span data-testid="pay-actions-sum">{`${t('pay.missing')} ${formatSoles(blocker.cents)}`}</span>;
    case 'refusal':
      return <span data-testid="settle-refusal">{errorText(t, blocker.code)}</span>;
  }
}
