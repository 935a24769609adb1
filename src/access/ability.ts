// What a user may do, as a CASL ability (the same rules the server enforces):
// every subscriber reads the product; staff also work the project-update area and impersonate.
import { createMongoAbility, type MongoAbility } from "@casl/ability";
import type { UserInfo } from "../../common/api";

export type Action = "list" | "show" | "create" | "edit" | "delete" | "manage" | "impersonate";
export type Subject = string;
export type AppAbility = MongoAbility<[Action | string, Subject]>;

/** Resources only staff may use. */
export const STAFF_RESOURCES = ["update-projects", "impersonate"] as const;

export function abilityFor(user: Pick<UserInfo, "is_staff"> | null | undefined): AppAbility {
  const rules: { action: string; subject: string; inverted?: boolean }[] = [];
  if (user) {
    rules.push({ action: "manage", subject: "all" });
    if (!user.is_staff) for (const subject of STAFF_RESOURCES) rules.push({ action: "manage", subject, inverted: true });
  }
  return createMongoAbility<[string, string]>(rules as never) as AppAbility;
}
