import { Navigate } from 'react-router';
import { useStoredUser } from '../../lib/session';
import { WorkersSection } from '../workers/WorkersSection';

/** /user: the account page. Its profile and usage part is still to come; its workers are here. */
export function AccountPage() {
  const { userId } = useStoredUser();
  // The router redirects signed-out visitors too; this keeps the page safe when used on its own.
  if (!userId) return <Navigate to="/" replace />;
  return (
    <main id="main" className="min-h-screen bg-neutral-950 px-4 pt-28 pb-20 text-neutral-100 sm:px-6 lg:px-8">
      <div className="mx-auto max-w-4xl">
        <header>
          <p className="text-xs font-semibold tracking-[0.2em] text-amber-400/80 uppercase">Profile</p>
          <h1 className="mt-2 text-3xl font-semibold tracking-tight text-white sm:text-4xl">Account</h1>
          <p className="mt-2 text-sm text-neutral-400">
            Your nickname, tier, GPU usage, storage and generation counts{' '}
            <span className="text-neutral-500">— coming soon.</span>
          </p>
        </header>
        <WorkersSection />
      </div>
    </main>
  );
}
