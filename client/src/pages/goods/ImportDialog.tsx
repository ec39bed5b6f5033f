import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportReport } from '#protocol';
import { MENU_COLUMN_LABELS } from '#protocol';
import { bodyErrorText } from '../../i18n/keys.ts';
import { uuid } from '../../sync/uuid.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { showToast } from '../../ui/ui-store.ts';
import { exportUrl, uploadMenu } from './goods-api.ts';
import { ImportChanges } from './ImportChanges.tsx';

type Step = { kind: 'pick' } | { kind: 'busy'; text: string } | { kind: 'report'; report: ImportReport } | { kind: 'error'; code: string };

/**
 * Importing the whole menu from a spreadsheet. The file is checked first and
 * nothing changes until the owner confirms, after reading what will change
 * dish by dish (old -> new); a file with problems is refused whole, with a
 * row-by-row list of what to fix (all or nothing).
 */
export function ImportDialog(props: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = (i18n.language.slice(0, 2) as 'es' | 'en' | 'zh') ?? 'es';
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'pick' });
  // One id per chosen file: a retried import of it counts once on the hub.
  const [commandId, setCommandId] = useState(uuid);

  const check = async (f: File) => {
    setFile(f);
    // A fresh id for the new file, used at once: the state variable would still hold the old one here.
    const id = uuid();
    setCommandId(id);
    setStep({ kind: 'busy', text: t('goods.importer.checking') });
    const r = await uploadMenu(f, true, id);
    setStep('error' in r ? { kind: 'error', code: r.error } : { kind: 'report', report: r });
  };
  const confirm = async () => {
    if (!file) return;
    setStep({ kind: 'busy', text: t('goods.importer.importing') });
    const r = await uploadMenu(file, false, commandId);
    if ('error' in r) return setStep({ kind: 'error', code: r.error });
    if (!r.imported) return setStep({ kind: 'report', report: r });
    showToast(t('goods.importer.done', { created: r.created, updated: r.updated }));
    props.onClose();
  };
  const report = step.kind === 'report' ? step.report : null;
  const ready = report !== null && report.problems.length === 0;

  return (
    <Dialog
      wide
      title={t('goods.importer.title')}
      onClose={props.onClose}
      footer={
        <>
          <button className="btn" onClick={props.onClose}>
            {t('common.close')}
          </button>
          {ready && (
            <button className="btn btn-primary" onClick={() => void confirm()} data-testid="import-confirm">
              {t('goods.importer.confirm')}
            </button>
          )}
        </>
      }
    >
      <p className="hint">{t('goods.importer.intro')}</p>
      <p className="hint">{t('goods.importer.rules')}</p>
      <p className="hint">
        {t('goods.importer.template')}{' '}
        <a href={exportUrl('xlsx', lang)} download>
          .xlsx
        </a>{' '}
        ·{' '}
        <a href={exportUrl('csv', lang)} download>
          .csv
        </a>
      </p>
      <label className="btn file-pick">
        {t('goods.importer.choose')}
        <input
          type="file"
          accept=".csv,.txt,.tsv,.xlsx,.xls,.ods,text/csv,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onChange={(e) => e.target.files?.[0] && void check(e.target.files[0])}
          data-testid="import-file"
        />
      </label>
      {file && <p className="hint">{file.name}</p>}
      {step.kind === 'busy' && <p className="hint">{step.text}</p>}
      {step.kind === 'error' && <p className="field-error">{t('goods.importer.failed', { error: bodyErrorText(t, step.code) })}</p>}
      {report && ready && (
        <div className="import-ok" data-testid="import-ready">
          <p>{t('goods.importer.ready', { rows: report.rows, created: report.created, updated: report.updated, unchanged: report.unchanged })}</p>
          {report.newCategories.length > 0 && <p>{t('goods.importer.newCategories', { names: report.newCategories.join(', ') })}</p>}
          {report.newStations.length > 0 && <p>{t('goods.importer.newStations', { names: report.newStations.join(', ') })}</p>}
        </div>
      )}
      {report && ready && <ImportChanges changes={report.changes} more={report.moreChanges} lang={lang} />}
      {report && !ready && (
        <div className="import-report" data-testid="import-report">
          <p className="import-nothing" role="alert">
            {t('goods.importer.nothing')}
          </p>
          <table>
            <thead>
              <tr>
                <th>{t('goods.importer.row')}</th>
                <th>{t('goods.importer.column')}</th>
                <th>{t('goods.importer.problem')}</th>
                <th>{t('goods.importer.value')}</th>
              </tr>
            </thead>
            <tbody>
              {report.problems.map((p, i) => (
                <tr key={i} data-testid="import-problem">
                  <td>{p.row || '—'}</td>
                  <td>{p.column ? MENU_COLUMN_LABELS[p.column][lang] : '—'}</td>
                  <td>{t(`goods.importer.issues.${p.issue}`)}</td>
                  <td className="value">{p.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {report.moreProblems > 0 && (
            <p className="hint" data-testid="import-more-problems">
              {t('goods.importer.moreProblems', { count: report.moreProblems })}
            </p>
          )}
        </div>
      )}
    </Dialog>
  );
}
