import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAliases } from './aliases.ts';

/**
 * The restaurant's secrets (the certificate, the SOL user and password, the
 * export's mail server) are behind their own gate, `fiscalSecrets`, which only
 * the owner's preset holds (issue 19 item 10). Someone without it sees a line
 * saying who can change them instead of forms the hub would refuse.
 */
export function SecretsOnly(props: { children: ReactNode }) {
  const { t } = useTranslation();
  if (useAliases().has('fiscalSecrets')) return <>{props.children}</>;
  return (
    <p className="hint" data-testid="secrets-owner-only">
      {t('auth.secretsOwnerOnly')}
    </p>
  );
}
