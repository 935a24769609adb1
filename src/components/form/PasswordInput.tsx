// antd's Input.Password with its show/hide toggle as a real button: antd's own is an icon no
// Tab reaches (issue 21). The sign-in pages have their own field (pages/auth/form/fields.tsx);
// every other password field (profile, team invitation, CRM tokens) uses this one.
import { EyeInvisibleOutlined, EyeOutlined } from "@ant-design/icons";
import { Input } from "antd";
import type { ComponentProps } from "react";
import "./form.css";

export function PasswordInput(props: Omit<ComponentProps<typeof Input.Password>, "iconRender">) {
  return (
    <Input.Password
      {...props}
      // antd clones the toggle and gives it the click handler and its icon class.
      iconRender={(visible) => (
        <button type="button" className="password-reveal" aria-label="Show password" aria-pressed={visible}>
          {visible ? <EyeOutlined aria-hidden /> : <EyeInvisibleOutlined aria-hidden />}
        </button>
      )}
    />
  );
}
