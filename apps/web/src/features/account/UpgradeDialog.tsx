import { ACCOUNT_MESSAGES, endpoints, type TierInfo } from '@cinegraph/contracts';
import { useState } from 'react';
import { apiCall } from '../../lib/api';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Spinner } from '../../ui/Spinner';
import { formatMonthlyPrice, isSubscribed, proTierOf } from './accountFormat';
import { useUpgradeInfo } from './useAccount';

interface UpgradeDialogProps {
  open: boolean;
  userId: string;
  onClose(): void;
}

/** 'Upgrade to Pro': the pro tier, its monthly price and features, and Stripe Checkout behind 'Upgrade Now'. */
export function UpgradeDialog({ open, userId, onClose }: UpgradeDialogProps) {
  const { data, error, isLoading } = useUpgradeInfo(userId, open);
  const [processing, setProcessing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const pro = data && proTierOf(data.tiers);
  const subscribed = data ? isSubscribed(data.tier) : false;

  async function upgrade(tier: TierInfo) {
    if (!tier.subscription) return setFailure(ACCOUNT_MESSAGES.proNotAvailable);
    setProcessing(true);
    setFailure(null);
    let url: string;
    try {
      ({ url } = await apiCall(endpoints.createCheckoutSession, {
        body: { user_id: userId, price_id: tier.subscription.price_id },
      }));
    } catch {
      setProcessing(false);
      return setFailure(ACCOUNT_MESSAGES.paymentFailed);
    }
    try {
      const target = new URL(url);
      if (target.protocol !== 'https:' && target.protocol !== 'http:') throw new Error();
      // Stays 'Processing...' while the browser leaves for the payment page.
      window.location.assign(target.href);
    } catch {
      setProcessing(false);
      setFailure(ACCOUNT_MESSAGES.redirectFailed);
    }
  }

  const loadFailed = error || (data && !pro);
  return (
    <Dialog
      open={open}
      title="Upgrade to Pro"
      onClose={onClose}
      widthPx={480}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Close
          </Button>
          {pro && (
            <Button
              variant="primary"
              disabled={subscribed || !pro.subscription || processing}
              onClick={() => void upgrade(pro)}
            >
              {subscribed
                ? ACCOUNT_MESSAGES.alreadySubscribedButton
                : processing
                  ? ACCOUNT_MESSAGES.processing
                  : ACCOUNT_MESSAGES.upgradeNow}
            </Button>
          )}
        </>
      }
    >
      {isLoading && (
        <div className="flex justify-center py-8">
          <Spinner label="Loading subscription information" />
        </div>
      )}
      {loadFailed && (
        <p role="alert" className="text-red-300">
          {ACCOUNT_MESSAGES.subscriptionLoadFailed}
        </p>
      )}
      {pro && (
        <div className="grid gap-4">
          {subscribed && (
            <div className="rounded-xl border border-emerald-400/20 bg-emerald-400/5 px-4 py-3">
              <p className="font-medium text-emerald-200">{ACCOUNT_MESSAGES.alreadySubscribed}</p>
              <p className="text-emerald-200/70">{ACCOUNT_MESSAGES.noNeedToUpgrade}</p>
            </div>
          )}
          <div className="flex items-baseline justify-between gap-3">
            <h3 className="text-xl font-semibold text-white">{pro.name}</h3>
            {pro.subscription && (
              <p className="text-lg font-semibold text-amber-300">{formatMonthlyPrice(pro.subscription)}</p>
            )}
          </div>
          <p>{pro.description}</p>
          <ul className="grid gap-1.5" aria-label="Pro features">
            {pro.features.map((feature) => (
              <li key={feature} className="flex gap-2">
                <span aria-hidden="true" className="text-amber-400">
                  ✓
                </span>
                {feature}
              </li>
            ))}
          </ul>
          {!pro.subscription && !subscribed && (
            <p role="alert" className="text-red-300">
              {ACCOUNT_MESSAGES.proNotAvailable}
            </p>
          )}
          {failure && (
            <p role="alert" className="text-red-300">
              {failure}
            </p>
          )}
          <p className="text-xs text-neutral-500">{ACCOUNT_MESSAGES.paymentsFooter}</p>
        </div>
      )}
    </Dialog>
  );
}
