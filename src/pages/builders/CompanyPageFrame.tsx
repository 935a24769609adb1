// The frame the three pages of one company share: the detail frame (loading, 404 page, error)
// around the company read once (company/details/{id}/), its name as the title, a way back.
import type { ReactNode } from "react";
import type { CompanyDetails } from "../../../common/companies";
import { DetailShell } from "../../components/page/DetailShell";
import { useCompany } from "./useCompany";
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

// An unknown company's pages all lead back to the builders list (its own detail would be a 404 too).
const NOT_FOUND_LINK = { to: "/builders", label: "Back to Builders" };

export function CompanyPageFrame({ id, title, titleOf = (c) => c.name, subtitleOf, back, extra, children }: Props) {
  const detail = useCompany(id);
  return (
    <DetailShell detail={detail} title={title} noun="Company" back={back} notFoundLink={NOT_FOUND_LINK} actions={extra} titleOf={titleOf} subtitleOf={subtitleOf}>
      {children}
    </DetailShell>
  );
}
