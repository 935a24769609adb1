// Preferred project statuses as a set of toggle cards: quick to tap on a phone, clear on a desktop.
import { CheckCircleFilled } from "@ant-design/icons";
import { Checkbox, Col, Row } from "antd";

export function StatusPicker({ options, value = [], onChange }: { options: string[]; value?: string[]; onChange?: (v: string[]) => void }) {
  return (
    <Checkbox.Group value={value} onChange={(v) => onChange?.(v as string[])} style={{ width: "100%" }}>
      <Row gutter={[12, 12]}>
        {options.map((option) => (
          <Col xs={24} sm={12} key={option}>
            <Checkbox value={option} className={`status-option${value.includes(option) ? " status-option-on" : ""}`}>
              {option}
              {value.includes(option) && <CheckCircleFilled className="status-option-check" aria-hidden />}
            </Checkbox>
          </Col>
        ))}
      </Row>
    </Checkbox.Group>
  );
}
