// The frame of a detail page: the title, the item's id from the route, a way back to its list.
import { ArrowLeftOutlined } from "@ant-design/icons";
import { Card } from "antd";
import { Link, useParams } from "react-router";
import { EmptyState, PageShell } from "./PageShell";

interface Props {
  title: string;
  noun: string;
  back?: { to: string; label: string };
}

export function DetailShell({ title, noun, back }: Props) {
  const { id } = useParams();
  return (
    <PageShell
      title={title}
      subtitle={id ? `${noun} #${id}` : undefined}
      extra={
        back && (
          <Link to={back.to}>
            <ArrowLeftOutlined /> {back.label}
          </Link>
        )
      }
    >
      <Card>
        <EmptyState title={`The ${noun.toLowerCase()}'s details will show here`} />
      </Card>
    </PageShell>
  );
}
