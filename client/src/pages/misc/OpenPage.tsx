import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, setLanguage, type Lang } from '../../i18n/index.ts';
import { Icon, type IconName } from '../../ui/icons.tsx';

/**
 * The frame of the pages anyone may open, signed in or not (SPEC.md: the
 * expire and download pages have no left window): the product's name, the
 * language, one card.
 */
export function OpenPage(props: { icon: IconName; title: string; children: ReactNode; testId: string }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="open-page" data-testid={props.testId}>
      <header className="open-bar">
        <span className="open-brand">{t('app.title')}</span>
        <select value={i18n.language} onChange={(e) => setLanguage(e.target.value as Lang)} aria-label={t('app.language')} data-testid="language">
          {LANGUAGES.map((l) => (
            <option key={l.code} value={l.code}>
              {l.label}
            </option>
          ))}
        </select>
      </header>
      <main className="open-card">
        <div className="na-icon">
          <Icon name={props.icon} />
        </div>
        <h1>{props.title}</h1>
        {props.children}
      </main>
    </div>
  );
}
