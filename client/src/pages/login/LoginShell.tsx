import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { session } from '../../auth/session.ts';
import type { ErrorCode } from '#protocol';
import { LANGUAGES, setLanguage, type Lang } from '../../i18n/index.ts';
import { errorText } from '../../i18n/keys.ts';
import { replica } from '../../sync/replica.ts';
import './login.css';

/**
 * The frame of the sign-in and setup pages (SPEC.md: no left window, a bar of
 * their own): the restaurant's name, the language, one card.
 */
export function LoginShell(props: { title: string; children: ReactNode; testId: string }) {
  const { t, i18n } = useTranslation();
  const { restaurantName } = useSnapshot(session);
  const { state } = useSnapshot(replica);
  return (
    <div className="login-page" data-testid={props.testId}>
      <header className="login-bar">
        <span className="login-brand">{restaurantName || state?.restaurant.name || t('app.title')}</span>
        <select className="login-lang" value={i18n.language} onChange={(e) => setLanguage(e.target.value as Lang)} aria-label={t('app.language')} data-testid="language">
          {LANGUAGES.map((l) => (
            <option key={l.code} value={l.code}>
              {l.label}
            </option>
          ))}
        </select>
      </header>
      <main className="login-card">
        <h1>{props.title}</h1>
        {props.children}
      </main>
    </div>
  );
}

/** The hub's refusal as a sentence; a lock-out says how long to wait. */
export function refusalText(t: TFunction, code: ErrorCode, retryAfter: number): string {
  return code === 'TOO_MANY_ATTEMPTS' && retryAfter > 0 ? t('login.wait', { seconds: retryAfter }) : errorText(t, code);
}
