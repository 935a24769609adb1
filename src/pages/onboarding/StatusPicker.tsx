// Preferred project statuses as a set of toggle cards: quick to tap on a phone, clear on a desktop.
// The checkbox is the one check mark of a card (a second icon beside it read as a double tick).
import { Checkbox, Col, Row } from "antd";

export function StatusPicker({ options, value = [], onChange }: { options: string[]; value?: string[]; onChange?: (v: string[]) => void }) {
  return (
    <Checkbox.Group value={value} onChange={(v) => onChange?.(v as string[])} style={{ width: "100%" }}>
      <Row gutter={[12, 12]}>
        {options.map((option) => (
          <Col xs={24} sm={12} key={option}>
            <Checkbox value={option} className={`status-option${value.includes(option) ? " status-option-on" : ""}`}>
              {option}
            </Checkbox>
          </Col>
        ))}
      </Row>
    </Checkbox.Group>
  );
}
