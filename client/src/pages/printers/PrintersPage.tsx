import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LaneStatus, Printer, PrinterStatusEntry, Station } from '#protocol';
import { errorText } from '../../i18n/keys.ts';
import { printerLane, useJobBoard } from '../../sync/job-board.ts';
import { useView } from '../../sync/view.ts';
import { Dialog, DialogActions } from '../../ui/Dialog.tsx';
import { sinceText } from '../../ui/PrinterAlertRules.ts';
import { showToast } from '../../ui/ui-store.ts';
import { HistoryDialog } from './HistoryDialog.tsx';
import { laneLine } from './lane-line.ts';
import { PaperDialog } from './PaperDialog.tsx';
import { PrinterDialog } from './PrinterDialog.tsx';
import { sendAndWait, type Sent } from './printer-send.ts';
import { addressOf, sortedPrinters, stationNames, statusView } from './status-view.ts';
import '../staff/staff.css';
import './printers.css';

type Open = { kind: 'edit'; printer: Printer | null } | { kind: 'remove'; printer: Printer } | { kind: 'history'; printer: Printer } | { kind: 'paper'; printer: Printer } | null;

/**
 * The restaurant's printers (not in SPEC.md: /pages/printers/index), for
 * owners and managers (`settings`): each with its live status and what it
 * prints; add, edit, test print, setup slip, remove; the print history with
 * reprint; the virtual printer's paper. Live: the list is the replica's
 * printers and statuses, so a printer running out of paper turns red here
 * as the hub's monitor reports it; each card's queue ("3 esperando · 1
 * atascado") is its lane on the job board the hub pushes.
 */
export function PrintersPage() {
  const { t } = useTranslation();
  const { state } = useView();
  const [open, setOpen] = useState<Open>(null);
  const [busy, setBusy] = useState(false);
  const board = useJobBoard();
  if (!state) return <p className="empty">{t('auth.loading')}</p>;
  const printers = sortedPrinters(state.printers);
  const stations = state.menuSettings.stations;

  /** Shows what became of a command; true when the dialog may close. */
  const report = (sent: Sent, okText: string): boolean => {
    if (sent.kind === 'refused') {
      showToast(errorText(t, sent.code), 'error');
      return false;
    }
    showToast(sent.kind === 'ok' ? okText : t('printers.queued'));
    return true;
  };
  const save = async (printer: Printer) => {
    setBusy(true);
    const sent = await sendAndWait('printer.save', { printer });
    setBusy(false);
    if (report(sent, t('printers.saved'))) setOpen(null);
  };
  const remove = async (printer: Printer) => {
    setOpen(null);
    report(await sendAndWait('printer.remove', { printerId: printer.id }), t('printers.removed'));
  };

  return (
    <div className="staff-page printers-page" data-testid="printers-page">
      <header className="page-head">
        <h1>{t('printers.title')}</h1>
        <button className="btn btn-primary" onClick={() => setOpen({ kind: 'edit', printer: null })} data-testid="printer-add">
          + {t('printers.add')}
        </button>
      </header>
      <p className="hint">{t('printers.hint')}</p>
      {printers.length === 0 && <p className="empty">{t('printers.empty')}</p>}
      <ul className="printer-list">
        {printers.map((p) => (
          <PrinterCard
            key={p.id}
            printer={p}
            entry={Object.hasOwn(state.printerStatus, p.id) ? state.printerStatus[p.id] : undefined}
            lane={printerLane(board, p.id)}
            stations={stations}
            onEdit={() => setOpen({ kind: 'edit', printer: p })}
            onHistory={() => setOpen({ kind: 'history', printer: p })}
            onPaper={() => setOpen({ kind: 'paper', printer: p })}
            onTest={async () => void report(await sendAndWait('printer.testPrint', { printerId: p.id }), t('printers.sentTest', { name: p.name }))}
            onSlip={async () => void report(await sendAndWait('printer.setupSlip', { printerId: p.id }), t('printers.sentSlip', { name: p.name }))}
          />
        ))}
      </ul>
      {open?.kind === 'edit' && (
        <PrinterDialog
          printer={open.printer}
          others={printers.filter((p) => p.id !== open.printer?.id)}
          stations={stations}
          busy={busy}
          onSave={(p) => void save(p)}
          onRemove={(p) => setOpen({ kind: 'remove', printer: p })}
          onClose={() => setOpen(null)}
        />
      )}
      {open?.kind === 'remove' && (
        <Dialog
          title={t('printers.removeTitle', { name: open.printer.name })}
          onClose={() => setOpen(null)}
          footer={<DialogActions onCancel={() => setOpen(null)} confirmLabel={t('printers.remove')} onConfirm={() => void remove(open.printer)} testId="printer-remove-confirm" danger />}
        >
          <p>{t('printers.removeBody')}</p>
        </Dialog>
      )}
      {open?.kind === 'history' && <HistoryDialog printer={open.printer} onClose={() => setOpen(null)} />}
      {open?.kind === 'paper' && <PaperDialog printer={open.printer} onClose={() => setOpen(null)} />}
    </div>
  );
}

/** One printer: name, where it is, its status and since when, what it prints, and its buttons. */
function PrinterCard(props: {
  printer: Printer;
  entry: PrinterStatusEntry | undefined;
  lane: LaneStatus | undefined;
  stations: readonly Station[];
  onEdit: () => void;
  onHistory: () => void;
  onPaper: () => void;
  onTest: () => void;
  onSlip: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { printer } = props;
  const view = statusView(printer, props.entry);
  const type = printer.connection.type;
  const prints = [
    ...(printer.receipts ? [t('printers.receiptsShort')] : []),
    ...(printer.prebills ? [t('printers.prebillsShort')] : []),
    ...stationNames(printer, props.stations),
    ...(printer.drawer ? [t('printers.drawerShort')] : []),
  ];
  const queue = laneLine(t, props.lane);
  const label = view.label === 'ok' ? t('printers.state.ok') : view.label === 'unknown' ? t('printers.state.unknown') : t(`printers.problems.${view.label}`);
  return (
    <li className={`printer-card printer-${view.tone}`} data-testid={`printer-${printer.id}`}>
      <div className="printer-head">
        <b className="printer-name">{printer.name}</b>
        <span className={`printer-status status-${view.tone}`} data-testid="printer-status">
          {label}
          {view.tone !== 'ok' && view.since && <> · {t('printers.since', { time: sinceText(view.since, i18n.language) })}</>}
        </span>
      </div>
      {queue && (
        <div className={props.lane?.stuck ? 'printer-lane lane-stuck' : 'printer-lane'} data-testid="printer-lane">
          {queue}
        </div>
      )}
      <div className="hint">
        {t(`printers.connection.${type}`)}
        {addressOf(printer) && <> · {addressOf(printer)}</>}
        {type !== 'screen' && <> · {printer.paper} mm</>}
      </div>
      <div className="hint">
        {t('printers.prints')}: {prints.length > 0 ? prints.join(', ') : t('printers.nothing')}
      </div>
      <div className="printer-actions">
        <button className="btn btn-small" onClick={props.onEdit} data-testid="printer-edit">
          {t('printers.edit')}
        </button>
        {type !== 'screen' && (
          <button className="btn btn-small" onClick={props.onTest} data-testid="printer-test">
            {t('printers.testPrint')}
          </button>
        )}
        {type !== 'screen' && (
          <button className="btn btn-small" onClick={props.onSlip} data-testid="printer-slip">
            {t('printers.setupSlip')}
          </button>
        )}
        <button className="btn btn-small" onClick={props.onHistory} data-testid="printer-history">
          {t('printers.history')}
        </button>
        {type === 'virtual' && (
          <button className="btn btn-small" onClick={props.onPaper} data-testid="printer-paper-open">
            {t('printers.paper')}
          </button>
        )}
      </div>
    </li>
  );
}
