// The frame of the sign-in pages: the brand story on the left (hidden on phones), the form
// on the right.
import { CheckOutlined } from "@ant-design/icons";
import type { ReactNode } from "react";
import { PublicHeader } from "../../components/layout/PublicLayout";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";

export const TAGLINE = "Project and tender leads for construction and industrial business in India";

const POINTS = [
  "Private construction and industrial projects, from planning to commissioning",
  "Builders, owners and verified decision-maker contacts",
  "Live public tenders and award results from government portals",
];

export function AuthShell({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="auth-page">
      <PublicHeader />
      <div className="auth-grid">
        <aside className="auth-story" aria-hidden>
          <div className="auth-story-inner">
            <div className="auth-story-brand">InfraScout</div>
            <p className="auth-story-tagline">{TAGLINE}</p>
            <ul>
              {POINTS.map((p) => (
                <li key={p}>
                  <CheckOutlined /> {p}
                </li>
              ))}
            </ul>
          </div>
        </aside>
        <main className="auth-main">
          {/* A plain box, not antd's Card: Card brings Tabs and Skeleton, which no sign-in page uses. */}
          <div className="auth-card">
            {/* Phones and tablets have no room for the story panel: keep the tagline. */}
            <p className="auth-mobile-tagline">{TAGLINE}</p>
            {/* Plain h1 and p (styled as antd's Title and secondary Paragraph): antd's Typography
                brings its tooltip, text area and copy button to the sign-in pages. */}
            <h1 className="auth-title">{title}</h1>
            {subtitle && <p className="auth-subtitle">{subtitle}</p>}
            {children}
          </div>
        </main>
      </div>
    </div>
  );
}
