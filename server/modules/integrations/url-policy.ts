// Which URLs a webhook may have (SSRF): https, no user name or password in it, and a host whose
// every address is public (server/lib/public-address.ts) — an IP literal by itself, a name by what
// it resolves to now. WEBHOOK_ALLOW_PRIVATE=true (on-premise) admits http and private addresses.
// Checked when a webhook is added; every try checks again at connection (delivery.ts).
import { fieldError } from "../../http/errors.js";
import { isPublicAddress, resolveHost } from "../../lib/public-address.js";
import { refusalOf } from "./delivery.js";

export const URL_MAX_LENGTH = 2048;
export const HTTPS_ONLY = "Webhook URLs must start with https://.";
export const NOT_PUBLIC = "This address is private or local: webhooks must reach a public address.";
export const NO_CREDENTIALS = "Leave the user name and password out of the URL: deliveries are signed with the secret.";
export const HOST_NOT_FOUND = "This URL's host could not be found.";
export const NOT_A_URL = "Enter a valid URL.";

/** The URL as stored (normalised, without a #fragment), or a 400 on the `url` field saying why not. */
export async function acceptableWebhookUrl(raw: string, allowPrivate: boolean): Promise<string> {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw fieldError("url", NOT_A_URL);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw fieldError("url", allowPrivate ? NOT_A_URL : HTTPS_ONLY);
  if (refusalOf(url, allowPrivate)?.includes("https")) throw fieldError("url", HTTPS_ONLY);
  if (url.username || url.password) throw fieldError("url", NO_CREDENTIALS);
  if (!url.hostname) throw fieldError("url", NOT_A_URL);
  url.hash = "";
  if (!allowPrivate) {
    let addresses: string[];
    try {
      addresses = await resolveHost(url.hostname);
    } catch {
      throw fieldError("url", HOST_NOT_FOUND);
    }
    if (!addresses.length) throw fieldError("url", HOST_NOT_FOUND);
    if (addresses.some((a) => !isPublicAddress(a))) throw fieldError("url", NOT_PUBLIC);
  }
  if (url.href.length > URL_MAX_LENGTH) throw fieldError("url", `Ensure this field has no more than ${URL_MAX_LENGTH} characters.`);
  return url.href;
}
