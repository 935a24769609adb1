// The mail that tells an account's owner someone is guessing its password (once per window).
import type { MailMessage } from "../../mail/mailer.js";

export interface GuessingReport {
  to: string;
  firstName: string;
  failedAttempts: number;
  addresses: number;
  windowMinutes: number;
  resetUrl: string;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function guessingAlertMail(r: GuessingReport): MailMessage {
  return {
    to: r.to,
    subject: "Someone is trying to sign in to your InfraScout account",
    text:
      `Hello ${r.firstName || "there"},\n\n` +
      `In the last ${plural(r.windowMinutes, "minute", "minutes")} there were ${plural(r.failedAttempts, "failed attempt", "failed attempts")} ` +
      `to sign in to your InfraScout account (${r.to}) with a wrong password, from ${plural(r.addresses, "address", "different addresses")}.\n\n` +
      `If this was not you, someone may be trying to guess your password. Your account is not locked and you can still sign in, ` +
      `but we suggest you reset your password now:\n\n${r.resetUrl}\n\n` +
      `If it was you, you can ignore this mail. We will not write about this again in the next ${plural(r.windowMinutes, "minute", "minutes")}.\n\n— InfraScout`,
  };
}
