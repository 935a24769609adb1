// The sign-in pages' fields and button, in plain markup styled like antd's large controls
// (styles.css, 'Sign-in forms'): a label above, the message under a wrong field — announced, and
// tied to the input — and a submit button that shows it is busy.
import { EyeInvisibleOutlined, EyeOutlined } from "@ant-design/icons";
import { useId, useState, type InputHTMLAttributes, type MouseEvent, type ReactNode } from "react";
import type { FieldProps } from "./useAuthForm";

type InputAttributes = Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "value" | "onChange" | "prefix">;

interface TextFieldProps extends FieldProps, InputAttributes {
  label: string;
  /** An optional field says so beside its label. */
  optional?: boolean;
  prefix?: ReactNode;
  /** Beside the input inside its box (the password's show button). */
  suffix?: ReactNode;
}

export function TextField({ label, optional, prefix, suffix, name, value, error, onChange, type = "text", ...input }: TextFieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  return (
    <div className={`auth-field${error ? " auth-field-wrong" : ""}`}>
      <label htmlFor={id} className="auth-label">
        {label}
        {optional && <span className="auth-optional"> (optional)</span>}
      </label>
      <div className="auth-box">
        {prefix && <span className="auth-affix">{prefix}</span>}
        <input
          id={id}
          name={name}
          value={value}
          onChange={onChange}
          type={type}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? messageId : undefined}
          {...input}
        />
        {suffix}
      </div>
      {/* Always in the page, so a screen reader announces the message as it appears. */}
      <div id={messageId} className="auth-message" role="alert">
        {error}
      </div>
    </div>
  );
}

export function PasswordField(props: Omit<TextFieldProps, "type" | "suffix">) {
  const [shown, setShown] = useState(false);
  const toggle = (
    <button type="button" className="auth-reveal" aria-pressed={shown} aria-label="Show password" onClick={() => setShown(!shown)}>
      {shown ? <EyeOutlined /> : <EyeInvisibleOutlined />}
    </button>
  );
  return <TextField {...props} type={shown ? "text" : "password"} suffix={toggle} />;
}

interface AuthButtonProps {
  busy: boolean;
  children: ReactNode;
  /** The form's submit button (primary); else a plain button that runs onClick. */
  submit?: boolean;
  icon?: ReactNode;
  onClick?: () => void;
  className?: string;
}

export function AuthButton({ busy, children, submit, icon, onClick, className = "" }: AuthButtonProps) {
  // Busy: still focusable and announced as busy, but a second click sends nothing.
  const click = (event: MouseEvent) => {
    if (busy) event.preventDefault();
    else onClick?.();
  };
  return (
    <button
      type={submit ? "submit" : "button"}
      className={`auth-button ${submit ? "auth-button-primary" : ""} ${className}`.trim()}
      aria-busy={busy || undefined}
      aria-disabled={busy || undefined}
      onClick={click}
    >
      {busy ? <span className="auth-button-spinner" aria-hidden /> : icon}
      {children}
    </button>
  );
}

export const SubmitButton = ({ busy, children }: { busy: boolean; children: ReactNode }) => (
  <AuthButton busy={busy} submit>
    {children}
  </AuthButton>
);
