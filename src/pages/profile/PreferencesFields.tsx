// The lead preferences the feed (and its alert) follow: project statuses, sectors, states and a
// value range in crore. Form items for a form the page owns (profile, My Feed), with the
// conversion to and from PATCH user-info/'s fields (value in rupees; null = no limit).
import { Col, Form, InputNumber, Row, Select } from "antd";
import type { UserPreferences } from "../../../common/api";
import { CRORE, PROJECT_STATUSES } from "../../../common/constants";
import { formatIndianNumber } from "../../lib/format";

export interface PreferenceValues {
  preferred_proj_status: string[];
  preferred_sectors: string[];
  preferred_states: string[];
  /** Crore; empty = no limit. */
  min_cr?: number | null;
  max_cr?: number | null;
}

const asOptions = (values: readonly string[] | undefined) => (values ?? []).map((v) => ({ value: v, label: v }));
const toCrore = (rupees: number | null | undefined) => (rupees === null || rupees === undefined ? null : Number((rupees / CRORE).toFixed(2)));
/** Crore amounts shown with Indian grouping (2,939 Cr) once typed; what is being typed stays as typed. */
const croreInput = {
  formatter: (value: number | string | undefined, info: { userTyping: boolean; input: string }) =>
    info.userTyping || value === undefined || value === "" ? info.input || String(value ?? "") : formatIndianNumber(value),
  parser: (text: string | undefined) => (text ?? "").replace(/,/g, ""),
};
const toRupees = (crore: number | null | undefined) => (crore === null || crore === undefined ? null : Math.round(crore * CRORE));

export function preferenceValues(p: UserPreferences): PreferenceValues {
  return {
    preferred_proj_status: p.preferred_proj_status ?? [],
    preferred_sectors: p.preferred_sectors ?? [],
    preferred_states: p.preferred_states ?? [],
    min_cr: toCrore(p.preferred_min_value),
    max_cr: toCrore(p.preferred_max_value),
  };
}

/** The PATCH user-info/ body of the preference fields. */
export function preferencePatch(v: PreferenceValues) {
  return {
    preferred_proj_status: v.preferred_proj_status,
    preferred_sectors: v.preferred_sectors ?? [],
    preferred_states: v.preferred_states ?? [],
    preferred_min_value: toRupees(v.min_cr),
    preferred_max_value: toRupees(v.max_cr),
  };
}

/** The toast after saving them, on the profile page and in My Feed alike. */
export const PROFILE_UPDATED_MESSAGE = "Updated Profile";

/** Server field → form field, to show a field message beside its input. */
export const PREFERENCE_FIELDS: Record<string, string> = { preferred_min_value: "min_cr", preferred_max_value: "max_cr" };

export function PreferencesFields({ options }: { options: UserPreferences["options"] | undefined }) {
  const statuses = options?.statuses?.length ? options.statuses : PROJECT_STATUSES;
  return (
    <>
      <Form.Item name="preferred_proj_status" label="Project statuses to follow" rules={[{ required: true, type: "array", min: 1, message: "Choose at least one project status" }]}>
        <Select mode="multiple" options={asOptions(statuses)} placeholder="Choose statuses" />
      </Form.Item>
      <Form.Item name="preferred_sectors" label="Sectors" extra="Leave empty for every sector.">
        <Select mode="multiple" options={asOptions(options?.sectors)} placeholder="All sectors" />
      </Form.Item>
      <Form.Item name="preferred_states" label="States" extra="Leave empty for all of India.">
        <Select mode="multiple" options={asOptions(options?.states)} placeholder="All states" />
      </Form.Item>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item name="min_cr" label="Value from">
            <InputNumber<number | string> {...croreInput} min={0} step={1} addonAfter="Cr" style={{ width: "100%" }} placeholder="No minimum" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="max_cr"
            label="Value up to"
            dependencies={["min_cr"]}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_, v: number | null | undefined) => {
                  const min = getFieldValue("min_cr") as number | null | undefined;
                  return v == null || min == null || v >= min ? Promise.resolve() : Promise.reject(new Error("Must not be less than the minimum"));
                },
              }),
            ]}
          >
            <InputNumber<number | string> {...croreInput} min={0} step={1} addonAfter="Cr" style={{ width: "100%" }} placeholder="No maximum" />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
