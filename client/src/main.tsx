import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { initI18n } from './i18n/index.ts';
import { connect } from './sync/connection.ts';
import { loadOutbox, watchOtherTabs } from './sync/outbox.ts';
import { loadReplica } from './sync/replica.ts';
import './styles.css';

// Order matters: what this device already knows and owes is loaded before the hub is asked.
loadReplica();
loadOutbox();
watchOtherTabs();
initI18n();
connect();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
