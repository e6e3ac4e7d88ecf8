import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { kioskApi } from './api/kiosk-api';
import { KioskApp } from './kiosk-app';
import { registerKioskWorker } from './register-worker';
import { KioskRuntime } from './runtime/kiosk-runtime';
import { createIndexedDbStore } from './storage/kiosk-store';
import '../styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

registerKioskWorker();

createRoot(root).render(
  <StrictMode>
    <KioskApp runtime={new KioskRuntime(createIndexedDbStore(), kioskApi)} />
  </StrictMode>,
);
