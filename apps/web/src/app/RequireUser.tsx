import { Navigate, Outlet } from 'react-router';
import { useStoredUser } from '../lib/session';

/** Screens for signed-in users only: without a stored user id the visitor goes home. */
export function RequireUser() {
  const { userId } = useStoredUser();
  return userId ? <Outlet /> : <Navigate to="/" replace />;
}
