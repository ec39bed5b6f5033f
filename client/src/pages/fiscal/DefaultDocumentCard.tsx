import { useTranslation } from 'react-i18next';
import type { CommandReply, Settings, State } from '#protocol';
import { defaultDocumentKind } from '#protocol';
import { useAliases } from '../../auth/aliases.ts';
import { errorText } from '../../i18n/keys.ts';
import { enqueue } from '../../sync/outbox.ts';
import { showToast } from '../../ui/ui-store.ts';

type Choice = NonNullable<Settings['defaultDocument']>;
const CHOICES: readonly Choice[] = ['auto', 'boleta', 'note', 'factura'];

/**
 * The document the till proposes for a new bill (issue 18 item 7), beside the
 * e-invoicing it depends on: automatic (the boleta once e-invoicing is set up,
 * the sale note before), or always the one the owner picks. A restaurant
 * setting (`settings.save`, alias `settings`); the cashier can still change
 * it bill by bill.
 */
export function DefaultDocumentCard(props: { state: State }) {
  const { t } = useTranslation();
  const aliases = useAliases();
  if (!aliases.has('settings')) return null;
  const { settings } = props.state;
  const chosen = settings.defaultDocument ?? 'auto';
  const now = defaultDocumentKind(settings, Boolean(props.state.fiscal));
  const save = async (defaultDocument: Choice) => {
    const reply: CommandReply | null = await Promise.race([enqueue('settings.save', { ...settings, defaultDocument }), new Promise<null>((r) => setTimeout(() => r(null), 2500))]);
    if (reply && !reply.ok) return showToast(errorText(t, reply.code), 'error');
    showToast(t('fiscal.defaultDoc.saved'));
  };
  return (
    <section className="fiscal-card" data-testid="default-document">
      <h2>{t('fiscal.defaultDoc.title')}</h2>
      <p className="hint">{t('fiscal.defaultDoc.hint')}</p>
      <div className="fiscal-choices">
        {CHOICES.map((c) => (
          <label key={c} className={`fiscal-choice${chosen === c ? ' is-on' : ''}`}>
            <input type="radio" name="default-document" checked={chosen === c} onChange={() => void save(c)} data-testid={`default-doc-${c}`} />
            {c === 'auto' ? t('fiscal.defaultDoc.auto') : t(`pay.doc.kinds.${c}`)}
          </label>
        ))}
      </div>
      <p className="note" data-testid="default-doc-now">
        {t('fiscal.defaultDoc.now', { kind: t(`pay.doc.kinds.${now}`) })}
      </p>
    </section>
  );
}
