import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('starts on the embedded defaults with no variables set', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.s3).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.cookieSecure).toBe(false);
  });

  it('honours PORT, DATA_DIR and PUBLIC_URL', () => {
    const config = loadConfig({
      PORT: '8088',
      DATA_DIR: '/tmp/x',
      PUBLIC_URL: 'https://studio.example.com/',
    });
    expect(config.port).toBe(8088);
    expect(config.dataDir).toBe('/tmp/x');
    expect(config.publicUrl).toBe('https://studio.example.com');
    expect(config.cookieSecure).toBe(true);
  });

  it('reads the shot planner chat API from LLM_* and leaves it unset by default', () => {
    expect(loadConfig({}).llm).toEqual({ baseUrl: undefined, model: undefined, apiKey: undefined });
    const config = loadConfig({
      LLM_BASE_URL: 'http://localhost:11434/v1/',
      LLM_MODEL: 'llama3.1',
      LLM_API_KEY: 'sk-1',
    });
    expect(config.llm).toEqual({ baseUrl: 'http://localhost:11434/v1', model: 'llama3.1', apiKey: 'sk-1' });
    expect(() => loadConfig({ LLM_BASE_URL: 'not a url' })).toThrow(/LLM_BASE_URL/);
  });

  it('reads the sign-in limits per address, 20 links and 30 verifications by default', () => {
    expect(loadConfig({})).toMatchObject({ signInLinksPerAddress: 20, signInVerifiesPerAddress: 30 });
    const config = loadConfig({ SIGN_IN_LINKS_PER_ADDRESS: '200', SIGN_IN_VERIFIES_PER_ADDRESS: '300' });
    expect(config).toMatchObject({ signInLinksPerAddress: 200, signInVerifiesPerAddress: 300 });
    expect(() => loadConfig({ SIGN_IN_LINKS_PER_ADDRESS: '0' })).toThrow(/SIGN_IN_LINKS_PER_ADDRESS/);
  });

  it('names every bad variable in one error', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SMTP_URL: 'http://mail' })).toThrow(
      ConfigError,
    );
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      expect((error as Error).message).toMatch(/PORT/);
      expect((error as Error).message).toMatch(/DATABASE_URL: must start with postgres/);
    }
  });

  it('switches to S3 when S3_BUCKET is set and refuses an endpoint without a bucket', () => {
    const config = loadConfig({
      S3_BUCKET: 'footage',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(config.s3).toMatchObject({
      bucket: 'footage',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
    });
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_BUCKET/);
  });

  it('keeps users from adding workers on private addresses unless USER_WORKERS_ALLOW_PRIVATE is set', () => {
    expect(loadConfig({}).userWorkersAllowPrivate).toBe(false);
    expect(loadConfig({ USER_WORKERS_ALLOW_PRIVATE: 'true' }).userWorkersAllowPrivate).toBe(true);
    expect(() => loadConfig({ USER_WORKERS_ALLOW_PRIVATE: 'sometimes' })).toThrow(
      /USER_WORKERS_ALLOW_PRIVATE/,
    );
  });

  it('configures Stripe with its key, webhook secret and pro price together, and stops on half of them', () => {
    expect(loadConfig({}).stripe).toBeUndefined();
    const stripe = {
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      STRIPE_PRO_PRICE_ID: 'price_1',
    };
    expect(loadConfig(stripe).stripe).toEqual({
      secretKey: 'sk_test_1',
      webhookSecret: 'whsec_1',
      proPriceId: 'price_1',
      studioPriceId: undefined,
      apiUrl: undefined,
    });
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(
      /STRIPE_WEBHOOK_SECRET: is needed with STRIPE_SECRET_KEY[\s\S]*STRIPE_PRO_PRICE_ID/,
    );
  });

  it('reads the tier limits from TIER_* variables, with the embedded defaults', () => {
    const config = loadConfig({ TIER_PRO_GPU_HOURS: '45', TIER_FREE_JOBS_IN_FLIGHT: '4' });
    expect(config.tierLimits.pro).toEqual({ gpu_hours_per_month: 45, storage_gb: 100, jobs_in_flight: 200 });
    expect(config.tierLimits.free).toEqual({ gpu_hours_per_month: 2, storage_gb: 5, jobs_in_flight: 4 });
    expect(() => loadConfig({ TIER_STUDIO_STORAGE_GB: '-1' })).toThrow(/TIER_STUDIO_STORAGE_GB/);
    expect(() => loadConfig({ TIER_FREE_JOBS_IN_FLIGHT: '0' })).toThrow(/TIER_FREE_JOBS_IN_FLIGHT/);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });
});

describe('COMFYUI_URLS', () => {
  it('takes ComfyUI addresses and, per entry, a RunPod endpoint or a comfyui-api server', () => {
    const config = loadConfig({
      COMFYUI_URLS:
        'http://gpu1:8188/, runpod+https://api.runpod.ai/v2/abc123,comfyui-api+http://salad.example:3000',
      RUNPOD_API_KEY: 'rp_key',
    });
    expect(config.comfyuiUrls).toEqual([
      { backend: 'comfyui', url: 'http://gpu1:8188' },
      { backend: 'runpod', url: 'https://api.runpod.ai/v2/abc123' },
      { backend: 'comfyui-api', url: 'http://salad.example:3000' },
    ]);
    expect(config.runpodApiKey).toBe('rp_key');
  });

  it('refuses an entry that is not an http(s) address after its backend', () => {
    expect(() => loadConfig({ COMFYUI_URLS: 'runpod+ftp://x' })).toThrow(ConfigError);
  });
});
