// The frame the three pages of one company share: the company's name as the title, a way back,
// a skeleton while it loads and a plain '404 Not Found' when the id is unknown.
import { ArrowLeftOutlined } from "@ant-design/icons";
import { Card, Skeleton } from "antd";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { CompanyDetails } from "../../../common/companies";
import { EmptyState, PageShell } from "../../components/page/PageShell";
import { NOT_FOUND_MESSAGE } from "../../lib/errorMessages";
import { isNotFound, useCompany } from "./useCompany";
import "./builders.css";

interface Props {
  id: string;
  /** The page's own title before the company is known ('Builder Details'). */
  title: string;
  /** The title once it is: usually the company's name. */
  titleOf?: (company: CompanyDetails) => string;
  subtitleOf?: (company: CompanyDetails) => ReactNode;
  back: { to: string; label: string };
  extra?: ReactNode;
  children: (company: CompanyDetails) => ReactNode;
}

export function CompanyPageFrame({ id, title, titleOf = (c) => c.name, subtitleOf, back, extra, children }: Props) {
  const query = useCompany(id);
  const company = query.data;
  const backNode = (
    <span className="builder-back">
      {extra}
      <Link to={back.to}>
        <ArrowLeftOutlined /> {back.label}
      </Link>
    </span>
  );
  if (query.isPending) {
    return (
      <PageShell title={title} subtitle={`Company #${id}`} extra={backNode}>
        <Card>
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      </PageShell>
    );
  }
  if (query.isError || !company) {
    const notFound = isNotFound(query.error);
    return (
      <PageShell title={title} subtitle={`Company #${id}`} extra={backNode}>
        <Card>
          <EmptyState
            title={notFound ? NOT_FOUND_MESSAGE : "This company could not be loaded"}
            text={
              <>
                {notFound ? "There is no company with this id. It may have been merged into another, or the link is mistyped." : (query.error as Error)?.message}
                <br />
                <Link to={back.to}>Back to {back.label}</Link>
              </>
            }
          />
        </Card>
      </PageShell>
    );
  }
  return (
    <PageShell title={titleOf(company)} subtitle={subtitleOf?.(company)} extra={backNode}>
      {children(company)}
    </PageShell>
  );
}
