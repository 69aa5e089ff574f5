import { createBrowserRouter, redirect } from 'react-router';
import { MainLayout } from '@/app/main-layout.tsx';

/** Every screen is loaded lazily so the first load stays small. */
export const router = createBrowserRouter([
  {
    path: '/',
    Component: MainLayout,
    children: [
      { index: true, loader: () => redirect('/home') },
      { path: 'home', lazy: () => import('@/screens/home.tsx') },
    ],
  },
]);
