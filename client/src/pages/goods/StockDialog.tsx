import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Product, State, StockHistoryPage, StockMove } from '#protocol';
import { api } from '../../auth/api.ts';
import { IMPORT_REASON } from '#hub/domain/goods/defaults.ts';
import { nameIn } from '../../i18n/index.ts';
import { Dialog, DialogActions } from '../../ui/Dialog.tsx';
import { showToast } from '../../ui/ui-store.ts';
import { sendAndWait } from './goods-api.ts';

const OPS = ['add', 'remove', 'set'] as const;
/** How many of the latest moves the dialog lists. */
const HISTORY_SIZE = 8;

/**
 * The product's latest stock moves, asked of the hub (the history is not in
 * the replica), again whenever its stock changes. Offline: nothing listed.
 */
function useStockHistory(p: Product): StockMove[] {
  const [moves, setMoves] = useState<StockMove[]>([]);
  useEffect(() => {
    let live = true;
    void api<StockHistoryPage>('GET', `/api/goods/stock-moves?productId=${encodeURIComponent(p.id)}&limit=${HISTORY_SIZE}`).then((r) => {
      if (live && r.ok) setMoves(r.body.moves);
    });
    return () => {
      live = false;
    };
  }, [p.id, p.stock]);
  return moves;
}
const REASONS = ['purchase', 'waste', 'count', 'correction'] as const;

/**
 * A manual stock change: a delivery in, waste out, or a count. A reason is
 * required (the hub refuses without one) and the log keeps who and when; the
 * latest changes of this product are listed below.
 */
export function StockDialog(props: { state: State; product: Product; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const p = props.product;
  const [op, setOp] = useState<(typeof OPS)[number]>('add');
  const [qty, setQty] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const n = /^\s*\d{1,7}\s*$/.test(qty) ? Number(qty) : null;
  const result = n === null ? null : op === 'set' ? n : op === 'add' ? p.stock + n : p.stock - n;
  const history = useStockHistory(p);

  const save = async () => {
    if (n === null || (op !== 'set' && n === 0)) return setError(t('goods.invalid.whole'));
    if (result !== null && result < 0) return setError(t('errors.INSUFFICIENT_STOCK'));
    if (!reason.trim()) return setError(t('errors.REASON_REQUIRED'));
    const sent = await sendAndWait('product.adjustStock', { productId: p.id, op, qty: n, reason: reason.trim() });
    if (sent.kind === 'refused') return setError(t(`errors.${sent.reply.code}`));
    showToast(t('goods.stock.saved'));
    props.onClose();
  };

  return (
    <Dialog
      title={t('goods.stock.title', { name: nameIn(p.names, i18n.language) })}
      onClose={props.onClose}
      footer={<DialogActions onCancel={props.onClose} confirmLabel={t('goods.stock.save')} onConfirm={() => void save()} testId="stock-save" />}
    >
      <p className="stock-now">
        {t('goods.stock.current')}: <b data-testid="stock-current">{p.stock}</b>
      </p>
      <div className="chips" role="radiogroup">
        {OPS.map((o) => (
          <button key={o} role="radio" aria-checked={op === o} className={`chip${op === o ? ' active' : ''}`} onClick={() => setOp(o)} data-testid={`stock-op-${o}`}>
            {t(`goods.stock.${o}`)}
          </button>
        ))}
      </div>
      <label className="field">
        <span>
          {t('goods.stock.qty')} <em className="req">*</em>
        </span>
        <input value={qty} inputMode="numeric" onChange={(e) => setQty(e.target.value)} data-testid="stock-qty" />
        {result !== null && result >= 0 && <small className="hint">{t('goods.stock.result', { count: result })}</small>}
      </label>
      <div className="field">
        <span>
          {t('goods.stock.reason')} <em className="req">*</em>
        </span>
        <div className="chips">
          {REASONS.map((r) => {
            const text = t(`goods.stock.reasons.${r}`);
            return (
              <button key={r} className={`chip chip-small${reason === text ? ' active' : ''}`} onClick={() => setReason(text)}>
                {text}
              </button>
            );
          })}
        </div>
        <input value={reason} maxLength={140} onChange={(e) => setReason(e.target.value)} data-testid="stock-reason" />
      </div>
      {error && <p className="field-error">{error}</p>}
      <h3>{t('goods.stock.history')}</h3>
      {history.length === 0 ? (
        <p className="hint">{t('goods.stock.noHistory')}</p>
      ) : (
        <ul className="stock-history">
          {history.map((m, i) => (
            <li key={`${m.at}-${i}`}>
              <span className={m.delta < 0 ? 'neg' : 'pos'}>{m.delta > 0 ? `+${m.delta}` : m.delta}</span>
              <span>→ {m.stock}</span>
              <span className="grow">{m.reason === IMPORT_REASON ? t('goods.stock.imported') : m.reason}</span>
              <small>
                {new Date(m.at).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'short' })}
                {m.staffId && props.state.staff?.[m.staffId] ? ` · ${props.state.staff[m.staffId]!.name}` : ''}
              </small>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
