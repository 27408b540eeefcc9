import path from 'node:path';

/** The web build's page every browser route starts from. */
export function webAppIndex(webDist: string): string {
  return path.join(webDist, 'index.html');
}

/** The build keeps source maps for debugging; the studio does not hand its source to visitors. */
export function servesWebFile(pathName: string): boolean {
  return !pathName.endsWith('.map');
}
