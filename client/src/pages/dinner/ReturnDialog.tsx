import { useTranslation } from 'react-i18next';
import type { OrderLine } from '#protocol';
import { billableQty } from '#hub/domain/money.ts';
import { nameIn } from '../../i18n/index.ts';
import { ReasonDialog } from './ReasonDialog.tsx';

const REASONS = ['guestLeft', 'slow', 'change', 'noIngredients'] as const;

/** Returning a dish that went to the kitchen needs a reason (SPEC.md section 5); SPEC.md section 8's confirm is its title. */
export function ReturnDialog(props: { line: OrderLine; onCancel: () => void; onReturn: (qty: number, reason: string, toStock: boolean) => void }) {
  const { t, i18n } = useTranslation();
  return (
    <ReasonDialog
      subject={nameIn(props.line.names, i18n.language)}
      title={t('order.returnTitle')}
      reasonLabel={t('order.returnReason')}
      presets={REASONS.map((r) => t(`order.returnReasons.${r}`))}
      max={billableQty(props.line)}
      confirmLabel={t('order.return')}
      testId="return-confirm"
      offerStock={props.line.stockTaken}
      danger
      onCancel={props.onCancel}
      onConfirm={(c) => props.onReturn(c.qty, c.reason, c.toStock)}
    />
  );
}
