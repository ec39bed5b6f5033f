import { useTranslation } from 'react-i18next';
import type { CommandPayload, Order } from '#protocol';
import { formatSoles } from '#hub/domain/money.ts';
import './book.css';

export type ExcessChoice = NonNullable<CommandPayload<'order.settle'>['depositExcess']>;

/**
 * On the payment screen, when a reservation's deposit is more than the bill
 * (issue 18 item 6: a S/ 50 deposit on a S/ 6.50 bill showed "Vuelto 0.00"
 * and S/ 43.50 vanished): the cashier says whether the excess is handed back
 * (in cash, from the drawer) or kept by the restaurant. The settle carries
 * the choice; the hub refuses without it (DEPOSIT_EXCESS_CHOICE_REQUIRED).
 */
export function DepositExcessChoice(props: { order: Order; depositCreditedCents: number; value: ExcessChoice | null; onChange: (choice: ExcessChoice) => void }) {
  const { t } = useTranslation();
  const excess = props.order.depositCents - props.depositCreditedCents;
  if (excess <= 0) return null;
  const chosen = props.value?.action;
  return (
    <div className="deposit-excess" data-testid="deposit-excess">
      <p>{t('book.excess.text', { deposit: formatSoles(props.order.depositCents), excess: formatSoles(excess) })}</p>
      <div className="chips">
        <button type="button" className={`chip${chosen === 'return' ? ' active' : ''}`} onClick={() => props.onChange({ action: 'return', method: 'cash' })} data-testid="deposit-excess-return">
          {t('book.excess.return', { amount: formatSoles(excess) })}
        </button>
        <button type="button" className={`chip${chosen === 'keep' ? ' active' : ''}`} onClick={() => props.onChange({ action: 'keep' })} data-testid="deposit-excess-keep">
          {t('book.excess.keep')}
        </button>
      </div>
    </div>
  );
}

/** Whether the bill's deposit exceeds it and the cashier has not said what becomes of the excess. */
export function excessUnanswered(order: Order, depositCreditedCents: number, choice: ExcessChoice | null): boolean {
  return order.depositCents > depositCreditedCents && choice === null;
}
