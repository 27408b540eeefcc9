import { describe, expect, it } from 'vitest';
import { normaliseWorkerUrl, WORKER_MESSAGES } from './workers';

describe('normaliseWorkerUrl', () => {
  it.each([
    ['http://192.168.1.20:8188/', 'http://192.168.1.20:8188'],
    ['  HTTPS://Comfy.Example.COM:443//  ', 'https://comfy.example.com'],
    ['http://comfy.example.com:80', 'http://comfy.example.com'],
    ['https://tunnel.example.com/comfy/', 'https://tunnel.example.com/comfy'],
    ['http://[::1]:8188', 'http://[::1]:8188'],
  ])('stores %j as %j', (input, url) => {
    expect(normaliseWorkerUrl(input)).toEqual({ url });
  });

  it.each([
    ['', WORKER_MESSAGES.urlRequired],
    ['localhost:8188', WORKER_MESSAGES.urlProtocol],
    ['ws://comfy.example.com', WORKER_MESSAGES.urlProtocol],
    ['http://', WORKER_MESSAGES.urlInvalid],
    ['http://user@comfy.example.com', WORKER_MESSAGES.urlCredentials],
    ['http://comfy.example.com/?a=1', WORKER_MESSAGES.urlQuery],
    ['http://comfy.example.com#', WORKER_MESSAGES.urlQuery],
  ])('refuses %j', (input, error) => {
    expect(normaliseWorkerUrl(input)).toEqual({ error });
  });
});
