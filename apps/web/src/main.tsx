import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@portal/ui/tokens.css';
import './app/global.css';
import { startAnalytics } from './app/analytics';
import { App } from './app/app';
import { initI18n } from './lib/i18n';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// Consent mode's "default: denied" must be queued before anything else can talk to Google.
startAnalytics();
void initI18n();
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
