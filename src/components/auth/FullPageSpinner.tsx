import { Flex, Spin } from "antd";

export function FullPageSpinner() {
  return (
    <Flex align="center" justify="center" style={{ minHeight: "60vh" }}>
      <Spin size="large" aria-label="Loading" />
    </Flex>
  );
}
