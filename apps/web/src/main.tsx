import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/AppProviders';
import { router } from './app/router';
import { verifyTokenInAddress } from './features/auth/magicLink';
import './index.css';

verifyTokenInAddress();

// A landing page that arrived drawn (landing.html) is replaced by the same screen in one commit; a page
// without #root fails here with React's own message.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
