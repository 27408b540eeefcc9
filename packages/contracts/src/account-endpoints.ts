import { z } from 'zod';
import {
  CheckoutSessionBody,
  CheckoutSessionResponse,
  NicknameParams,
  PortalSessionBody,
  PortalSessionResponse,
  TierInfo,
  UserStats,
  WebhookResponse,
} from './account';
import { endpoint } from './endpoint';
import { UserIdParams } from './user';

/** The account page, the usage tiers and their payment. */
export const accountEndpoints = {
  userStats: endpoint({
    method: 'GET',
    path: '/user_stats/:userId',
    summary: "The account page's figures: tier, GPU usage, storage, movies and generations by status",
    auth: true,
    params: UserIdParams,
    response: UserStats,
  }),
  updateNickname: endpoint({
    method: 'POST',
    path: '/:userId/nickname/:nickname',
    summary: "Set the user's nickname (at most 32 characters, not blank); returns the updated stats",
    auth: true,
    params: NicknameParams,
    response: UserStats,
  }),
  tiersInfo: endpoint({
    method: 'GET',
    path: '/payments/tiers_info',
    summary: 'The usage tiers (free, pro, studio) with their limits and, where sold, their monthly price',
    auth: true,
    response: z.array(TierInfo),
  }),
  createCheckoutSession: endpoint({
    method: 'POST',
    path: '/payments/stripe/create_checkout_session',
    summary: 'Start a Stripe Checkout subscription for a tier price; returns the session id and its URL',
    auth: true,
    body: CheckoutSessionBody,
    response: CheckoutSessionResponse,
  }),
  createPortalSession: endpoint({
    method: 'POST',
    path: '/payments/stripe/create_portal_session',
    summary: "Open Stripe's Customer Portal for the user's subscription (change or cancel it)",
    auth: true,
    body: PortalSessionBody,
    response: PortalSessionResponse,
  }),
  stripeWebhook: endpoint({
    method: 'POST',
    path: '/payments/stripe/webhook',
    summary:
      "Stripe's event deliveries. Public (no session): every request must carry a valid Stripe-Signature " +
      'of its raw body, and an event delivered twice changes nothing',
    auth: false,
    response: WebhookResponse,
  }),
};
