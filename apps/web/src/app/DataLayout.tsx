import { Outlet } from 'react-router';
import { SWRConfig } from 'swr';
import { swrConfig } from '../lib/swr';

/** The screens that read the API: the spec's cache settings around them (the landing page reads nothing). */
export function DataLayout() {
  return (
    <SWRConfig value={swrConfig}>
      <Outlet />
    </SWRConfig>
  );
}
