import { endpoints } from '@cinegraph/contracts';
import { useState } from 'react';
import { apiCall, ApiError } from '../../lib/api';
import { Button } from '../../ui/Button';
import { useToast } from '../../ui/toast';

/** Opens Stripe's Customer Portal, where a subscriber changes or cancels their plan. */
export function ManageSubscriptionButton({ userId }: { userId: string }) {
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  async function open() {
    setBusy(true);
    try {
      const { url } = await apiCall(endpoints.createPortalSession, { body: { user_id: userId } });
      window.location.assign(url);
    } catch (failure) {
      setBusy(false);
      toast.error(
        failure instanceof ApiError ? failure.message : 'Failed to open the subscription settings.',
      );
    }
  }
  return (
    <Button busy={busy} onClick={() => void open()}>
      Manage subscription
    </Button>
  );
}
