import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { BuyerIdType, BuyerReply, SaleDocument } from '#protocol';
import { BOLETA_ID_THRESHOLD_CENTS, BUYER_ID_TYPES, DOC_KINDS, isValidRuc } from '#protocol';
import { formatSoles } from '#hub/domain/money.ts';
import { api } from '../../auth/api.ts';
import { replica } from '../../sync/replica.ts';
import { boletaRuleKey } from './settle-blocker.ts';

/** A quick look-up: the till never waits on it (offline, the cashier types the name). */
const LOOKUP_TIMEOUT_MS = 3_000;

/** What an ID field accepts as typed: a DNI or RUC only digits; the other documents letters and digits, upper case. */
function cleanId(value: string, kind: SaleDocument['kind'], idType: BuyerIdType): string {
  if (kind === 'factura' || idType === '1') return value.replace(/\D/g, '');
  return value.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/**
 * The company's legal name when the hub has invoiced this RUC before
 * (GET /api/einvoice/buyers/:ruc), filled in only while the name is empty or
 * still the one filled in before, so a typed name is never overwritten.
 */
function useRucLookup(doc: SaleDocument, set: (patch: Partial<SaleDocument>) => void): boolean {
  const [found, setFound] = useState<string | null>(null);
  const asked = useRef('');
  const ruc = doc.kind === 'factura' && isValidRuc(doc.docId) ? doc.docId : '';
  const fillable = doc.name.trim() === '' || doc.name === found;
  useEffect(() => {
    if (ruc === '' || !fillable || asked.current === ruc) return;
    asked.current = ruc;
    void api<BuyerReply>('GET', `/api/einvoice/buyers/${ruc}`, undefined, LOOKUP_TIMEOUT_MS).then((r) => {
      const name = r.ok ? (r.body.buyer?.name ?? null) : null;
      if (name === null || asked.current !== ruc) return;
      setFound(name);
      set({ name });
    });
  }, [ruc, fillable, set]);
  return found !== null && doc.name === found;
}

/** The sales document the guest asks for: sale note, boleta (an ID and name, required from S/ 700) or factura (RUC and company). */
export function DocumentForm(props: { value: SaleDocument; onChange: (d: SaleDocument) => void; totalCents: number }) {
  const { t } = useTranslation();
  const doc = props.value;
  const { onChange } = props;
  const set = useCallback((patch: Partial<SaleDocument>) => onChange({ ...doc, ...patch }), [onChange, doc]);
  const idType: BuyerIdType = doc.kind === 'boleta' ? (doc.idType ?? '1') : '1';
  const filled = useRucLookup(doc, set);
  // E-invoicing not set up yet (the hub numbers nothing): say so before the cashier promises a boleta.
  const { state } = useSnapshot(replica);
  const unconfigured = doc.kind !== 'note' && state !== null && !state.fiscal;
  const idLabel = doc.kind === 'factura' ? t('pay.doc.ruc') : t(`pay.doc.idTypes.${idType}`);
  return (
    <section className="doc-form">
      <h2>{t('pay.doc.title')}</h2>
      <div className="chips" role="radiogroup" aria-label={t('pay.doc.title')}>
        {DOC_KINDS.map((k) => (
          <button key={k} role="radio" aria-checked={doc.kind === k} className={`chip${doc.kind === k ? ' active' : ''}`} onClick={() => set({ kind: k })} data-testid={`doc-${k}`}>
            {t(`pay.doc.kinds.${k}`)}
          </button>
        ))}
      </div>
      {doc.kind === 'boleta' && (
        <div className="chips" role="radiogroup" aria-label={t('pay.doc.idType')}>
          {BUYER_ID_TYPES.map((k) => (
            <button key={k} role="radio" aria-checked={idType === k} className={`chip${idType === k ? ' active' : ''}`} onClick={() => set({ idType: k, docId: cleanId(doc.docId, 'boleta', k) })} data-testid={`doc-id-type-${k}`}>
              {t(`pay.doc.idTypeShort.${k}`)}
            </button>
          ))}
        </div>
      )}
      {doc.kind !== 'note' && (
        <div className="field-row">
          <label className="field">
            <span>{idLabel}</span>
            <input
              inputMode={doc.kind === 'factura' || idType === '1' ? 'numeric' : 'text'}
              autoCapitalize="characters"
              maxLength={doc.kind === 'factura' ? 11 : idType === '1' ? 8 : 15}
              value={doc.docId}
              onChange={(e) => set({ docId: cleanId(e.target.value, doc.kind, idType) })}
              data-testid="doc-id"
            />
          </label>
          <label className="field">
            <span>{t(doc.kind === 'boleta' ? 'pay.doc.name' : 'pay.doc.company')}</span>
            <input maxLength={140} value={doc.name} onChange={(e) => set({ name: e.target.value })} data-testid="doc-name" />
            {filled && <span className="hint" data-testid="doc-name-known">{t('pay.doc.known')}</span>}
          </label>
        </div>
      )}
      {/* The rule as the hub applies it for this bill's total (issue 18 item 18: the hint said a name was needed only from S/ 700). */}
      {doc.kind === 'boleta' && (
        <p className="note" data-testid="doc-rule">
          {t(boletaRuleKey(props.totalCents), { amount: formatSoles(BOLETA_ID_THRESHOLD_CENTS) })}
        </p>
      )}
      {unconfigured && (
        <p className="note warn" role="status" data-testid="doc-not-issued">
          {t('pay.doc.notIssued')}
        </p>
      )}
    </section>
  );
}
