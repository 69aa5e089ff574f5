import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import '@fontsource-variable/inter/wght.css';
import '@/styles/tokens.css';
import '@/styles/themes.css';
import '@/styles/base.css';
import '@/styles/boot-shell.css';
import '@/i18n/index.ts';
import { retryChunksOnReconnect } from '@/app/chunk-retry.ts';
import { AppRoutes } from '@/app/router.tsx';
import { registerServiceWorker } from '@/app/service-worker.ts';
import { trackInputModality } from '@/lib/input-modality.ts';

// The boot shell in index.html goes before the first render: Preact (React's stand-in, see
// vite.config.ts) would otherwise reuse its elements and keep attributes such as aria-busy.
trackInputModality();
const container = document.getElementById('root')!;
container.replaceChildren();
createRoot(container).render(
  <StrictMode>
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  </StrictMode>,
);

// Open the cache connection while the first screen loads; once it is back after a drop, what
// could not be fetched meanwhile loads.
retryChunksOnReconnect();

registerServiceWorker();
