import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import '@fontsource-variable/inter/wght.css';
import '@/styles/tokens.css';
import '@/styles/themes.css';
import '@/styles/base.css';
import '@/styles/boot-shell.css';
import '@/i18n/index.ts';
import { router } from '@/app/router.tsx';
import { registerServiceWorker } from '@/app/service-worker.ts';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);

// Open the cache connection while the first screen loads.
void import('@/data/connection.ts').then((m) => m.cache());

registerServiceWorker();
