import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from '../../app/AppProviders';
import { SiteLayout } from '../../app/layout/SiteLayout';
import { LandingPage } from './LandingPage';

/**
 * The landing page (/) as a first-time visitor's browser draws it before its first paint: the site
 * navigation and the opening, signed out, the sections below not yet asked for. The build writes it into
 * landing.html (vite's landing-html plugin), which the server answers `/` with, so the opening shows
 * before the JavaScript arrives; the app then renders the same screen over it.
 */
export async function landingOpeningMarkup(): Promise<string> {
  const handler = createStaticHandler([
    { id: 'root', element: <SiteLayout />, children: [{ index: true, Component: LandingPage }] },
  ]);
  const context = await handler.query(new Request('http://studio/'));
  if (context instanceof Response) throw new Error('landing page: the route answered with a redirect');
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <AppProviders>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
}
