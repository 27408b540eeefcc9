import { MESSAGES } from '@cinegraph/contracts';

/** The spec's toasts of the generate modal. */
export const GENERATION_TOASTS = {
  started: 'Generation Started!',
  queued: 'Your footage is now in queue.',
  failed: 'Generation Failed',
  tryLater: 'Please try again later.',
} as const;

export const startedToast = () => `${GENERATION_TOASTS.started} ${GENERATION_TOASTS.queued}`;

/** 'Generation Failed' with the server's message, or 'Please try again later.' when it sent none. */
export function failedToast(serverMessage: string | null | undefined): string {
  const useful = serverMessage && serverMessage !== MESSAGES.requestFailed;
  return `${GENERATION_TOASTS.failed}: ${useful ? serverMessage : GENERATION_TOASTS.tryLater}`;
}
