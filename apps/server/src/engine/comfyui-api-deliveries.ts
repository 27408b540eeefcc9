import { ComfyApiDeliveries } from '@cinegraph/comfy';
import { endpoints } from '@cinegraph/contracts';

/**
 * comfyui-api's webhook deliveries meet the jobs waiting for them in this process: the webhook route
 * hands them over here, the dispatcher's comfyui-api connections wait here.
 */
export const comfyApiDeliveries = new ComfyApiDeliveries();

/** The studio's webhook address that comfyui-api delivers outcomes (and system events) to. */
export function comfyApiWebhookUrl(publicUrl: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/api/v1${endpoints.comfyApiWebhook.path}`;
}
