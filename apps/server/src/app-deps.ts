import type { Config } from './config';
import type { Database } from './db/client';
import type { Mailer } from './mail/mailer';
import type { SignInLimits } from './services/auth';
import type { PaymentProvider } from './services/payments/payment-provider';
import type { Storage } from './storage/storage';

/** What the app is built from and every route module receives: app.ts builds it, the routes only read it. */
export interface AppDeps {
  config: Config;
  db: Database;
  storage: Storage;
  mailer: Mailer;
  signInLimits: SignInLimits;
  /** Stripe's API calls; unset: Stripe's SDK when payments are configured (tests pass their own). */
  paymentProvider?: PaymentProvider;
}
