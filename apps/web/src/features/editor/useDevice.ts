import { useSyncExternalStore } from 'react';
import { deviceKind, type DeviceKind } from './logic/device';

export interface Device extends DeviceKind {
  width: number;
}

let cached: Device | null = null;

function read(): Device {
  const touch = navigator.maxTouchPoints > 0 || 'ontouchstart' in window;
  const width = window.innerWidth;
  if (!cached || cached.width !== width || cached.touch !== touch) {
    cached = { width, ...deviceKind({ width, touch, userAgent: navigator.userAgent }) };
  }
  return cached;
}

function subscribe(listener: () => void): () => void {
  window.addEventListener('resize', listener);
  return () => window.removeEventListener('resize', listener);
}

/** The screen the editor runs on (phone, tablet, touch), updated on resize. */
export function useDevice(): Device {
  return useSyncExternalStore(subscribe, read, read);
}
