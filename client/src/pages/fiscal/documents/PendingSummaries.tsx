import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommandReply, PendingSummaryLine } from '#protocol';
import { errorText } from '../../../i18n/keys.ts';
import { enqueue } from '../../../sync/outbox.ts';
import { showToast } from '../../../ui/ui-store.ts';
import { dayText, pendingSummaryDays } from './doc-view.ts';

/** A command's answer, or null when the hub has not answered within a moment (offline: it stays queued and goes later). */
function shortly(reply: Promise<CommandReply>): Promise<CommandReply | null> {
  return Promise.race([reply, new Promise<null>((r) => setTimeout(() => r(null), 2500))]);
}

/** Sends `einvoice.summarize` and waits a moment for the hub's answer. */
function summarize(referenceDate: string): Promise<CommandReply | null> {
  return shortly(enqueue('einvoice.summarize', { referenceDate }, { ownsRefusal: true }));
}

/** Sends `einvoice.requeueSummary` (a summary SUNAT refused: its boletas wait again) and waits a moment for the answer. */
export function requeueSummary(summaryId: string): Promise<CommandReply | null> {
  return shortly(enqueue('einvoice.requeueSummary', { summaryId }, { ownsRefusal: true }));
}

/**
 * The days whose boletas (and notes on them) still wait for their daily
 * summary, from the live state: the hub sends each past day's by itself;
 * an owner may send one now (today's too, e.g. before closing).
 */
export function PendingSummaries(props: { pending: Readonly<Record<string, PendingSummaryLine>> | undefined; onSent: () => void }) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState<string | null>(null);
  const days = pendingSummaryDays(props.pending);
  if (days.length === 0) return null;
  const send = async (day: string) => {
    setBusy(day);
    const reply = await summarize(day);
    setBusy(null);
    if (reply === null) return showToast(t('fiscalDocs.summaryQueued'));
    if (!reply.ok) return showToast(errorText(t, reply.code), 'error');
    showToast(t('fiscalDocs.summaryPlanned'));
    props.onSent();
  };
  return (
    <section className="fiscal-card" data-testid="docs-pending">
      <h2>{t('fiscalDocs.pendingTitle')}</h2>
      <p className="hint">{t('fiscalDocs.pendingHint')}</p>
      <ul className="docs-pending">
        {days.map((d) => (
          <li key={d.day} data-testid={`docs-pending-${d.day}`}>
            <span>{t('fiscalDocs.pendingDay', { day: dayText(d.day, i18n.language), count: d.count })}</span>
            <button className="btn btn-small btn-primary" disabled={busy !== null} onClick={() => void send(d.day)} data-testid="docs-send-summary">
              {t('fiscalDocs.sendNow')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
