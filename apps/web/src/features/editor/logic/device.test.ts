import { describe, expect, it } from 'vitest';
import { defaultZoom, deviceKind, minimapSize } from './device';

const desktopUA = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130';
const phoneUA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148';

describe('device rules', () => {
  it('calls a narrow touch screen or a narrow mobile browser a phone', () => {
    expect(deviceKind({ width: 390, touch: true, userAgent: desktopUA }).phone).toBe(true);
    expect(deviceKind({ width: 390, touch: false, userAgent: phoneUA }).phone).toBe(true);
    expect(deviceKind({ width: 768, touch: true, userAgent: desktopUA }).phone).toBe(true);
  });

  it('does not call a narrow desktop window a phone', () => {
    expect(deviceKind({ width: 600, touch: false, userAgent: desktopUA }).phone).toBe(false);
    expect(deviceKind({ width: 900, touch: true, userAgent: phoneUA }).phone).toBe(false);
  });

  it('calls a touch screen from 769 to 1366 px a tablet', () => {
    expect(deviceKind({ width: 1024, touch: true, userAgent: desktopUA }).tablet).toBe(true);
    expect(deviceKind({ width: 1400, touch: true, userAgent: desktopUA }).tablet).toBe(false);
    expect(deviceKind({ width: 1024, touch: false, userAgent: desktopUA }).tablet).toBe(false);
  });
});

describe('default zoom', () => {
  it('is 0.8 on desktop at any width', () => {
    expect(defaultZoom({ width: 500, touch: false })).toBe(0.8);
    expect(defaultZoom({ width: 1920, touch: false })).toBe(0.8);
  });

  it('is 0.7 on wide touch screens, 0.6 up to 1024 px and 0.5 up to 768 px', () => {
    expect(defaultZoom({ width: 1280, touch: true })).toBe(0.7);
    expect(defaultZoom({ width: 1024, touch: true })).toBe(0.6);
    expect(defaultZoom({ width: 768, touch: true })).toBe(0.5);
    expect(defaultZoom({ width: 390, touch: true })).toBe(0.5);
  });

  it('draws a 200 x 120 minimap, smaller on touch', () => {
    expect(minimapSize(false)).toEqual({ width: 200, height: 120 });
    expect(minimapSize(true).width).toBeLessThan(200);
  });
});
