import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SetupPrinterSearch } from '#protocol';
import { api } from '../../auth/api.ts';
import { refusalText } from '../login/LoginShell.tsx';

/**
 * For a box without a screen whose printer is on the network (a USB printer
 * prints the slip by itself at the start): the hub looks for a printer on the
 * shop network and prints the setup slip with the claim code on it. The code
 * goes to the paper, never to this page (hub/auth/README.md "Claim code").
 */
export function PrinterSearch() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<{ text: string; bad: boolean } | null>(null);

  const search = async () => {
    setBusy(true);
    setSaid(null);
    const r = await api<SetupPrinterSearch>('POST', '/api/setup/printer-search', {});
    setBusy(false);
    if (!r.ok) return setSaid({ text: refusalText(t, r.code, r.retryAfter), bad: true });
    if (r.body.printed) return setSaid({ text: t('setup.printerPrinted'), bad: false });
    setSaid({ text: t('setup.printerNone'), bad: true });
  };

  return (
    <div className="setup-printer-search">
      <button type="button" className="btn btn-block" disabled={busy} onClick={() => void search()} data-testid="setup-printer-search">
        {busy ? t('setup.printerSearching') : t('setup.printerSearch')}
      </button>
      {said && (
        <p className={said.bad ? 'field-error' : 'hint'} role="status" data-testid="setup-printer-result">
          {said.text}
        </p>
      )}
    </div>
  );
}
