import { endpoints, type UserStats } from '@cinegraph/contracts';
import useSWR from 'swr';
import { apiCall, endpointUrl } from '../../lib/api';

/** The account page's figures; a saved nickname replaces them with the server's answer. */
export function useUserStats(userId: string) {
  const params = { userId };
  return useSWR<UserStats>(endpointUrl(endpoints.userStats, { params }), () =>
    apiCall(endpoints.userStats, { params }),
  );
}

/** What the upgrade dialog needs, loaded when it opens: the user's tier and the tier list. */
export function useUpgradeInfo(userId: string, open: boolean) {
  return useSWR(open ? ['upgrade-info', userId] : null, async () => {
    const [user, tiers] = await Promise.all([
      apiCall(endpoints.getUser, { params: { userId } }),
      apiCall(endpoints.tiersInfo),
    ]);
    return { tier: user.tier, tiers };
  });
}
