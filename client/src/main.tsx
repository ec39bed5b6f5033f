import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, preloadPageOf } from './app.tsx';
import { initI18n } from './i18n/index.ts';
import { bootSession, watchSession } from './auth/session.ts';
import { keepClaimCodeFromLink } from './auth/claim-link.ts';
import { loadOutbox, watchOtherTabs } from './sync/outbox.ts';
import { loadReplica, saveReplicaWhenLeaving } from './sync/replica.ts';
import './styles.css';

// The setup slip's QR brings the claim code in the address: kept before any redirect drops it.
keepClaimCodeFromLink();
// Order matters: what this device already knows and owes (IndexedDB) is loaded before the hub is asked.
watchOtherTabs();
saveReplicaWhenLeaving(window);
const languageReady = initI18n();
void Promise.all([loadReplica(), loadOutbox()]).then(() => {
  // The live channel opens only for a signed-in person (or to deliver what a signed-out one left queued).
  watchSession();
  void bootSession();
});

// The first frame waits for the device's language (a chunk of its own unless Spanish), so no text shows in the wrong one,
// and for the opened page's file, fetched meanwhile: the page then shows at once, without a "loading" frame that React
// would keep on screen for at least 300 ms. A file that cannot be fetched is the page's own "loading" and retry.
const openedPage = preloadPageOf(window.location.hash.replace(/^#/, '').split('?')[0] ?? '').catch(() => undefined);
void Promise.all([languageReady, openedPage]).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
