import { describe, expect, it } from 'vitest';
import { avatarLetter, formatGpuUsage, formatMonthlyPrice, isSubscribed } from './accountFormat';

describe('the account page figures', () => {
  it("shows GPU usage as 'Xh Ym Zs'", () => {
    expect(formatGpuUsage({ hours: 0, minutes: 0, seconds: 0 })).toBe('0h 0m 0s');
    expect(formatGpuUsage({ hours: 12, minutes: 5, seconds: 9 })).toBe('12h 5m 9s');
  });

  it('takes the avatar letter from the nickname, then the email', () => {
    expect(avatarLetter('agnès', 'a@example.com')).toBe('A');
    expect(avatarLetter('  ', 'zoe@example.com')).toBe('Z');
    expect(avatarLetter('', '')).toBe('A');
    expect(avatarLetter('🎬 crew', 'x@example.com')).toBe('🎬');
  });

  it('shows the pro price per month', () => {
    expect(formatMonthlyPrice({ price: 20, currency: 'usd', price_id: 'p' })).toBe('$20 / month');
    expect(formatMonthlyPrice({ price: 19.5, currency: 'eur', price_id: 'p' })).toBe('€19.50 / month');
  });

  it('treats pro and studio as already subscribed', () => {
    expect([isSubscribed('free'), isSubscribed('pro'), isSubscribed('studio')]).toEqual([false, true, true]);
  });
});
