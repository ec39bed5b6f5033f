import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Printer } from '#protocol';
import { Dialog } from '../../ui/Dialog.tsx';
import { PaperPreview } from './PaperPreview.tsx';
import { fetchPaper, type PaperPrintout } from './printers-api.ts';

/** How often the open paper dialog asks for the virtual printer's latest printouts. */
const PAPER_REFRESH_MS = 2000;

/** The virtual printer's latest printouts, newest first, each drawn as its paper would look. */
export function PaperDialog(props: { printer: Printer; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [printouts, setPrintouts] = useState<PaperPrintout[] | null>(null);
  const [failed, setFailed] = useState(false);
  // Polled while open: a test print sent just before opening lands on the
  // paper a moment later, and the person watching expects to see it appear.
  useEffect(() => {
    let live = true;
    const load = () =>
      void fetchPaper(props.printer.id).then((r) => {
        if (!live) return;
        if (r.ok) {
          const fresh = r.body.printouts;
          setPrintouts((had) => (had && sameRoll(had, fresh) ? had : fresh));
          setFailed(false);
        } else setFailed(true);
      });
    load();
    const timer = setInterval(load, PAPER_REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
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

/** Same printouts in the same order: the dialog keeps what it drew (no redraw every refresh on a cheap phone). */
function sameRoll(a: PaperPrintout[], b: PaperPrintout[]): boolean {
  return a.length === b.length && a.every((p, i) => p.jobId === b[i]!.jobId && p.at === b[i]!.at);
}
