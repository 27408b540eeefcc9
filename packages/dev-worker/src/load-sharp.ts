import type Sharp from 'sharp';

/**
 * sharp, loaded with the first picture the worker renders rather than when it starts: libvips holds about
 * 20 MB of memory, and the studio starts this worker in its own process (the preview worker) whether or
 * not anyone generates.
 */
export async function loadSharp(): Promise<typeof Sharp> {
  return (await import('sharp')).default;
}
