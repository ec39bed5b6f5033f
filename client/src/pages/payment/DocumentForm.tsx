import { useTranslation } from 'react-i18next';
import type { SaleDocument } from '#protocol';
import { DOC_KINDS } from '#protocol';

/** The sales document the guest asks for: sale note, boleta (DNI and name from S/ 700) or factura (RUC and company). */
export function DocumentForm(props: { value: SaleDocument; onChange: (d: SaleDocument) => void }) {
  const { t } = useTranslation();
  const doc = props.value;
  const set = (patch: Partial<SaleDocument>) => props.onChange({ ...doc, ...patch });
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
      {doc.kind !== 'note' && (
        <div className="field-row">
          <label className="field">
            <span>{t(doc.kind === 'boleta' ? 'pay.doc.dni' : 'pay.doc.ruc')}</span>
            <input inputMode="numeric" maxLength={doc.kind === 'boleta' ? 8 : 11} value={doc.docId} onChange={(e) => set({ docId: e.target.value.replace(/\D/g, '') })} data-testid="doc-id" />
          </label>
          <label className="field">
            <span>{t(doc.kind === 'boleta' ? 'pay.doc.name' : 'pay.doc.company')}</span>
            <input maxLength={140} value={doc.name} onChange={(e) => set({ name: e.target.value })} data-testid="doc-name" />
          </label>
        </div>
      )}
      {doc.kind === 'boleta' && <p className="note">{t('pay.doc.boletaRule')}</p>}
    </section>
  );
}
