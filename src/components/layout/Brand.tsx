import { Link } from "react-router";

/** The InfraScout word mark; `compact` shows the initials for a collapsed menu. */
export function Brand({ compact = false, to = "/", light = false }: { compact?: boolean; to?: string; light?: boolean }) {
  return (
    <Link to={to} className={`brand${light ? " brand-light" : ""}`} aria-label="InfraScout home">
      <span className="brand-mark" aria-hidden>
        IS
      </span>
      {!compact && <span className="brand-name">InfraScout</span>}
    </Link>
  );
}
