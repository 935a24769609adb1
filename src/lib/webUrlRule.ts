// The antd form rule for a web address staff type (a lead's source URL, a document's address):
// the same http(s)-only rule the API enforces (common/urls.ts), with the API's message, so the
// form says it before anything is sent. Blank passes; the field is optional.
import type { RuleObject } from "antd/es/form";
import { isSafeWebUrl, WEB_URL_MESSAGE } from "../../common/urls";

export const webUrlRule: RuleObject = {
  validator: (_rule, value: unknown) =>
    value === undefined || value === null || (typeof value === "string" && (value.trim() === "" || isSafeWebUrl(value.trim())))
      ? Promise.resolve()
      : Promise.reject(new Error(WEB_URL_MESSAGE)),
};
