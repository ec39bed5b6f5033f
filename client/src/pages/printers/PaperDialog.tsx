import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Printer } from '#protocol';
import { Dialog } from '../../ui/Dialog.tsx';
import { PaperPreview } from './PaperPreview.tsx';
import { fetchPaper, type PaperPrintout } from './printers-api.ts';

/** The virtual printer's latest printouts, newest first, each drawn as its paper would look. */
export function PaperDialog(props: { printer: Printer; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [printouts, setPrintouts] = useState<PaperPrintout[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    void fetchPaper(props.printer.id).then((r) => {
      if (!live) return;
      if (r.ok) setPrintouts(r.body.printouts);
      else setFailed(true);
    });
    return () => {
      live = false;
    };
  }, [props.printer.id]);
  return (
    <Dialog
      title={t('printers.preview.title', { name: props.printer.name })}
      onClose={props.onClose}
      wide
      footer={
        <button className="btn" onClick={props.onClose}>
          {t('common.close')}
        </button>
      }
    >
      {failed && <p className="field-error">{t('printers.preview.loadFailed')}</p>}
      {printouts?.length === 0 && <p className="empty">{t('printers.preview.empty')}</p>}
      {printouts === null && !failed && <p className="empty">{t('auth.loading')}</p>}
      <div className="paper-roll" data-testid="paper-roll">
        {printouts?.map((p, i) => (
          <figure key={p.jobId ?? `${p.at}-${i}`} className="paper-printout">
            <figcaption className="hint">{new Date(p.at).toLocaleString(i18n.language)}</figcaption>
            <PaperPreview document={p.document} paper={props.printer.paper} testId={`paper-${i}`} />
          </figure>
        ))}
      </div>
    </Dialog>
  );
}
