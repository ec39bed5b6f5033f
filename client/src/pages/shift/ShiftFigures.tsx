import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { Shift } from '#protocol';
import { formatSoles } from '#hub/domain/money.ts';
import { riderCashOutsideDrawer } from '#hub/domain/shift/totals.ts';
import { figuresOf, receivedRows } from './shift-view.ts';

/**
 * A shift's figures, live while it is open and as closed in the summary: sales by method, cash in
 * and out, the cash expected. `blind`: the open shift as a cashier sees it before the count (issue
 * 18 item 9): sales and movements, but neither what each method took nor the cash expected.
 */
export function ShiftFigures(props: { shift: Shift; blind?: boolean }) {
  const { t } = useTranslation();
  const f = figuresOf(props.shift);
  return (
    <section className="shift-card" data-testid="shift-figures">
      <h2>{t('shift.figures')}</h2>
      <dl className="shift-rows">
        <dt>{t('shift.salesCount')}</dt>
        <dd>{f.salesCount}</dd>
        <dt>{t('shift.sales')}</dt>
        <dd>{formatSoles(f.salesCents)}</dd>
        <dt>{t('shift.discounts')}</dt>
        <dd>{formatSoles(f.discountCents)}</dd>
        <dt>{t('shift.gifts')}</dt>
        <dd>{formatSoles(f.giftCents)}</dd>
        <dt>{t('shift.tips')}</dt>
        <dd>{formatSoles(f.tipCents)}</dd>
        <dt>{t('shift.refunds')}</dt>
        <dd>{formatSoles(f.refundCents)}</dd>
        <dt>{t('shift.deposits')}</dt>
        <dd data-testid="shift-deposits">{formatSoles(f.depositsCents)}</dd>
        <dt>{t('shift.change')}</dt>
        <dd data-testid="shift-change">{formatSoles(f.changeCents)}</dd>
      </dl>
      {props.blind ? (
        <p className="hint" data-testid="shift-blind-hint">
          {t('shift.blindHint')}
        </p>
      ) : (
        <Expected shift={props.shift} />
      )}
    </section>
  );
}

/** What each method took (cash net of change) and the cash the drawer should hold. */
function Expected(props: { shift: Shift }) {
  const { t } = useTranslation();
  const f = figuresOf(props.shift);
  const rows = receivedRows(f);
  // Cash riders collected and did not hand in during this shift: in the cash above, not in the drawer (hub/domain/riders).
  const riderCash = riderCashOutsideDrawer(props.shift.totals);
  return (
    <>
      {rows.length > 0 && <h2>{t('shift.byMethod')}</h2>}
      <dl className="shift-rows" data-testid="shift-by-method">
        {rows.map((r) => (
          <Fragment key={r.method}>
            <dt>{t(`pay.methods.${r.method}`)}</dt>
            <dd>{formatSoles(r.cents)}</dd>
          </Fragment>
        ))}
      </dl>
      {f.usdCents > 0 && <p className="hint">{t('shift.usdReceived', { amount: (f.usdCents / 100).toFixed(2) })}</p>}
      <dl className="shift-rows">
        <dt>{t('shift.float')}</dt>
        <dd>{formatSoles(props.shift.floatCents)}</dd>
        <dt>{t('shift.cashIn')}</dt>
        <dd>{formatSoles(f.inCents)}</dd>
        <dt>{t('shift.cashOut')}</dt>
        <dd>−{formatSoles(f.outCents)}</dd>
        {riderCash !== 0 && (
          <>
            <dt>{t('shift.riderCash')}</dt>
            <dd data-testid="shift-rider-cash">{riderCash > 0 ? `−${formatSoles(riderCash)}` : `+${formatSoles(-riderCash)}`}</dd>
          </>
        )}
        <dt className="shift-expected">{t('shift.expectedCash')}</dt>
        <dd className="shift-expected" data-testid="shift-expected-cash">
          {formatSoles(f.expectedCash)}
        </dd>
      </dl>
      <p className="hint">{t('shift.expectedCashHint')}</p>
    </>
  );
}
