import { LOCAL_STORAGE_KEYS } from '@cinegraph/contracts';
import { useSyncExternalStore } from 'react';

/** The signed-in user as the browser remembers it: a stored user id means signed in (the spec). */
export interface StoredUser {
  userId: string | null;
  nickname: string | null;
  profileImage: string | null;
}

const listeners = new Set<() => void>();
let snapshot: StoredUser = read();

function read(): StoredUser {
  return {
    userId: localStorage.getItem(LOCAL_STORAGE_KEYS.userId),
    nickname: localStorage.getItem(LOCAL_STORAGE_KEYS.nickname),
    profileImage: localStorage.getItem(LOCAL_STORAGE_KEYS.profileImage),
  };
}

function changed(): void {
  snapshot = read();
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || Object.values(LOCAL_STORAGE_KEYS).includes(event.key as never)) changed();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function getStoredUser(): StoredUser {
  return snapshot;
}

export function storeSignedInUser(user: {
  userId: string;
  nickname?: string | null;
  profileImage?: string | null;
}) {
  localStorage.setItem(LOCAL_STORAGE_KEYS.userId, user.userId);
  setOrRemove(LOCAL_STORAGE_KEYS.nickname, user.nickname);
  setOrRemove(LOCAL_STORAGE_KEYS.profileImage, user.profileImage);
  changed();
}

/** Keeps the stored nickname (the spec's local storage key) in step with a saved one. */
export function storeNickname(nickname: string): void {
  setOrRemove(LOCAL_STORAGE_KEYS.nickname, nickname);
  changed();
}

export function clearStoredUser(): void {
  localStorage.removeItem(LOCAL_STORAGE_KEYS.userId);
  localStorage.removeItem(LOCAL_STORAGE_KEYS.nickname);
  localStorage.removeItem(LOCAL_STORAGE_KEYS.profileImage);
  changed();
}

function setOrRemove(key: string, value: string | null | undefined): void {
  if (value) localStorage.setItem(key, value);
  else localStorage.removeItem(key);
}

/** The stored user, re-rendering when it changes in this tab or another. */
export function useStoredUser(): StoredUser {
  return useSyncExternalStore(subscribe, getStoredUser, getStoredUser);
}
