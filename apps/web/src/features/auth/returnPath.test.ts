import { describe, expect, it } from 'vitest';
import { rememberReturnPath, takeReturnPath } from './returnPath';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

describe('the path to return to after signing in', () => {
  it('brings a visitor back to the share page once', () => {
    const storage = memoryStorage();
    rememberReturnPath('/share/abc_DEF-123', storage);
    expect(takeReturnPath(storage)).toBe('/share/abc_DEF-123');
    expect(takeReturnPath(storage)).toBeNull();
  });

  it('keeps nothing but a share page of this site', () => {
    const storage = memoryStorage();
    rememberReturnPath('https://evil.example/share/abc', storage);
    rememberReturnPath('//evil.example', storage);
    expect(takeReturnPath(storage)).toBeNull();
    storage.setItem('cinegraph.returnPath', '/movies/../../evil');
    expect(takeReturnPath(storage)).toBeNull();
  });
});
