import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Settings } from '#protocol';
import { hostNameSchema } from '#protocol';

/**
 * A name as the hub stores it: what a browser would send as Host (lower
 * case, an accented name in its `xn--` form, no port), or null when it is
 * not a name the hub takes.
 */
export function normalizedHostName(typed: string): string | null {
  const text = typed.trim();
  if (text === '' || /[/:@?#\s]/.test(text)) return null;
  let host: string;
  try {
    host = new URL(`http://${text}/`).hostname;
  } catch {
    return null;
  }
  const parsed = hostNameSchema.safeParse(host);
  return parsed.success ? parsed.data : null;
}

/**
 * The names devices may open the hub by, besides its addresses, localhost
 * and its `.local` name (the hub refuses any other: DNS rebinding). Each
 * change is saved at once, as the idle lock is.
 */
export function HostNamesSetting(props: { settings: Settings; save: (hostNames: string[]) => Promise<boolean> }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState('');
  const names = props.settings.hostNames ?? [];
  const add = async () => {
    const name = normalizedHostName(typed);
    if (name === null) return setError(t('staffAdmin.hostNameInvalid'));
    setError('');
    if (names.includes(name) || (await props.save([...names, name]))) setTyped('');
  };
  return (
    <div className="field" data-testid="host-names">
      <span>{t('staffAdmin.hostNames')}</span>
      <p className="hint">{t('staffAdmin.hostNamesHint')}</p>
      <ul>
        {names.map((name) => (
          <li key={name}>
            <code>{name}</code>{' '}
            <button type="button" className="btn btn-small" aria-label={t('staffAdmin.removeHostName', { name })} onClick={() => void props.save(names.filter((n) => n !== name))}>
              ×
            </button>
          </li>
        ))}
      </ul>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void add();
        }}
      >
        <input value={typed} onChange={(e) => setTyped(e.target.value)} placeholder={t('staffAdmin.hostNamePlaceholder')} autoCapitalize="none" spellCheck={false} data-testid="host-name-input" />{' '}
        <button type="submit" className="btn btn-small" disabled={names.length >= 10}>
          {t('staffAdmin.addHostName')}
        </button>
      </form>
      {error && <p className="field-error">{error}</p>}
    </div>
  );
}
