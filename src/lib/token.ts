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

/**
 * The spec's remembered e-mail, written at sign-in from the user's info. The staff area is decided
 * from the session's user by the shared rule (common/ability.ts isStaffUser), whose e-mail this is.
 */
export const setRememberedEmail = (email: string): void => storage()?.setItem(REMEMBERED_EMAIL_KEY, email);
