// The auth token and the remembered e-mail live in localStorage under the shared keys.
import { REMEMBERED_EMAIL_KEY, TOKEN_STORAGE_KEY } from "../../common/constants";

function storage(): Storage | null {
  try {
    return typeof window !== "undefined" ? window.localStorage : null;
  } catch {
    return null; // storage disabled (privacy mode): behave as signed out
  }
}

export const getToken = (): string | null => storage()?.getItem(TOKEN_STORAGE_KEY) ?? null;
export const setToken = (token: string): void => storage()?.setItem(TOKEN_STORAGE_KEY, token);
export const removeToken = (): void => storage()?.removeItem(TOKEN_STORAGE_KEY);

/** Written at sign-in from the user's info; decides whether staff-only routes are registered. */
export const getRememberedEmail = (): string | null => storage()?.getItem(REMEMBERED_EMAIL_KEY) ?? null;
export const setRememberedEmail = (email: string): void => storage()?.setItem(REMEMBERED_EMAIL_KEY, email);
