// The mark of a lead: 'Mark As' when unmarked, else the mark; the menu offers the other marks
// and 'Unmark' (back to unmarked). The new mark shows at once and returns to the old one if
// the server refuses.
import { CheckCircleFilled, DownOutlined, QuestionCircleFilled, StopFilled } from "@ant-design/icons";
import { Button, Dropdown } from "antd";
import { useEffect, useState } from "react";
import { MARK_LABELS, MARKS, type Mark } from "../../../common/constants";
import { useMenuButton } from "../../hooks/useMenuButton";
import { MarkLeads, useSharedMarkLead, type MarkLead } from "./useMarkLead";

const ICONS: Partial<Record<Mark, React.ReactNode>> = {
  shortlisted: <CheckCircleFilled style={{ color: "#2f9e44" }} />,
  tentative: <QuestionCircleFilled style={{ color: "#e8a317" }} />,
  rejected: <StopFilled style={{ color: "#c92a2a" }} />,
};

const asMark = (value: string | null | undefined): Mark => ((MARKS as readonly string[]).includes(value ?? "") ? (value as Mark) : "unmarked");

interface Props {
  id: number;
  mark: string | null | undefined;
  size?: "small" | "middle";
  block?: boolean;
}

/** Inside a MarkLeads provider (a list of leads), the provider's mutation; alone, one of its own. */
export function MarkControl(props: Props) {
  const markLead = useSharedMarkLead();
  return markLead ? (
    <MarkButton {...props} markLead={markLead} />
  ) : (
    <MarkLeads>
      <MarkControl {...props} />
    </MarkLeads>
  );
}

function MarkButton({ id, mark, size = "small", block, markLead }: Props & { markLead: MarkLead }) {
  const [shown, setShown] = useState<Mark>(asMark(mark));
  const [busy, setBusy] = useState(false);
  const menu = useMenuButton();
  useEffect(() => setShown(asMark(mark)), [mark]);

  const choose = (next: Mark) => {
    if (next === shown) return;
    const previous = shown;
    setShown(next);
    setBusy(true);
    markLead(id, next).then(
      () => setBusy(false),
      () => (setShown(previous), setBusy(false)),
    );
  };

  const items = MARKS.filter((m) => m !== shown).map((m) => ({
    key: m,
    icon: ICONS[m],
    label: m === "unmarked" ? "Unmark" : MARK_LABELS[m],
  }));

  return (
    <Dropdown menu={{ items, onClick: ({ key }) => (choose(key as Mark), menu.picked()) }} trigger={["click"]} {...menu.dropdown}>
      <Button
        {...menu.button}
        size={size}
        block={block}
        className={`mark-control mark-${shown}`}
        aria-label={shown === "unmarked" ? MARK_LABELS.unmarked : `Marked ${MARK_LABELS[shown]}`}
        data-mark={shown}
        icon={ICONS[shown]}
        loading={busy}
      >
        {MARK_LABELS[shown]} <DownOutlined style={{ fontSize: 10 }} />
      </Button>
    </Dropdown>
  );
}
